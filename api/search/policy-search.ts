import type { MultiSearchQuery } from 'meilisearch';
import type { AppDeps } from '../app-deps.ts';
import type { CrossLanguageMatches, SearchCriteria, SearchFacets, SearchResponse } from '../shared/search.ts';
import { cropMarker, highlightTags, type FormattedFields } from '../shared/highlight.ts';
import { cardFromDocument, type PolicyCardDocument } from '../shared/policy-card.ts';
import type { AnswerShape, PreparedSearch, SearchAnswer } from './cached-search.ts';
import { facetFieldOf, type FacetName } from '../../vocabulary/search-index.ts';
import { filterOf, filterParts, orderFor } from './criteria-filters.ts';
import { buildChineseMatch, buildPolicyMatch } from './policy-match.ts';
import { cardFields, passageCropLength, searchableFieldsFor, type SearchReader } from './policy-index.ts';
import { crossLanguageLimit, crossLanguageMatches, crossLanguagePlan, type CrossLanguagePlan } from './cross-language.ts';

const facetNames = Object.keys(facetFieldOf) as FacetName[];

/** The Chinese matches of an English query, asked with its first page (api/search/cross-language.ts). */
export async function crossLanguagePlanFor(deps: Pick<AppDeps, 'search' | 'llmTerms'>, criteria: SearchCriteria, reader: SearchReader): Promise<CrossLanguagePlan | null> {
  return criteria.page === 1 ? crossLanguagePlan(deps.search, criteria.q, reader, crossLanguageLimit, deps.llmTerms) : null;
}

/**
 * The Meilisearch queries for one search: the page of results with the counts of every facet the
 * criteria do not filter, and one count-only query for each facet they do filter. All go in one
 * multi-search, so a search is one round trip.
 */
export function buildPolicySearch(
  criteria: SearchCriteria,
  indexUid: string,
  reader: SearchReader,
  // Only the search page asks for Chinese matches; the exports' and saved searches' pages and
  // counts don't need them, so they don't segment the query for nothing.
  { crossLanguage = null }: { crossLanguage?: CrossLanguagePlan | null } = {},
): MultiSearchQuery[] {
  // Every query of the search, counts included, matches only what the reader may read.
  const attributesToSearchOn = searchableFieldsFor(reader);
  // Made once: the page and each facet's count combine them.
  const parts = filterParts(criteria);
  const filteredFacets = facetNames.filter((name) => parts.facets[name]);

  const page: MultiSearchQuery = {
    indexUid,
    q: criteria.q,
    attributesToSearchOn,
    filter: filterOf(parts),
    ...orderFor(criteria),
    page: criteria.page,
    hitsPerPage: criteria.pageSize,
    attributesToRetrieve: [...cardFields],
    facets: facetNames.filter((name) => !parts.facets[name]).map((name) => facetFieldOf[name]),
    ...(criteria.q
      ? {
          // Descriptions are short: highlighted whole and cut here. Key points (public) and, for
          // a reader entitled to it, the full translation are where a match the card would not
          // show is found; the translation is cropped by Meilisearch, never sent whole.
          attributesToHighlight: ['title', 'description', 'keyPoints', ...(reader.entitled ? ['englishTranslation'] : [])],
          ...(reader.entitled ? { attributesToCrop: ['englishTranslation'], cropLength: passageCropLength, cropMarker } : {}),
          ...highlightTags,
        }
      : {}),
  };
  const counts = filteredFacets.map(
    (name): MultiSearchQuery => ({
      indexUid,
      q: criteria.q,
      attributesToSearchOn,
      matchingStrategy: page.matchingStrategy,
      filter: filterOf(parts, name),
      limit: 0,
      facets: [facetFieldOf[name]],
    }),
  );
  // Last, so the page and its counts keep their places; under the same filters as the page.
  return [page, ...counts, ...(crossLanguage?.queries ?? []).map((query) => ({ indexUid, filter: page.filter, ...query }))];
}

/**
 * A search page's answer from its results alone (AnswerShape): the page and its size are the
 * ones Meilisearch answered for (the queries ask by page), so an answer kept in memory holds
 * nothing the key does not.
 */
const searchPageShape = (crossLanguage: CrossLanguagePlan | null): AnswerShape<PolicyCardDocument, SearchResponse> => ({
  // The plan is a function of the query, which the answer's key holds: one name serves every plan.
  name: 'search page',
  build(allResults) {
    const chineseResults = crossLanguage ? allResults.slice(allResults.length - crossLanguage.queries.length) : [];
    const results = allResults.slice(0, allResults.length - chineseResults.length);
    const page = results[0]!;
    const distribution = Object.assign({}, ...results.map((result) => result.facetDistribution ?? {})) as Record<string, Record<string, number>>;
    const facets = Object.fromEntries(facetNames.map((name) => [name, distribution[facetFieldOf[name]] ?? {}])) as SearchFacets;
    const total = page.totalHits ?? 0;
    const pageSize = page.hitsPerPage!;
    const policies = page.hits.map((hit) => cardFromDocument(hit, hit._formatted as FormattedFields | undefined));
    return {
      policies,
      total,
      page: page.page!,
      pageSize,
      totalPages: page.totalPages ?? Math.ceil(total / pageSize),
      facets,
      ...(crossLanguage ? { crossLanguage: crossLanguageMatches(chineseResults, crossLanguage, new Set(policies.map((policy) => policy.id)), crossLanguageLimit) } : {}),
    };
  },
});

/** The Chinese matches' answer (AnswerShape): every hit, as nothing is shown beside them on this road. */
const chineseMatchesShape = (plan: CrossLanguagePlan, limit = crossLanguageLimit): AnswerShape<PolicyCardDocument, CrossLanguageMatches> => ({
  name: 'chinese matches',
  build: (results) => crossLanguageMatches(results, plan, new Set(), limit),
});

/**
 * The Chinese matches of the criteria's English query alone, under the same filters: the
 * dashboard asks for them beside its InstantSearch results (a Meilisearch-compatible road that
 * cannot carry an extra query), and leaves out the ones its page already shows.
 */
export async function searchChineseMatches(deps: AppDeps, criteria: SearchCriteria, reader: SearchReader): Promise<SearchAnswer<CrossLanguageMatches>> {
  if (!criteria.q || !reader.entitled) return noChineseMatches;
  // Keyed by the criteria, so a kept answer costs no plan (segmenting, dictionary, counts).
  return deps.search.answer(`chinese matches\n${JSON.stringify(criteria)}`, reader, async () => {
    const plan = await crossLanguagePlan(deps.search, criteria.q, reader, crossLanguageLimit, deps.llmTerms);
    // No Chinese equivalent found in the index: no query, the same empty answer.
    return plan ? { queries: buildChineseMatchesSearch(criteria, deps.search.indexName, plan), shape: chineseMatchesShape(plan) } : noChineseMatchesSearch;
  });
}

/** The queries of the Chinese matches: the plan's, under the criteria's filters. */
export function buildChineseMatchesSearch(criteria: SearchCriteria, indexUid: string, plan: CrossLanguagePlan): MultiSearchQuery[] {
  const filter = filterOf(filterParts(criteria));
  return plan.queries.map((query) => ({ indexUid, filter, ...query }));
}

/**
 * The criteria's Chinese matches in the criteria's order, up to `limit`: a feed's (newest first)
 * beside its English entries. The same plan and filters as the search page's Chinese matches.
 */
export async function chineseMatchesInOrder(deps: AppDeps, criteria: SearchCriteria, reader: SearchReader, limit: number): Promise<SearchAnswer<CrossLanguageMatches>> {
  if (!criteria.q || !reader.entitled) return noChineseMatches;
  return deps.search.answer(`chinese matches in order\n${limit}\n${JSON.stringify(criteria)}`, reader, async () => {
    const plan = await crossLanguagePlan(deps.search, criteria.q, reader, limit, deps.llmTerms);
    const { sort } = orderFor(criteria);
    return plan
      ? { queries: buildChineseMatchesSearch(criteria, deps.search.indexName, plan).map((query) => ({ ...query, ...(sort ? { sort } : {}) })), shape: chineseMatchesShape(plan, limit) }
      : noChineseMatchesSearch;
  });
}

/** Policies found only in their Chinese text that a count counts exactly; beyond, it counts this many. */
export const chineseOnlyCountLimit = 5000;

const idsShape: AnswerShape<{ id: number }, number[]> = {
  name: 'ids',
  build: (results) => [...new Set(results.flatMap((result) => result.hits.map((hit) => hit.id)))],
};

/**
 * How many policies the criteria's search finds only in their Chinese text: its Chinese matches
 * (the search page's plan, under the same filters) that its English query does not find. A saved
 * search counts them beside its English matches, as its alert and feed find them.
 */
export async function countChineseOnly(deps: Pick<AppDeps, 'search' | 'llmTerms'>, criteria: SearchCriteria, reader: SearchReader): Promise<number> {
  if (!criteria.q || !reader.entitled) return 0;
  const { search } = deps;
  const answer = await search.answer(`chinese-only count\n${JSON.stringify(criteria)}`, reader, async () => {
    const plan = await crossLanguagePlan(search, criteria.q, reader, crossLanguageLimit, deps.llmTerms);
    if (!plan) return noCountSearch;
    const ids = (await search.search(buildChineseMatch(plan, criteria, search.indexName, { limit: chineseOnlyCountLimit }), reader, idsShape)).value;
    if (ids.length === 0) return noCountSearch;
    // Of those, the ones the English query finds too, counted exactly (a page of none).
    const { limit: _, ...english } = buildPolicyMatch(criteria, search.indexName, reader, ids);
    return {
      queries: [{ ...english, page: 1, hitsPerPage: 0 }],
      // The ids are the query's filter: the count is a function of the query.
      shape: { name: 'chinese-only count', build: ([inEnglish]) => ids.length - (inEnglish?.totalHits ?? 0) },
    };
  });
  return answer.value;
}

const noCountSearch: PreparedSearch<unknown, number> = { queries: [], shape: { name: 'no chinese-only count', build: () => 0 } };

const noMatches: CrossLanguageMatches = { matched: [], policies: [] };
const noChineseMatches: SearchAnswer<CrossLanguageMatches> = { value: noMatches, json: JSON.stringify(noMatches) };
const noChineseMatchesSearch: PreparedSearch<PolicyCardDocument, CrossLanguageMatches> = { queries: [], shape: { name: 'no chinese matches', build: () => noMatches } };

export async function searchPolicies(deps: AppDeps, criteria: SearchCriteria, reader: SearchReader): Promise<SearchAnswer<SearchResponse>> {
  // Keyed by the criteria, so a kept answer costs no plan and no query building.
  return deps.search.answer(`search page\n${JSON.stringify(criteria)}`, reader, async () => {
    // Made once: the query asks for it and the answer's shape reads it.
    const crossLanguage = await crossLanguagePlanFor(deps, criteria, reader);
    return { queries: buildPolicySearch(criteria, deps.search.indexName, reader, { crossLanguage }), shape: searchPageShape(crossLanguage) };
  });
}
