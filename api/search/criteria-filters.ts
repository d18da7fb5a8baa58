import type { MultiSearchQuery } from 'meilisearch';
import { importanceField, importanceRange } from '../../vocabulary/importance.ts';
import type { FacetName } from '../../vocabulary/search-index.ts';
import { defaultSort, matchingStrategy, sortRules } from '../../vocabulary/search-order.ts';
import type { SearchCriteria } from '../shared/search.ts';
import { anyOf, compare, eitherOf } from './filter.ts';

/**
 * The search criteria as Meilisearch filters and order, shared by the search page's queries
 * (./policy-search.ts) and an alert rule's match (./policy-match.ts), so both find the same policies.
 */

/**
 * The filter of each part of the criteria. Facet parts are kept apart so a facet's counts can be
 * taken under every filter but its own (a department list keeps counting the departments one
 * could add, rather than only the one chosen).
 */
export function filterParts(criteria: SearchCriteria): { facets: Partial<Record<FacetName, string[]>>; other: string[] } {
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
  if (criteria.effectiveness?.length) facets.effectiveness = [anyOf('effectiveness', criteria.effectiveness)];

  const importance: string[] = [];
  if (criteria.minImportance !== undefined && criteria.minImportance > importanceRange.min) importance.push(compare(importanceField, '>=', criteria.minImportance));
  if (criteria.maxImportance !== undefined && criteria.maxImportance < importanceRange.max) importance.push(compare(importanceField, '<=', criteria.maxImportance));
  if (importance.length) facets.importance = importance;

  if (criteria.startDate) other.push(compare('timestamp', '>=', unixSeconds(criteria.startDate)));
  if (criteria.endDate) other.push(compare('timestamp', '<=', unixSeconds(criteria.endDate)));
  return { facets, other };
}

type FilterParts = ReturnType<typeof filterParts>;

/** Every filter of the parts but `excluded`'s (a facet's counts are taken without its own), or undefined when none. */
export function filterOf({ facets, other }: FilterParts, excluded?: FacetName): string[] | undefined {
  const expressions = [...other, ...Object.entries(facets).flatMap(([name, expressions]) => (name === excluded ? [] : expressions))];
  return expressions.length ? expressions : undefined;
}

/** The index stores the date as unix seconds at UTC midnight, so a day's bound is that midnight. */
function unixSeconds(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`) / 1000;
}

/**
 * Date order or relevance (by default: relevance with a query, else latest), and the one matching
 * strategy every order and every road uses, so the order never changes which policies match.
 */
export function orderFor(criteria: SearchCriteria): Pick<MultiSearchQuery, 'sort' | 'matchingStrategy'> {
  const sortBy = criteria.sortBy ?? defaultSort(criteria.q);
  return { ...(sortBy === 'relevance' ? {} : { sort: [sortRules[sortBy]] }), matchingStrategy };
}
