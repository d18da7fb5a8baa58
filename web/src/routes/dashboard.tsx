import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { industriesQuery } from '../api/reference.ts';
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
  // The cards' industry colours come from the reference list; loaded with the page's chunk, so
  // the first results show their colours at once.
  loader: ({ context }) => context.queryClient.ensureQueryData(industriesQuery),
  // InstantSearch and confetti live in this chunk only, never in the landing page's.
  component: withRequireAuth(lazyRouteComponent(() => import('./dashboard.lazy.tsx'), 'DashboardPage')),
});
