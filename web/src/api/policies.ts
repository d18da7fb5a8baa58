import { queryOptions } from '@tanstack/react-query';
import { call, rpc } from './client.ts';

export const policyKeys = {
  all: ['policies'] as const,
  detail: (id: number) => [...policyKeys.all, id] as const,
  related: (id: number) => [...policyKeys.all, id, 'related'] as const,
};

/**
 * GET /api/policies/{id}: the full policy for a subscriber, or `preview: true` with only the title,
 * description and key points for a reader without an active or trialing subscription.
 */
export function policyQuery(id: number) {
  return queryOptions({
    queryKey: policyKeys.detail(id),
    queryFn: () => call(rpc.policies[':id'].$get({ param: { id: String(id) } })),
    // Whether the reader is entitled can change (a subscription starts), so the page rereads it on each visit.
    staleTime: 0,
  });
}

export function relatedPoliciesQuery(id: number) {
  return queryOptions({
    queryKey: policyKeys.related(id),
    queryFn: () => call(rpc.policies[':id'].related.$get({ param: { id: String(id) }, query: {} })),
  });
}

/** GET /api/policies/{id}/compare/{otherId}: two versions of a document aligned article by article (readers of the full text only). */
export function comparisonQuery(id: number, otherId: number) {
  return queryOptions({
    queryKey: [...policyKeys.detail(id), 'compare', otherId] as const,
    queryFn: () => call(rpc.policies[':id'].compare[':otherId'].$get({ param: { id: String(id), otherId: String(otherId) } })),
  });
}
