import type { MultiSearchQuery } from 'meilisearch';
import type { SearchCriteria } from '../shared/search.ts';
import { filterOf, filterParts, orderFor } from './criteria-filters.ts';
import type { CrossLanguagePlan } from './cross-language.ts';
import { anyOf } from './filter.ts';
import { searchableFieldsFor, type SearchReader } from './policy-index.ts';

/**
 * The query that tells which of `policyIds` a search would show (an alert rule's matching): the
 * search page's text, filters, matching strategy and reader's fields (./criteria-filters.ts, as
 * ./policy-search.ts uses them), restricted to the ids by a filter, answering ids only.
 */
export function buildPolicyMatch(criteria: SearchCriteria, indexUid: string, reader: SearchReader, policyIds: readonly number[]): MultiSearchQuery {
  return {
    indexUid,
    q: criteria.q,
    attributesToSearchOn: searchableFieldsFor(reader),
    filter: [anyOf('id', policyIds), ...(filterOf(filterParts(criteria)) ?? [])],
    matchingStrategy: orderFor(criteria).matchingStrategy,
    limit: policyIds.length,
    attributesToRetrieve: ['id'],
  };
}

/**
 * The queries of the search's Chinese matches, for ids only: the cross-language plan's queries
 * (./cross-language.ts, the search page's own), under the same filters, one per combination in the
 * plan's order. Restricted to `policyIds` when given (an alert rule's matching: which of a batch
 * the Chinese matches would show), answering up to `limit` ids.
 */
export function buildChineseMatch(plan: CrossLanguagePlan, criteria: SearchCriteria, indexUid: string, { policyIds, limit }: { policyIds?: readonly number[]; limit: number }): MultiSearchQuery[] {
  const filter = [...(policyIds ? [anyOf('id', policyIds)] : []), ...(filterOf(filterParts(criteria)) ?? [])];
  return plan.queries.map(({ q, attributesToSearchOn, matchingStrategy }) => ({
    indexUid,
    q,
    attributesToSearchOn,
    matchingStrategy,
    filter,
    limit,
    attributesToRetrieve: ['id'],
  }));
}
