import { displayedAttributes } from '../../indexer/settings.ts';
import { policyCardFields, searchableFields, subscriberOnlySearchFields } from '../../vocabulary/search-index.ts';

/**
 * What the API may ask of the policy index: the vocabulary's declaration (vocabulary/search-index.ts),
 * which the indexer's settings apply, narrowed to what the API's one search asks for.
 */

export { sortRules } from '../../vocabulary/search-order.ts';

/** Fields a policy card is built from, checked against what the index may display. */
export const cardFields = policyCardFields satisfies readonly (typeof displayedAttributes)[number][];

/** Words of the full translation Meilisearch keeps around a match (then cut like a snippet). */
export const passageCropLength = 40;

/** Who is searching, as far as search is concerned. */
export type SearchReader = { entitled: boolean };

/** The fields a reader's query may match, for `attributesToSearchOn`: every searchable field for an entitled reader. */
export function searchableFieldsFor(reader: SearchReader): (typeof searchableFields)[number][] {
  return reader.entitled
    ? [...searchableFields]
    : searchableFields.filter((field) => !(subscriberOnlySearchFields as readonly string[]).includes(field));
}
