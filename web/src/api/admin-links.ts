import { queryOptions } from '@tanstack/react-query';
import type { StoredLinkKind } from '../../../vocabulary/document-links.ts';
import { adminKeys } from './admin.ts';
import { call, rpc } from './client.ts';

/** The back office's links between documents (/api/admin/links, docs/document-links.md). */

export type { LinkCandidate, ReviewedLinkAnswer as ReviewedLink } from '../../../api/shared/link-schemas.ts';

export const linkKeys = { all: [...adminKeys.all, 'links'] as const };

export const proposedLinksQuery = queryOptions({
  queryKey: [...linkKeys.all, 'proposed'],
  queryFn: () => call(rpc.admin.links.proposed.$get()),
  staleTime: 0,
  retry: false,
});

export const policyLinksQuery = (policyId: number) =>
  queryOptions({
    queryKey: [...linkKeys.all, 'policy', policyId],
    queryFn: () => call(rpc.admin.links.$get({ query: { policyId: String(policyId) } })),
    staleTime: 0,
    retry: false,
  });

export const linkCandidatesQuery = (q: string) =>
  queryOptions({
    queryKey: [...linkKeys.all, 'candidates', q],
    queryFn: () => call(rpc.admin.links.candidates.$get({ query: { q } })),
    enabled: q.trim().length >= 2,
    staleTime: 0,
    retry: false,
  });

export const confirmLink = (id: number) => call(rpc.admin.links[':id'].confirm.$post({ param: { id: String(id) } }));
export const removeLink = (id: number) => call(rpc.admin.links[':id'].$delete({ param: { id: String(id) } }));
export const addLink = (link: { fromPolicyId: number; toPolicyId: number; kind: StoredLinkKind }) => call(rpc.admin.links.$post({ json: { ...link, effectiveOn: null } }));
