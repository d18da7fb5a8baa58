import type { PolicyDocument } from '../../indexer/document.ts';
import { displayedAttributes } from '../../indexer/settings.ts';
import {
  countableFields,
  filterableFields,
  policyCardFields,
  searchableFields,
  subscriberOnlySearchFields,
  type FilterFeatures,
  type FilterField,
} from '../../vocabulary/search-index.ts';

/**
 * What the API may ask of the policy index: the vocabulary's declaration (vocabulary/search-index.ts),
 * which the indexer's settings apply, narrowed to what each road of the API asks for. Named by the
 * search document's fields so a rename in `indexer/document.ts` fails the type-check here.
 */
export type PolicyField = keyof PolicyDocument;
export type { FilterField };

export { publicIndexUid } from '../../vocabulary/search-index.ts';
export { instantSearchSorts, sortRules } from '../../vocabulary/search-order.ts';

/** Fields a policy card is built from, checked against what the index may display. */
export const cardFields = policyCardFields satisfies readonly (typeof displayedAttributes)[number][];

/** Fields a browser may read through the InstantSearch endpoint: the card fields and the rest of the public metadata. */
export const publicFields = [...cardFields, 'departmentName', 'timestamp', 'keyPoints'] as const satisfies readonly (typeof displayedAttributes)[number][];

/** Fields whose highlighted or cropped text any reader may get. */
export const highlightFields = ['title', 'description', 'keyPoints'] as const satisfies readonly PolicyField[];

/**
 * The full translation may come back only as a passage cropped around a match, and only to a
 * reader entitled to read it; the Chinese original is never returned by search.
 */
export const subscriberOnlyHighlightFields = ['englishTranslation'] as const satisfies readonly PolicyField[];

/** Words of the full translation Meilisearch keeps around a match (then cut like a snippet). */
export const passageCropLength = 40;

/** Fields the InstantSearch endpoint may restrict a query to (`attributesToSearchOn`). */
export const searchOnFields = searchableFields;

/** Who is searching, as far as search is concerned. */
export type SearchReader = { entitled: boolean };

/** The fields a reader's query may match, for `attributesToSearchOn`: every searchable field for an entitled reader. */
export function searchableFieldsFor(reader: SearchReader): (typeof searchOnFields)[number][] {
  return reader.entitled
    ? [...searchOnFields]
    : searchOnFields.filter((field) => !(subscriberOnlySearchFields as readonly string[]).includes(field));
}

/** Each filterable field with the kind of its values and the operations the index builds for it. */
export const filterFields: Record<FilterField, FilterFeatures> = filterableFields;

/** Fields whose value counts a browser may ask for. */
export const facetFields = countableFields;
