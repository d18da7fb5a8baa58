import type { MultiSearchQuery } from 'meilisearch';
import type { AppDeps } from '../deps.ts';
import type { SearchCriteria, SearchFacets, SearchResponse } from '../shared/search.ts';
import { cropMarker, highlightTags, type FormattedFields } from '../shared/highlight.ts';
import { cardFromDocument, type PolicyCardDocument } from '../shared/policy-card.ts';
import type { AnswerShape, SearchAnswer } from './cached-search.ts';
import { facetFieldOf, type FacetName } from '../../vocabulary/search-index.ts';
import { filterParts, orderFor } from './criteria-filters.ts';
import { cardFields, passageCropLength, searchableFieldsFor, type SearchReader } from './policy-index.ts';

const facetNames = Object.keys(facetFieldOf) as FacetName[];


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
