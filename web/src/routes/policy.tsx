import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { policyQuery, relatedPoliciesQuery } from '../api/policies.ts';
import { withRequireAuth } from '../auth/require-auth.tsx';
import { policyIdOf } from '../policies/policy-id.ts';
import { policySearchSchema } from '../policies/policy-search.ts';
import { rootRoute } from './root.tsx';

export const policyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/policy/$id',
  validateSearch: policySearchSchema,
  // The page opens with the policy read. A read that fails (a 404 above all) is the page's to
  // show, after the sign-in guard has had its say, so the loader only fills the cache and never throws.
  loader: ({ context, params }) => {
    const id = policyIdOf(params.id);
    if (id === null) return;
    return Promise.all([context.queryClient.prefetchQuery(policyQuery(id)), context.queryClient.prefetchQuery(relatedPoliciesQuery(id))]);
  },
  component: withRequireAuth(lazyRouteComponent(() => import('./policy.lazy.tsx'), 'PolicyPage')),
});
