import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { subscriptionQuery } from '../api/billing.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import { withRequireAuth } from '../auth/require-auth.tsx';
import { rootRoute } from './root.tsx';

export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  // The Subscription card opens with the plan read. Only for a signed-in reader: a visitor's
  // request would answer 401, and the guard sends the visitor to /login anyway.
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (user) await context.queryClient.prefetchQuery(subscriptionQuery);
  },
  component: withRequireAuth(lazyRouteComponent(() => import('./account.lazy.tsx'), 'AccountPage')),
});
