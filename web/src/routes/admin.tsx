import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminSearchSchema } from '../admin/admin-tabs.ts';
import { withRequireAdmin } from '../auth/require-admin.tsx';
import { rootRoute } from './root.tsx';

export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  validateSearch: adminSearchSchema,
  component: withRequireAdmin(lazyRouteComponent(() => import('./admin.lazy.tsx'), 'AdminPage')),
});
