import type { EffectivenessStatus } from '../vocabulary/effectiveness.ts';
import type { TranslationStatus } from '../vocabulary/translation-status.ts';

/**
 * The search document of a policy: what Meilisearch stores. This type is the contract between the
 * indexer (which writes it) and the API (which reads it); which fields are searched, filtered,
 * sorted, counted and returned is declared in vocabulary/search-index.ts and checked against it
 * (indexer/settings.ts).
 */
export type PolicyDocument = {
  id: number;
  title: string;
  /** The document's own Chinese title and number (国发〔2014〕40号): a search by either finds it. */
  chineseTitle: string;
  documentNumber: string;
  description: string;
  englishTranslation: string;
  chineseOriginal: string;
  /** Titles of the policy's key points. */
  keyPoints: string[];
  departmentId: number;
  departmentCode: string;
  departmentName: string;
  /** Industry names (the UI filters by name) and ids, in the same order. */
  industries: string[];
  industryIds: number[];
  /** Topic codes (the UI filters by code), names and ids, in the same order. */
  topicCodes: string[];
  topicNames: string[];
  topicIds: number[];
  /** Importance 1-10, under the spec's name for it (vocabulary/importance.ts). */
  impact: number;
  /** Publication date as YYYY-MM-DD, and as unix seconds (UTC midnight) for range filters and sorting. */
  date: string;
  timestamp: number;
  /** False when the document gave no date: `date` is then when it was received, shown as such. */
  dateKnown: boolean;
  sourceUrl: string | null;
  /** The English text's status (filterable), the model that wrote it and the day an editor reviewed it (YYYY-MM-DD), for its label. */
  translationStatus: TranslationStatus;
  translationModel: string | null;
  translationReviewedOn: string | null;
  /** Whether the document is in force (vocabulary/effectiveness.ts), kept by db/effectiveness.ts. */
  effectiveness: EffectivenessStatus;
  /**
   * The publication's month and week with each grouping key (vocabulary/analytics.ts): counted, never
   * filtered or returned, so one facet distribution gives an analytics chart every period's counts.
   */
  issuedMonth: string[];
  issuedWeek: string[];
  /** The row's last change in milliseconds since the epoch; `--verify` compares it with Postgres. */
  updatedAt: number;
};
