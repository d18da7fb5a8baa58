import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withRequireAuth } from '../auth/require-auth.tsx';
import { rootRoute } from './root.tsx';

export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  component: withRequireAuth(lazyRouteComponent(() => import('./account.lazy.tsx'), 'AccountPage')),
});
