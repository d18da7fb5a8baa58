import { importanceField } from '../../vocabulary/importance.ts';
import { facetFieldOf, type FacetName } from '../../vocabulary/search-index.ts';
import { sortOfInstantSearchIndex } from '../../vocabulary/search-order.ts';
import { criteriaParams } from './criteria-params.ts';
import { searchQuerySchema, type HighlightPart, type PolicyCard, type SearchCriteria, type SearchResponse } from './search.ts';

/**
 * The dashboard's InstantSearch client (decision 012): react-instantsearch's documented custom
 * search client, `search(requests)`. It reads each request the widgets make (the query, the
 * refinement lists' values, the two ranges, the page, the page size and the order, which the
 * sort-by widget names as an index) as search criteria, asks the API's one search for them, and
 * hands its answer back in the shape the widgets read (hits, nbHits, page, nbPages, hitsPerPage,
 * facets). The server builds the query; nothing here writes a Meilisearch filter.
 *
 * Shared with the web app (which sends the criteria to GET /api/search) and the tests (which send
 * them into the app), so both exercise the same client.
 */

/** One request as InstantSearch's helper writes it (the Algolia search parameters it uses). */
export type InstantSearchRequest = { indexName: string; params?: InstantSearchParams };
type InstantSearchParams = {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string | string[];
  /** `attribute:value` strings; an inner list is "any of". */
  facetFilters?: string | (string | string[])[];
  /** `attribute>=number` strings. */
  numericFilters?: string | (string | string[])[];
  highlightPreTag?: string;
  highlightPostTag?: string;
};

/** A hit: the card the API answered (highlights included), with the id InstantSearch keys hits by. */
export type PolicyHit = PolicyCard & {
  objectID: string;
  _highlightResult: Record<'title' | 'description', { value: string; matchLevel: 'full' | 'none'; matchedWords: string[] }>;
};

export type InstantSearchResult = {
  index: string;
  query: string;
  params: string;
  hits: PolicyHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  exhaustiveFacetsCount: true;
  exhaustiveNbHits: true;
  processingTimeMS: number;
};

const facetOfAttribute = new Map(Object.entries(facetFieldOf).map(([name, attribute]) => [attribute as string, name as FacetName]));

function list<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The helper escapes a value's leading "-" (which Algolia would read as "not"). */
const unescapeValue = (value: string) => value.replace(/^\\-/, '-');

const isoDay = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * The criteria of one InstantSearch request, checked by the search's own parsing
 * (searchQuerySchema): a value the API would refuse is refused here too, before it is sent.
 */
export function criteriaOfInstantSearch(request: InstantSearchRequest): SearchCriteria {
  const params = request.params ?? {};
  const lists: Partial<Record<FacetName, string[]>> = {};
  for (const filter of list(params.facetFilters).flatMap((entry) => list(entry))) {
    const separator = filter.indexOf(':');
    const facet = facetOfAttribute.get(filter.slice(0, separator));
    if (separator < 0 || !facet) throw new Error(`the dashboard cannot filter by ${JSON.stringify(filter)}`);
    (lists[facet] ??= []).push(unescapeValue(filter.slice(separator + 1)));
  }
  const ranges: Partial<Pick<SearchCriteria, 'minImportance' | 'maxImportance' | 'startDate' | 'endDate'>> = {};
  for (const filter of list(params.numericFilters).flatMap((entry) => list(entry))) {
    const parsed = /^([A-Za-z]+)(>=|<=)(-?\d+(?:\.\d+)?)$/.exec(filter);
    const [, attribute, operator, value] = parsed ?? [];
    if (attribute === importanceField) ranges[operator === '>=' ? 'minImportance' : 'maxImportance'] = Number(value);
    else if (attribute === 'timestamp') ranges[operator === '>=' ? 'startDate' : 'endDate'] = isoDay(Number(value));
    else throw new Error(`the dashboard cannot filter by ${JSON.stringify(filter)}`);
  }
  return searchQuerySchema.parse(
    criteriaParams({
      q: params.query,
      departments: lists.departments?.map((code) => ({ code })),
      industries: lists.industries,
      topics: lists.topics,
      translation: lists.translation as SearchCriteria['translation'],
      effectiveness: lists.effectiveness as SearchCriteria['effectiveness'],
      ...ranges,
      sortBy: sortOfInstantSearchIndex(request.indexName),
      page: (params.page ?? 0) + 1,
      pageSize: params.hitsPerPage as SearchCriteria['pageSize'] | undefined,
    }),
  );
}

/** Highlighted parts as InstantSearch's highlight result, with the request's markers. */
function highlightResult(parts: HighlightPart[] | undefined, plain: string, params: InstantSearchParams) {
  if (!parts) return { value: plain, matchLevel: 'none' as const, matchedWords: [] };
  const [pre, post] = [params.highlightPreTag ?? '<mark>', params.highlightPostTag ?? '</mark>'];
  return {
    value: parts.map((part) => (part.match ? `${pre}${part.text}${post}` : part.text)).join(''),
    matchLevel: parts.some((part) => part.match) ? ('full' as const) : ('none' as const),
    matchedWords: parts.filter((part) => part.match).map((part) => part.text),
  };
}

/** The API's answer in the shape InstantSearch reads; its page is 0-based, the API's 1-based. */
export function instantSearchResultOf(answer: SearchResponse, request: InstantSearchRequest): InstantSearchResult {
  const params = request.params ?? {};
  return {
    index: request.indexName,
    query: params.query ?? '',
    params: '',
    hits: answer.policies.map((card) => ({
      ...card,
      objectID: String(card.id),
      _highlightResult: {
        title: highlightResult(card.highlight?.title, card.title, params),
        description: highlightResult(card.highlight?.description, card.description, params),
      },
    })),
    nbHits: answer.total,
    page: answer.page - 1,
    nbPages: answer.totalPages,
    hitsPerPage: answer.pageSize,
    facets: Object.fromEntries(Object.entries(answer.facets).map(([name, counts]) => [facetFieldOf[name as FacetName], counts])),
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    processingTimeMS: 0,
  };
}

/**
 * The facet a refined list's own request counts: InstantSearch asks each refined list's counts
 * without its own refinement (one value more can always be added). The API's answer already holds
 * them (each facet counted under every filter but its own), so that request is answered from the
 * page's answer instead of being sent.
 */
function countedFacet(request: InstantSearchRequest): string | undefined {
  const facets = list(request.params?.facets);
  return request.params?.hitsPerPage === 0 && facets.length === 1 ? facets[0] : undefined;
}

/**
 * Answers InstantSearch's requests with one search per distinct set of criteria, `search` asking
 * the API: a refined list's count request is answered from the page it counts for.
 */
export async function answerInstantSearch(
  requests: readonly InstantSearchRequest[],
  search: (criteria: SearchCriteria) => Promise<SearchResponse>,
): Promise<{ results: InstantSearchResult[] }> {
  const pages = requests.filter((request) => countedFacet(request) === undefined);
  const answers = new Map<InstantSearchRequest, Promise<SearchResponse>>(pages.map((request) => [request, search(criteriaOfInstantSearch(request))]));
  const results = await Promise.all(
    requests.map(async (request) => {
      const page = answers.has(request) ? request : pages.find((candidate) => candidate.indexName === request.indexName);
      if (!page) throw new Error(`no page request to count ${countedFacet(request)} for`);
      return instantSearchResultOf(await answers.get(page)!, page === request ? request : { ...page, params: { ...page.params, ...request.params } });
    }),
  );
  return { results };
}
