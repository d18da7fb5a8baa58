import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loginSearchSchema } from '../auth/safe-redirect.ts';
import { rootRoute } from './root.tsx';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearchSchema,
  component: lazyRouteComponent(() => import('./login.lazy.tsx'), 'LoginPage'),
});
