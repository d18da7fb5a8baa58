import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { withRequireAdmin } from '../auth/require-admin.tsx';
import { rootRoute } from './root.tsx';

export const adminTabs = ['dashboard', 'policies', 'users', 'stories', 'tools'] as const;
export type AdminTab = (typeof adminTabs)[number];

/** The open tab lives in the address, so a reload or a shared link keeps it. */
export const adminSearchSchema = z.object({
  tab: z.enum(adminTabs).optional().catch(undefined),
});

export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  validateSearch: adminSearchSchema,
  component: withRequireAdmin(lazyRouteComponent(() => import('./admin.lazy.tsx'), 'AdminPage')),
});
