import type { QueryClient } from '@tanstack/react-query';
import type { SearchClient } from 'instantsearch.js';
import { answerInstantSearch, type InstantSearchRequest } from '../../../api/shared/instant-search-client.ts';
import { policySearchQuery } from '../api/search.ts';

/** The spec's dashboard search cache: fresh 15 s. */
const freshMs = 15_000;

/**
 * The dashboard's InstantSearch client (api/shared/instant-search-client.ts): the widgets' state
 * read as search criteria and asked of GET /api/search, the search page's own road. Answers are
 * kept by React Query under the criteria's key (shared with the search page's) and fresh for
 * 15 s (spec).
 */
export function createDashboardSearchClient(queryClient: QueryClient): SearchClient {
  return {
    search: (requests) =>
      answerInstantSearch(requests as readonly InstantSearchRequest[], (criteria) =>
        queryClient.fetchQuery({ ...policySearchQuery(criteria), staleTime: freshMs }),
      ) as unknown as ReturnType<SearchClient['search']>,
  };
}
