import { publicIndexUid } from './search-index.ts';

/**
 * The orders a reader chooses between, on the search page and the dashboard: `latest` and
 * `oldest` by publication date (the spec's two choices), `relevance` Meilisearch's ranking.
 */
export const searchSorts = ['latest', 'oldest', 'relevance'] as const;
export type SearchSort = (typeof searchSorts)[number];

/** How each order reads wherever a reader chooses it (the spec's "Latest First, Oldest First"). */
export const searchSortLabels: Record<SearchSort, string> = { relevance: 'Most relevant', latest: 'Latest First', oldest: 'Oldest First' };

/** The orders offered, as listed: "Most relevant" first, and only when there is a query to rank by. */
export function sortsOffered(hasQuery: boolean): SearchSort[] {
  return hasQuery ? ['relevance', 'latest', 'oldest'] : ['latest', 'oldest'];
}

/** Each date order as a Meilisearch sort rule; relevance has none. */
export const sortRules = { latest: 'timestamp:desc', oldest: 'timestamp:asc' } as const;

/** The default order: relevance when there is a query to rank by, else latest first. */
export function defaultSort(query: string | undefined): SearchSort {
  return query ? 'relevance' : 'latest';
}

/**
 * The order a search is shown in: the one chosen, else the default. "Most relevant" is offered
 * only with a query; without one there is nothing to rank by, and it falls back to the default.
 */
export function shownSort(chosen: SearchSort | undefined, query: string | undefined): SearchSort {
  return chosen === undefined || (chosen === 'relevance' && !query) ? defaultSort(query) : chosen;
}

/**
 * The order once the query changes under a standing choice (the dashboard keeps its choice while
 * one types): a query arriving in an empty box moves the default order to the query's default;
 * an order chosen while a query stands is kept, and losing the query drops "Most relevant".
 */
export function sortAfterQueryChange(sort: SearchSort, previousQuery: string | undefined, query: string | undefined): SearchSort {
  if (!previousQuery && sort === defaultSort(previousQuery)) return defaultSort(query);
  return shownSort(sort, query);
}

/**
 * A query means one set of policies whatever its order and wherever it is asked (the search page,
 * the dashboard, a saved search's count, its alerts and feed, exports, /api/v1): every word of the
 * query must match (typos and prefixes still allowed), as the spec's "partial matching" promises.
 * The order only orders that set (decision 012).
 */
export const matchingStrategy = 'all' as const;

/**
 * The dashboard's InstantSearch widgets name an order by index (its sort-by widget's convention):
 * `policies` is relevance, `policies:<sort rule>` a date order. Its client reads the name back as
 * the criteria's order (api/shared/instant-search-client.ts).
 */
/** The InstantSearch index name of an order. */
export function instantSearchIndexOf(sort: SearchSort): string {
  return sort === 'relevance' ? publicIndexUid : `${publicIndexUid}:${sortRules[sort]}`;
}

/** The order an InstantSearch index name stands for; `latest` for any other name. */
export function sortOfInstantSearchIndex(index: string | undefined): SearchSort {
  return searchSorts.find((sort) => instantSearchIndexOf(sort) === index) ?? 'latest';
}

