import { queryOptions } from '@tanstack/react-query';
import type { PolicyCard } from '../../../api/shared/search.ts';
import { call, rpc } from './client.ts';

/** What the top bar ticker shows, from GET /api/policies/paginated. */
export type LatestPolicy = PolicyCard;

const storageKey = 'latestPolicies';
const reuseMs = 5 * 60_000;

type StoredLatest = { savedAt: number; policies: LatestPolicy[] };

function readStored(): LatestPolicy[] | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as StoredLatest | null;
    return stored && Date.now() - stored.savedAt < reuseMs ? stored.policies : null;
  } catch (error) {
    console.warn('Could not read cached latest policies', error);
    return null;
  }
}

function store(policies: LatestPolicy[]) {
  try {
    localStorage.setItem(storageKey, JSON.stringify({ savedAt: Date.now(), policies } satisfies StoredLatest));
  } catch (error) {
    console.warn('Could not cache latest policies', error);
  }
}

/** The three latest policies, reused from browser storage for 5 minutes (spec section 7). */
export const latestPoliciesQuery = queryOptions({
  queryKey: ['policies', 'latest'],
  queryFn: async (): Promise<LatestPolicy[]> => {
    const cached = readStored();
    if (cached) return cached;
    const { policies } = await call(rpc.policies.paginated.$get({ query: { page: '1', pageSize: '3', sortOrder: 'latest' } }));
    store(policies);
    return policies;
  },
  staleTime: reuseMs,
  gcTime: 60 * 60_000,
});
