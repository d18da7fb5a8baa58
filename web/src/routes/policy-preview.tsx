import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { policyQuery } from '../api/policies.ts';
import { policyIdOf } from '../policies/policy-id.ts';
import { rootRoute } from './root.tsx';

/**
 * A policy's public preview (title, description, key points, the call to subscribe), open to
 * visitors: where a feed's items link, since feed readers follow links signed out and the detail
 * page asks a visitor to sign in first (spec). A signed-in reader is taken on to the detail page.
 */
export const policyPreviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/policy/$id/preview',
  loader: ({ context, params }) => {
    const id = policyIdOf(params.id);
    if (id === null) return;
    return context.queryClient.prefetchQuery(policyQuery(id));
  },
  component: lazyRouteComponent(() => import('./policy-preview.lazy.tsx'), 'PolicyPreviewPage'),
});
