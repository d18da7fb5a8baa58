import { z } from 'zod';

/**
 * The dictionary reading aid's request and answer (POST /api/reading/words). A dictionary entry is
 * a reading aid, never a translation: the web app labels it "Dictionary".
 */

/**
 * Longest text looked up at once (a few screens of Chinese): a long document is asked for in
 * pieces of this size. A lookup holds the server's event loop for as long as it takes (about 10 ms
 * a thousand characters), so a piece stays well within the 100 ms any other request may wait.
 */
export const maxReadingText = 5_000;

/** The 413 of a text past maxReadingText. */
export const readingTooLongMessage = (characters: number) =>
  `The text is ${characters.toLocaleString('en')} characters long; the dictionary looks up at most ${maxReadingText.toLocaleString('en')} at a time. Send it in pieces.`;

export const readingRequestSchema = z.object({
  text: z.string().min(1, 'text is required'),
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
