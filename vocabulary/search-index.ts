import { importanceField } from './importance.ts';

/**
 * What the policy index holds and what may be asked of it, declared once. The indexer applies it
 * (indexer/settings.ts, which checks every name against the search document, indexer/document.ts);
 * the API builds its queries and guards the InstantSearch proxy with it (api/search/policy-index.ts);
 * the web app's dashboard names its facets and orders with it.
 */

/** The index name browsers use; the server maps it to the configured index. */
export const publicIndexUid = 'policies';

/**
 * Searchable fields in ranking order: a match in the title beats one in the description, which
 * beats the key points, the department and tag names, and last the long body texts. Department
 * code and name are searchable so "CSRC" (and, by synonym, 证监会) finds its policies; the
 * document number and Chinese title so 国发〔2014〕40号 or the title a citation gives finds the document.
 */
export const searchableFields = [
  'title', 'documentNumber', 'chineseTitle', 'description', 'keyPoints', 'departmentCode', 'departmentName', 'industries', 'topicNames',
  'englishTranslation', 'chineseOriginal',
] as const;

/**
 * Text only a subscriber (or staff) may read, so only they may search it: a visitor matching a
 * phrase in the full translation would learn it is there (docs/principles.md, "search sees what the reader
 * may read").
 */
export const subscriberOnlySearchFields = ['englishTranslation', 'chineseOriginal'] as const satisfies readonly (typeof searchableFields)[number][];

/**
 * What a search may return. The Chinese original is left out: search is open to visitors, while
 * the full text is for subscribers only (api/billing/entitlement.ts), and the detail page reads it
 * from SQL anyway. The English translation is displayed only so Meilisearch can crop a passage
 * around a match for an entitled reader's result card: the API names the fields it retrieves on
 * every query and never retrieves it, and asks for its crop only for an entitled reader.
 */
export const displayedFields = [
  'id', 'title', 'description', 'keyPoints', 'departmentId', 'departmentCode', 'departmentName',
  'industries', 'industryIds', 'topicCodes', 'topicNames', 'topicIds', importanceField, 'date', 'timestamp',
  'dateKnown', 'sourceUrl', 'updatedAt', 'englishTranslation', 'translationStatus', 'translationModel', 'translationReviewedOn',
  'effectiveness',
] as const;

/**
 * Fields a policy card is built from: what the API and the dashboard's InstantSearch client ask
 * Meilisearch for. Never the full text, which is for entitled readers.
 */
export const policyCardFields = [
  'id', 'title', 'description', 'date', 'dateKnown', 'departmentId', 'departmentCode', importanceField,
  'industries', 'industryIds', 'topicCodes', 'topicNames', 'topicIds', 'translationStatus', 'translationModel', 'translationReviewedOn',
  'effectiveness',
] as const satisfies readonly (typeof displayedFields)[number][];

/** The operations a filterable field is set up for (equality: `=`, `!=`, `IN`; comparison: `<`, `>=`, `TO`, ...). */
export type FilterFeatures = { kind: 'string' | 'number'; equality: boolean; comparison: boolean };

/**
 * Filterable fields with only the operations the search API uses, so Meilisearch builds no
 * structures for the others (and refuses an operation a field was not set up for). Departments
 * are filtered by code or id, industries by name, topics by code; importance and date by range.
 */
export const filterableFields = {
  // Alerts match a rule against a batch of new policies by restricting its search to their ids.
  id: { kind: 'number', equality: true, comparison: false },
  departmentId: { kind: 'number', equality: true, comparison: false },
  departmentCode: { kind: 'string', equality: true, comparison: false },
  industries: { kind: 'string', equality: true, comparison: false },
  topicCodes: { kind: 'string', equality: true, comparison: false },
  /** A subscriber reads machine translations, reviewed ones, or finds those still pending. */
  translationStatus: { kind: 'string', equality: true, comparison: false },
  /** In force, not yet in force, amended, repealed or unknown (vocabulary/effectiveness.ts). */
  effectiveness: { kind: 'string', equality: true, comparison: false },
  [importanceField]: { kind: 'number', equality: true, comparison: true },
  timestamp: { kind: 'number', equality: false, comparison: true },
  // Counted by analytics (vocabulary/analytics.ts): Meilisearch counts only fields with a filter enabled.
  issuedMonth: { kind: 'string', equality: true, comparison: false },
  issuedWeek: { kind: 'string', equality: true, comparison: false },
} as const satisfies Record<string, FilterFeatures>;
export type FilterField = keyof typeof filterableFields;

/** Date order (`timestamp` is the publication date as unix seconds at UTC midnight) and importance. */
export const sortableFields = ['timestamp', importanceField] as const satisfies readonly FilterField[];

/**
 * The counts a search answers, by the name the search API's filters and answers use, and the field
 * each counts. Both roads count the same fields: the search page through `/api/search`, the
 * dashboard's refinement lists through InstantSearch (departments, industries, topics).
 */
export const facetFieldOf = {
  departments: 'departmentCode',
  industries: 'industries',
  topics: 'topicCodes',
  importance: importanceField,
  translation: 'translationStatus',
  effectiveness: 'effectiveness',
} as const satisfies Record<string, FilterField>;
export type FacetName = keyof typeof facetFieldOf;

/** Fields whose value counts a browser may ask for through the InstantSearch proxy. */
export const countableFields = ['departmentId', ...Object.values(facetFieldOf)] as const satisfies readonly FilterField[];
