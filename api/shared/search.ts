import { z } from 'zod';
import { importanceRange } from '../../vocabulary/importance.ts';
import type { FacetName } from '../../vocabulary/search-index.ts';
import { searchSorts } from '../../vocabulary/search-order.ts';
import type { LinkKind } from '../../vocabulary/document-links.ts';
import { effectivenessStatuses, type EffectivenessStatus } from '../../vocabulary/effectiveness.ts';
import { translationStatuses, type TranslationProvenance, type TranslationStatus } from '../../vocabulary/translation-status.ts';
import { optionalParam, wholeNumber } from './params.ts';
import { findTextProblem } from './text-rules.ts';

/**
 * Request schemas and response shapes of the search and read API, shared with the web app.
 * This module holds no server code: the web app imports it to build requests and read answers.
 */

/** The card fields, orders and filter range of the index, from the one vocabulary every layer reads. */
export { policyCardFields } from '../../vocabulary/search-index.ts';
export { searchSorts, type SearchSort } from '../../vocabulary/search-order.ts';
export { importanceRange } from '../../vocabulary/importance.ts';

/** Page sizes the search page offers; any whole number from 1 to `maxPageSize` is taken. */
export const searchPageSizes = [10, 20, 50, 100] as const;

/** The largest page any list or search answers; a larger one is refused rather than silently cut. */
export const maxPageSize = 100;

/**
 * Queries are cut to this many characters (code points), after control characters are removed
 * and whitespace collapsed. Meilisearch reads only the first 10 words of a query anyway; the cut
 * keeps a pasted document from costing anything.
 */
export const maxQueryLength = 200;

/** Items a filter array may hold: more than every department, industry or topic there is. */
const maxFilterValues = 50;

// Control characters (C0, DEL, C1) and the bidi/zero-width formatting characters say nothing to a
// search engine and only make a query display oddly.
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The query as Meilisearch receives it: control characters removed, whitespace collapsed, cut. */
export function normaliseQuery(raw: string | undefined): string {
  if (!raw) return '';
  const cleaned = raw.replace(controlCharacters, ' ').replace(/\s+/g, ' ').trim();
  const codePoints = Array.from(cleaned);
  return codePoints.length > maxQueryLength ? codePoints.slice(0, maxQueryLength).join('').trimEnd() : cleaned;
}


/** A query-string parameter holding a JSON array, e.g. `departments=["CSRC","PBOC"]`. */
function jsonArray<T extends z.ZodType>(item: T, example: string) {
  return z
    .string()
    .transform((raw, ctx): unknown => {
      let decoded: unknown;
      try {
        decoded = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be a JSON array such as ${example}` });
        return z.NEVER;
      }
      // The request's text rule saw only the escapes (`\ud800`, `\u0000`); what they decode to
      // must pass it too before it reaches Meilisearch.
      const problem = findTextProblem(decoded);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
        return z.NEVER;
      }
      return decoded;
    })
    .pipe(
      z
        .array(item, { error: `must be a JSON array such as ${example}` })
        .max(maxFilterValues, `must hold at most ${maxFilterValues} values`),
    );
}

const printable = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} must not be empty`)
    .max(100, `${label} is too long`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} must not contain control characters`);

/**
 * A department by id (1, or "1") or by code ("CSRC", any case). Both web roads send codes (the
 * facet counts are by code); ids are taken as the spec's API has them (vocabulary/departments.ts
 * maps one to the other).
 */
export type DepartmentReference = { id: number } | { code: string };
const departmentId = z.number().int().min(1).max(2_147_483_647);
export const departmentReference = z.union(
  [
    departmentId.transform((id): DepartmentReference => ({ id })),
    z
      .string()
      .trim()
      .regex(/^(\d{1,9}|[A-Za-z][A-Za-z0-9_-]{0,9})$/)
      .transform((value): DepartmentReference => (/^\d+$/.test(value) ? { id: Number(value) } : { code: value.toUpperCase() })),
    // As the criteria hold it, so criteria written as JSON (a saved search) read back as they were.
    z.strictObject({ id: departmentId }),
    z.strictObject({ code: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_-]{0,9}$/).transform((code) => code.toUpperCase()) }),
  ],
  { error: 'each department must be an id or a code such as "CSRC"' },
);

const isoDate = z
  .string()
  .trim()
  // A date, or a date-time whose calendar date (as written) is taken.
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be an ISO date such as 2024-05-31')
  .transform((value, ctx) => {
    const day = value.slice(0, 10);
    const parsed = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
      ctx.addIssue({ code: 'custom', message: 'is not a valid calendar date' });
      return z.NEVER;
    }
    return day;
  });

/**
 * The search criteria, each one as its URL parameter carries it (./criteria-params.ts writes
 * them): a filter is one line here. The ranges are checked apart (`checkRanges`), so a saved
 * search (./saved-search-schemas.ts) keeps these same fields without their order and page.
 */
export const criteriaFields = z
  .object({
    q: optionalParam(z.string()).transform(normaliseQuery),
    departments: optionalParam(jsonArray(departmentReference, '["CSRC","PBOC"] or [1,2]')),
    industries: optionalParam(jsonArray(printable('an industry'), '["Technology"]')),
    topics: optionalParam(
      jsonArray(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{1,10}$/, 'each topic must be a topic code such as "FINTECH"')
          .transform((code) => code.toUpperCase()),
        '["FINTECH"]',
      ),
    ),
    translation: optionalParam(
      jsonArray(z.enum(translationStatuses, { error: `each translation status must be one of ${translationStatuses.join(', ')}` }), '["machine","reviewed"]'),
    ),
    effectiveness: optionalParam(
      jsonArray(z.enum(effectivenessStatuses, { error: `each effectiveness must be one of ${effectivenessStatuses.join(', ')}` }), '["in_force","not_yet_in_force"]'),
    ),
    startDate: optionalParam(isoDate),
    endDate: optionalParam(isoDate),
    sortBy: optionalParam(z.enum(searchSorts, { error: `must be one of ${searchSorts.join(', ')}` })),
    minImportance: optionalParam(wholeNumber(importanceRange.min, importanceRange.max)),
    maxImportance: optionalParam(wholeNumber(importanceRange.min, importanceRange.max)),
    page: optionalParam(wholeNumber(1, 100_000)).default(1),
    pageSize: optionalParam(wholeNumber(1, maxPageSize)).default(20),
  });

/** A range's low end must not be above its high end. */
export function checkRanges(
  query: Pick<z.output<typeof criteriaFields>, 'minImportance' | 'maxImportance' | 'startDate' | 'endDate'>,
  ctx: z.RefinementCtx,
): void {
  if (query.minImportance !== undefined && query.maxImportance !== undefined && query.minImportance > query.maxImportance) {
    ctx.addIssue({ code: 'custom', path: ['minImportance'], message: 'must not be above maxImportance' });
  }
  if (query.startDate && query.endDate && query.startDate > query.endDate) {
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'must not be after endDate' });
  }
}

export const searchQuerySchema = criteriaFields.superRefine(checkRanges);
export type SearchCriteria = z.output<typeof searchQuerySchema>;

export const maxSuggestions = 10;

export const suggestQuerySchema = z.object({
  q: optionalParam(z.string()).transform(normaliseQuery),
  limit: optionalParam(wholeNumber(1, maxSuggestions)).default(5),
});

export const latestPoliciesQuerySchema = z.object({
  page: optionalParam(wholeNumber(1, 100_000)).default(1),
  pageSize: optionalParam(wholeNumber(1, 100)).default(20),
  sortOrder: optionalParam(z.enum(['latest', 'oldest'], { error: 'must be latest or oldest' })).default('latest'),
});

export const policyIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a policy id (a whole number)')
    .transform(Number)
    .pipe(z.number().min(1, 'must be a policy id (a whole number)')),
});

/** A piece of highlighted text: render `match` pieces emphasised, and everything as plain text. */
export type HighlightPart = { text: string; match: boolean };

/**
 * A tag on a policy. `kind` says which taxonomy it is from (the back office draws industry tags
 * filled and topic tags outlined). `color` is the display colour name: for an industry, its colour
 * in the spec's industry palette (reference data; unknown industries are blue); for a topic, blue.
 */
export type PolicyTag =
  | { kind: 'industry'; name: string; industryId: number; color: string }
  | { kind: 'topic'; name: string; topicId: number; code: string; color: string };

/** What a policy card shows. `time` is the publication date, YYYY-MM-DD. */
export type PolicyCard = {
  id: number;
  title: string;
  description: string;
  time: string;
  departmentId: number;
  /** The department's code as indexed ("Unknown" is the web app's to show for a missing one). */
  departmentCode: string | null;
  /** False when nothing named the issuer: `departmentId` is then a fallback, never shown. Absent means identified. */
  issuerIdentified?: boolean;
  /** False when the document's own date is unknown: `time` is then when it was received. Absent means known. */
  dateKnown?: boolean;
  /** Importance 1-10, under the spec's name for it (vocabulary/importance.ts). */
  impact: number;
  tags: PolicyTag[];
  /** The English text's status, for its label (vocabulary/translation-status.ts's translationLabel). */
  translation: TranslationProvenance;
  /** Whether the document is in force (vocabulary/effectiveness.ts's labels). */
  effectiveness: EffectivenessStatus;
  /**
   * Present on search results when there was a query: the title, and the description cut around
   * the match, split into matched and unmatched parts. `passage` is where the query matched when
   * the description does not show it: a key point, or the full translation for a reader entitled
   * to read it.
   */
  highlight?: { title: HighlightPart[]; description: HighlightPart[]; passage?: HighlightPart[] };
};

/**
 * Counts for the filter UI, each keyed by the value the filter takes: departments by code,
 * industries by name, topics by code, importance by "1".."10" (vocabulary/search-index.ts).
 */
export type SearchFacets = { [name in FacetName]: Record<string, number> };

/** A Chinese term an English query was matched through: shown as "matched 稀土 for 'rare earth'". */
export type TermMatch = { chinese: string; english: string };

/**
 * An English query's matches in Chinese text (a reader entitled to it, page 1): policies the
 * English query did not list, each with the terms it matched for. A reading aid, never a translation.
 */
export type CrossLanguageMatches = { matched: TermMatch[]; policies: (PolicyCard & { matched: TermMatch[] })[] };

export type SearchResponse = {
  policies: PolicyCard[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  facets: SearchFacets;
  crossLanguage?: CrossLanguageMatches;
};

export type PolicySuggestion = {
  id: number;
  title: string;
  time: string;
  departmentId: number;
  departmentCode: string | null;
  highlight: { title: HighlightPart[]; description: HighlightPart[] };
  /** Found through Chinese terms for the English query's words (a reader entitled to the text). */
  matched?: TermMatch[];
};

export type SuggestResponse = { suggestions: PolicySuggestion[] };

export type Department = { id: number; code: string; fullName: string };
export type Industry = { id: number; name: string; color: string };
export type Topic = { id: number; code: string; name_en: string };

export type PolicyDetail = {
  id: number;
  title: string;
  description: string;
  time: string;
  departmentId: number;
  department: Department | null;
  /** As on a card: false when the issuer or the document's own date is unknown; absent when known. */
  issuerIdentified?: boolean;
  dateKnown?: boolean;
  impact: number;
  tags: PolicyTag[];
  source_url: string | null;
  /** The other addresses the same document was found at (one document from two sites, issue 42), oldest first. */
  alsoPublishedAt: string[];
  /** Other versions of the document (its stored replaces/amends links, both ways), oldest first: what "Compare with the … version" offers. */
  otherVersions: { id: number; title: string; time: string }[];
  /** The document's own Chinese title and number (国发〔2014〕40号), null when not known. */
  chinese_title: string | null;
  document_number: string | null;
  /** True when the reader is not entitled: only title, description and key points are sent. */
  preview: boolean;
  fullContent: {
    keyPoints: { title: string; content: string }[];
    analysis?: string[];
    impactAnalysis?: { industryId: number; industryName: string | null; details: string }[];
    implementationTimeline?: { period: string; phase: string; details: string }[];
    topicAnalysis?: { topicId: number; topicName: string | null; details: string }[];
    relatedPolicies?: { date: string; title: string; description: string; policyId: number | null }[];
  };
  english_translation?: string | null;
  chinese_original?: string | null;
  /** Whose English text this is: none yet, the analyser's (which model), or reviewed by an editor (and when). */
  translation?: { status: TranslationStatus; reviewedAt: string | null; model: string | null };
  /** Whether the document is in force, since when (YYYY-MM-DD) and why ("Repealed by … on …"). */
  effectiveness: { status: EffectivenessStatus; since: string | null; reason: string };
  /** The documents it cites, amends, replaces or repeals, and those doing so to it (vocabulary/document-links.ts). */
  links: { kind: LinkKind; policyId: number; title: string }[];
  /** What its text cites that is not in the corpus (yet), as written. */
  unresolvedCitations: string[];
};
