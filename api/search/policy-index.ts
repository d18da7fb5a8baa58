import type { PolicyDocument } from '../../indexer/document.ts';
import { displayedAttributes, indexSettings } from '../../indexer/settings.ts';
import { policyCardFields } from '../shared/search.ts';

/**
 * What the API may ask of the policy index, named by the search document's fields so a rename in
 * `indexer/document.ts` fails the type-check here, and checked against the indexer's settings
 * (`policy-index.test.ts`) so the API never asks for a filter, sort or field the index lacks.
 */
export type PolicyField = keyof PolicyDocument;

/** The index name browsers use; the server maps it to the configured index (`deps.search.indexName`). */
export const publicIndexUid = 'policies';

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
export const searchOnFields = indexSettings.searchableAttributes;

/**
 * Text only a subscriber (or staff) may read, so only they may search it: a visitor matching a
 * phrase in the full translation would learn it is there (DESIGN.md, "search sees what the reader
 * may read").
 */
export const subscriberOnlySearchFields = ['englishTranslation', 'chineseOriginal'] as const satisfies readonly PolicyField[];

/** Who is searching, as far as search is concerned. */
export type SearchReader = { entitled: boolean };

/** The fields a reader's query may match, for `attributesToSearchOn`: every searchable field for an entitled reader. */
export function searchableFieldsFor(reader: SearchReader): (typeof searchOnFields)[number][] {
  return reader.entitled
    ? [...searchOnFields]
    : searchOnFields.filter((field) => !(subscriberOnlySearchFields as readonly string[]).includes(field));
}

type FilterFeatures = { equality: boolean; comparison: boolean };

/** The kind of value of each field the index can filter on. */
const filterValueKinds = {
  departmentId: 'number',
  departmentCode: 'string',
  industries: 'string',
  topicCodes: 'string',
  impact: 'number',
  timestamp: 'number',
} as const satisfies Partial<Record<PolicyField, 'string' | 'number'>>;
export type FilterField = keyof typeof filterValueKinds;

/**
 * Each filterable field with the operations the index builds for it (equality: `=`, `!=`, `IN`;
 * comparison: `<`, `>=`, `TO`, ...), read from the indexer's settings: Meilisearch refuses an
 * operation a field was not set up for.
 */
export const filterFields: Record<FilterField, { kind: 'string' | 'number' } & FilterFeatures> = Object.fromEntries(
  Object.entries(filterValueKinds).map(([field, kind]) => [field, { kind, ...filterFeaturesOf(field) }]),
) as Record<FilterField, { kind: 'string' | 'number' } & FilterFeatures>;

function filterFeaturesOf(field: string): FilterFeatures {
  for (const rule of indexSettings.filterableAttributes) {
    if ((rule.attributePatterns as readonly string[]).includes(field)) return { ...rule.features.filter };
  }
  return { equality: false, comparison: false };
}

/** Fields whose value counts a browser may ask for. */
export const facetFields = ['departmentId', 'departmentCode', 'industries', 'topicCodes', 'impact'] as const satisfies readonly FilterField[];

/** Publication date order; `timestamp` is the date as unix seconds. */
export const sortRules = { latest: 'timestamp:desc', oldest: 'timestamp:asc' } as const;

/** Orders the InstantSearch endpoint accepts (its sort-by widget names them in the index name, e.g. `policies:impact:desc`). */
export const instantSearchSorts = ['timestamp:desc', 'timestamp:asc', 'impact:desc', 'impact:asc'] as const;
