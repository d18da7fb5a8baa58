/**
 * GET /api/policies/{id}/compare/{otherId}: two versions of a document aligned part by part
 * (api/policies/compare.ts), read by the comparison view.
 */

/** A stretch of a changed part's text: the same in both versions, or only in one. */
export type ComparedPart = { text: string; change: 'same' | 'added' | 'removed' };

/** A part of the document (a 第X章 heading, a 第X条 article, the words before them; a paragraph of our English text) in both versions. */
export type ComparedUnit = {
  kind: 'preamble' | 'section' | 'article' | 'paragraph';
  change: 'same' | 'changed' | 'added' | 'removed';
  before: { label: string | null; text: string } | null;
  after: { label: string | null; text: string } | null;
  /** A changed part's text with its changes marked; null otherwise. */
  parts: ComparedPart[] | null;
};

/** One side of a comparison: which policy, its title and date. */
export type ComparedVersion = { id: number; title: string; time: string };

export type ComparisonAnswer = {
  /** The older version (by date) first, whatever order the address named them in. */
  before: ComparedVersion;
  after: ComparedVersion;
  /** How many articles were added, removed and changed. */
  counts: { added: number; removed: number; changed: number };
  units: ComparedUnit[];
};

/** GET /api/admin/policies/{id}/versions/{version}/compare/{otherVersion}: two versions of our English text. */
export type TranslationComparisonAnswer = { before: { version: number }; after: { version: number }; units: ComparedUnit[] };
