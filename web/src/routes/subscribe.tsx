import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withRequireAuth } from '../auth/require-auth.tsx';
import { rootRoute } from './root.tsx';

export const subscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/subscribe',
  component: withRequireAuth(lazyRouteComponent(() => import('./subscribe.lazy.tsx'), 'SubscribePage')),
});
