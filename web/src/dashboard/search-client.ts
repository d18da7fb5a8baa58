import { instantMeiliSearch, type InstantMeiliSearchInstance } from '@meilisearch/instant-meilisearch';
import type { QueryClient } from '@tanstack/react-query';
import { cropMarker, highlightTags } from '../../../api/shared/highlight.ts';
import { policyCardFields } from '../../../api/shared/search.ts';
import { searchKeys } from '../api/search.ts';


const freshMs = 15_000;

/**
 * The dashboard's InstantSearch client: instant-meilisearch pointed at the API's guarded,
 * Meilisearch-compatible endpoint (the session cookie is the credential; the browser never holds
 * a Meilisearch key, so the key here is a placeholder). Answers are cached by React Query under
 * ['search', 'dashboard', requests] and fresh for 15 s (spec), instead of instant-meilisearch's
 * own cache, which would keep them for the page's lifetime.
 */
export function createDashboardSearchClient(queryClient: QueryClient): InstantMeiliSearchInstance {
  const { searchClient } = instantMeiliSearch(`${window.location.origin}/api/search`, 'session', {
    finitePagination: true,
    primaryKey: 'id',
    requestConfig: { credentials: 'same-origin' },
    meiliSearchParams: {
      attributesToRetrieve: [...policyCardFields],
      // The card shows where a query matched: title, description, a key point, or (for a reader
      // entitled to it; the API drops the ask for anyone else) a passage of the translation.
      attributesToHighlight: ['title', 'description', 'keyPoints', 'englishTranslation'],
      attributesToCrop: ['englishTranslation'],
      cropMarker,
      ...highlightTags,
    },
  });
  return {
    ...searchClient,
    search: (requests) =>
      queryClient.fetchQuery({
        queryKey: searchKeys.dashboard(requests),
        queryFn: () => {
          searchClient.clearCache();
          return searchClient.search(requests);
        },
        staleTime: freshMs,
      }),
  } as InstantMeiliSearchInstance;
}
