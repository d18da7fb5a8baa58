/**
 * What an analyser makes of a story: everything a policy needs, in the product's ids. Two
 * analysers give it (./analysers.ts chooses): the offline rules analyser (./rules/) and an
 * OpenAI-compatible LLM (./llm/). Story processing (./process.ts) writes it through savePolicy.
 */

/** A source story: a Chinese government document as scraped or imported. */
export type StoryInput = {
  title: string;
  url: string;
  chineseText: string;
  /** The story's own date (YYYY-MM-DD): the fallback when the text names none. */
  receivedOn: string;
  /** The document's date and issuer as its producer gave them (a file's columns): they win over the text's. */
  publishedOn?: string | null;
  departmentId?: number | null;
  /** The document number its source page gave (国发〔2014〕40号): it wins over the text's. */
  documentNumber?: string | null;
};

export type StoryAnalysis = {
  title: string;
  /** English. From the rules analyser, a line of extracted facts, never a translation. */
  description: string;
  departmentId: number;
  publishedOn: string;
  /**
   * False when nothing gave the document's own date (`publishedOn` is then the received date), or
   * named its issuer (`departmentId` is then a fallback). Absent means known.
   */
  dateKnown?: boolean;
  issuerIdentified?: boolean;
  /** Null when there is none: the translation status stays `pending`. */
  englishTranslation: string | null;
  /** The model that wrote `englishTranslation`, for its "Machine translation" label. */
  translationModel?: string | null;
  keyPoints: { title: string; content: string }[];
  analysis: string[];
  industries: { industryId: number; details: string }[];
  topics: { topicId: number; details: string }[];
  timeline: { period: string; phase: string; details: string }[];
  /** Importance 1-10 and why. */
  impact: number;
  importanceReasons: string[];
  /** Facts the text did not give, filled with a default (the State Council, the story's date): a reprocessing doesn't let them replace stored ones. */
  defaulted?: ('departmentId' | 'publishedOn')[];
  /** The document's own Chinese title and number (国发〔2014〕40号), null when neither the source nor the text gives one. */
  chineseTitle: string | null;
  documentNumber: string | null;
  /** Every body that issued it as the document names them, first-named first (more than one for a joint issuance); empty when none is named. */
  issuers: string[];
  usage: { analyser: string; tokens: number | null; durationMs: number };
};

export interface Analyser {
  /** `rules`, or `llm:<model>`: stored with each story it processed. */
  readonly name: string;
  analyse(story: StoryInput, signal: AbortSignal): Promise<StoryAnalysis>;
}

/** An analysis that can't be made from this story (no text, nothing recognisable): retrying won't help. */
export class UnusableStoryError extends Error {}
