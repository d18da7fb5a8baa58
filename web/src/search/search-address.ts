import { criteriaParams } from '../../../api/shared/criteria-params.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';

/**
 * The search page's criteria as the router is to write them in its address: the parameters
 * criteriaParams keeps (so the names, and lists as JSON arrays of codes, are the criteria's one
 * serialisation), each list as the array criteriaParams wrote and every other value as it is (the
 * router writes text that reads as JSON in quotes, so a query such as `"export control"` or `2024`
 * comes back as the same text).
 */
export function searchAddressOf(criteria: Partial<SearchCriteria>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(criteriaParams(criteria)).map(([key, text]) => {
      const value = criteria[key as keyof SearchCriteria];
      return [key, Array.isArray(value) ? JSON.parse(text) : value];
    }),
  );
}
