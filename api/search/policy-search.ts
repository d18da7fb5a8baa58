import type { MultiSearchQuery } from 'meilisearch';
import type { AppDeps } from '../deps.ts';
import type { SearchCriteria, SearchFacets, SearchResponse } from '../shared/search.ts';
import { cropMarker, highlightTags, type FormattedFields } from '../shared/highlight.ts';
import { cardFromDocument, type PolicyCardDocument } from '../shared/policy-card.ts';
import type { AnswerShape, SearchAnswer } from './cached-search.ts';
import { importanceField, importanceRange } from '../../vocabulary/importance.ts';
import { facetFieldOf, type FacetName } from '../../vocabulary/search-index.ts';
import { defaultSort, matchesEveryWord, sortRules } from '../../vocabulary/search-order.ts';
import { anyOf, compare, eitherOf } from './filter.ts';
import { cardFields, passageCropLength, searchableFieldsFor, type SearchReader } from './policy-index.ts';
import { crossLanguageLimit, crossLanguageMatches, crossLanguagePlan, type CrossLanguagePlan } from './cross-language.ts';

const facetNames = Object.keys(facetFieldOf) as FacetName[];


/**
 * The filter of each part of the criteria. Facet parts are kept apart so a facet's counts can be
 * taken under every filter but its own (a department list keeps counting the departments one
 * could add, rather than only the one chosen).
 */
function filterParts(criteria: SearchCriteria): { facets: Partial<Record<FacetName, string[]>>; other: string[] } {
  const facets: Partial<Record<FacetName, string[]>> = {};
  const other: string[] = [];

  if (criteria.departments?.length) {
    const ids = criteria.departments.flatMap((department) => ('id' in department ? [department.id] : []));
    const codes = criteria.departments.flatMap((department) => ('code' in department ? [department.code] : []));
    const either = [...(ids.length ? [anyOf('departmentId', ids)] : []), ...(codes.length ? [anyOf('departmentCode', codes)] : [])];
    facets.departments = [eitherOf(either)];
  }
  if (criteria.industries?.length) facets.industries = [anyOf('industries', criteria.industries)];
  if (criteria.topics?.length) facets.topics = [anyOf('topicCodes', criteria.topics)];
  if (criteria.translation?.length) facets.translation = [anyOf('translationStatus', criteria.translation)];

  const importance: string[] = [];
  if (criteria.minImportance !== undefined && criteria.minImportance > importanceRange.min) importance.push(compare(importanceField, '>=', criteria.minImportance));
  if (criteria.maxImportance !== undefined && criteria.maxImportance < importanceRange.max) importance.push(compare(importanceField, '<=', criteria.maxImportance));
  if (importance.length) facets.importance = importance;

  if (criteria.startDate) other.push(compare('timestamp', '>=', unixSeconds(criteria.startDate)));
  if (criteria.endDate) other.push(compare('timestamp', '<=', unixSeconds(criteria.endDate)));
  return { facets, other };
}

/** The index stores the date as unix seconds at UTC midnight, so a day's bound is that midnight. */
function unixSeconds(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`) / 1000;
}

/** The Chinese matches of an English query, asked with its first page (api/search/cross-language.ts). */
function planFor(criteria: SearchCriteria, reader: SearchReader): CrossLanguagePlan | null {
  return criteria.page === 1 ? crossLanguagePlan(criteria.q, reader, crossLanguageLimit) : null;
}

/** Date order or relevance (by default: relevance with a query, else latest). */
function orderFor(criteria: SearchCriteria): Pick<MultiSearchQuery, 'sort' | 'matchingStrategy'> {
  const sortBy = criteria.sortBy ?? defaultSort(criteria.q);
  if (sortBy === 'relevance') return {};
  return { sort: [sortRules[sortBy]], ...(matchesEveryWord(true, criteria.q) ? { matchingStrategy: 'all' } : {}) };
}

/**
 * The Meilisearch queries for one search: the page of results with the counts of every facet the
 * criteria do not filter, and one count-only query for each facet they do filter. All go in one
 * multi-search, so a search is one round trip.
 */
export function buildPolicySearch(criteria: SearchCriteria, indexUid: string, reader: SearchReader, options: { crossLanguage: boolean } = { crossLanguage: true }): MultiSearchQuery[] {
  // The benchmark asks without it, to compare (api/bench/reading.ts).
  const crossLanguage = options.crossLanguage ? planFor(criteria, reader) : null;
  // Every query of the search, counts included, matches only what the reader may read.
  const attributesToSearchOn = searchableFieldsFor(reader);
  const { facets: facetFilters, other } = filterParts(criteria);
  const filteredFacets = facetNames.filter((name) => facetFilters[name]);
  const filterWithout = (excluded?: FacetName) => {
    const expressions = [...other, ...facetNames.filter((name) => name !== excluded).flatMap((name) => facetFilters[name] ?? [])];
    return expressions.length ? expressions : undefined;
  };

  const page: MultiSearchQuery = {
    indexUid,
    q: criteria.q,
    attributesToSearchOn,
    filter: filterWithout(),
    ...orderFor(criteria),
    page: criteria.page,
    hitsPerPage: criteria.pageSize,
    attributesToRetrieve: [...cardFields],
    facets: facetNames.filter((name) => !facetFilters[name]).map((name) => facetFieldOf[name]),
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
      filter: filterWithout(name),
      limit: 0,
      facets: [facetFieldOf[name]],
    }),
  );
  // Last, so the page and its counts keep their places; under the same filters as the page.
  return [page, ...counts, ...(crossLanguage ? [{ indexUid, filter: page.filter, ...crossLanguage.query }] : [])];
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
    const results = crossLanguage ? allResults.slice(0, -1) : allResults;
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
      ...(crossLanguage ? { crossLanguage: crossLanguageMatches(allResults.at(-1)!, crossLanguage.expansions, new Set(policies.map((policy) => policy.id))) } : {}),
    };
  },
});

export async function searchPolicies(deps: AppDeps, criteria: SearchCriteria, reader: SearchReader): Promise<SearchAnswer<SearchResponse>> {
  const crossLanguage = planFor(criteria, reader);
  return deps.search.search(buildPolicySearch(criteria, deps.search.indexName, reader), reader, searchPageShape(crossLanguage));
}
