import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { withRequireAuth } from '../auth/require-auth.tsx';
import { rootRoute } from './root.tsx';

/** The router parses "2024" in a query string as a number; search text is always text. */
const searchText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string());

export const dashboardSearchSchema = z.object({
  q: searchText.optional().catch(undefined),
});

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  validateSearch: dashboardSearchSchema,
  // InstantSearch and confetti live in this chunk only, never in the landing page's.
  component: withRequireAuth(lazyRouteComponent(() => import('./dashboard.lazy.tsx'), 'DashboardPage')),
});
