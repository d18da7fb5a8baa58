import { z } from 'zod';

/**
 * The dictionary reading aid's request and answer (POST /api/reading/words). A dictionary entry is
 * a reading aid, never a translation: the web app labels it "Dictionary".
 */

/** Longest text looked up at once: a long document is asked for paragraph by paragraph. */
export const maxReadingText = 20_000;

export const readingRequestSchema = z.object({
  text: z.string().min(1, 'text is required').max(maxReadingText, `text must be at most ${maxReadingText} characters`),
});

export type DictionaryEntry = {
  word: string;
  /** Readings with tone marks, from CC-CEDICT. */
  pinyin: string[];
  senses: string[];
  /** The policy glossary's notes ("Department: PBOC", "Industry: Energy"). */
  notes: string[];
  /** The policy glossary wins over the general dictionary. */
  source: 'glossary' | 'cc-cedict';
};

export type ReadingWord = { text: string; entry?: DictionaryEntry };

export type ReadingResponse = { words: ReadingWord[]; credit: string };

/** Shown wherever the aid appears (CC BY-SA asks for the credit). */
export const dictionaryCredit = 'Dictionary aid, not a translation. Senses and pinyin from CC-CEDICT (© MDBG, CC BY-SA 4.0), with this product\'s policy glossary.';
