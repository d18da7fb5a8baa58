import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withRequireAdmin } from '../auth/require-admin.tsx';
import { rootRoute } from './root.tsx';

export const auditTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/audit-test',
  component: withRequireAdmin(lazyRouteComponent(() => import('../audit/audit-page.tsx'), 'AuditPage')),
});
