import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withRequireAuth } from '../auth/require-auth.tsx';
import { rootRoute } from './root.tsx';

export const policyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/policy/$id',
  component: withRequireAuth(lazyRouteComponent(() => import('./policy.lazy.tsx'), 'PolicyPage')),
});
