import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { comparisonQuery } from '../api/policies.ts';
import { withRequireAuth } from '../auth/require-auth.tsx';
import { policyIdOf } from '../policies/policy-id.ts';
import { rootRoute } from './root.tsx';

/** Two versions of a document compared article by article (issue 42 item 5). */
export const policyCompareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/policy/$id/compare/$otherId',
  // As the policy page: the loader fills the cache and never throws; the page shows a refusal.
  loader: ({ context, params }) => {
    const [id, otherId] = [policyIdOf(params.id), policyIdOf(params.otherId)];
    if (id === null || otherId === null) return;
    return context.queryClient.prefetchQuery(comparisonQuery(id, otherId));
  },
  component: withRequireAuth(lazyRouteComponent(() => import('./policy-compare.lazy.tsx'), 'PolicyComparePage')),
});
