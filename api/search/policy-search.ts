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
export function buildPolicySearch(criteria: SearchCriteria, indexUid: string, reader: SearchReader): MultiSearchQuery[] {
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
  return [page, ...counts];
}

/**
 * A search page's answer from its results alone (AnswerShape): the page and its size are the
 * ones Meilisearch answered for (the queries ask by page), so an answer kept in memory holds
 * nothing the key does not.
 */
const searchPageShape: AnswerShape<PolicyCardDocument, SearchResponse> = {
  name: 'search page',
  build(results) {
    const page = results[0]!;
    const distribution = Object.assign({}, ...results.map((result) => result.facetDistribution ?? {})) as Record<string, Record<string, number>>;
    const facets = Object.fromEntries(facetNames.map((name) => [name, distribution[facetFieldOf[name]] ?? {}])) as SearchFacets;
    const total = page.totalHits ?? 0;
    const pageSize = page.hitsPerPage!;
    return {
      policies: page.hits.map((hit) => cardFromDocument(hit, hit._formatted as FormattedFields | undefined)),
      total,
      page: page.page!,
      pageSize,
      totalPages: page.totalPages ?? Math.ceil(total / pageSize),
      facets,
    };
  },
};

export async function searchPolicies(deps: AppDeps, criteria: SearchCriteria, reader: SearchReader): Promise<SearchAnswer<SearchResponse>> {
  return deps.search.search(buildPolicySearch(criteria, deps.search.indexName, reader), reader, searchPageShape);
}

/**
 * The query that tells which of `policyIds` a search would show (an alert rule's matching): the
 * same text, filters, matching strategy and reader's fields as the search page, restricted to the
 * ids by a filter, answering ids only.
 */
export function buildPolicyMatch(criteria: SearchCriteria, indexUid: string, reader: SearchReader, policyIds: readonly number[]): MultiSearchQuery {
  const { facets, other } = filterParts(criteria);
  return {
    indexUid,
    q: criteria.q,
    attributesToSearchOn: searchableFieldsFor(reader),
    filter: [anyOf('id', policyIds), ...other, ...Object.values(facets).flat()],
    matchingStrategy: orderFor(criteria).matchingStrategy,
    limit: policyIds.length,
    attributesToRetrieve: ['id'],
  };
}
