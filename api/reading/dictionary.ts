import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import type { DictionaryEntry, ReadingWord } from '../shared/reading.ts';
import { cedictEntries, isUsefulSense } from './cc-cedict.ts';
import { englishQueryGroups } from './english-senses.ts';
import { policyGlossary } from './glossary.ts';
import { pinyinWithToneMarks } from './pinyin.ts';

/**
 * The dictionary reading aid: Chinese text cut into words by jieba (with the glossary's terms
 * kept whole), each word looked up in the policy glossary first, then in CC-CEDICT. A dictionary,
 * never a translation: it gives a word's senses, not what the sentence says.
 */

/** Senses shown per entry: enough to read by, few enough for a popover. */
const maxSenses = 6;

let segmenter: Jieba | undefined;

/** One segmenter per process, the glossary's terms added at high frequency so 融资担保 stays one word. */
function cut(text: string): string[] {
  if (!segmenter) {
    segmenter = Jieba.withDict(dict);
    segmenter.loadDict(Buffer.from([...policyGlossary().keys()].map((term) => `${term} 200000 n`).join('\n')));
  }
  return segmenter.cut(text, false);
}

const hasHan = /\p{Script=Han}/u;

/**
 * A glossary term CC-CEDICT lacks (营商环境) read as the longest words it does have (营商 + 环境),
 * each by its reading: the readings of a compound are its parts'.
 */
function composedPinyin(term: string): string[] {
  const entries = cedictEntries();
  const syllables: string[] = [];
  const characters = [...term];
  for (let start = 0; start < characters.length; ) {
    let end = characters.length;
    while (end > start + 1 && !entries.has(characters.slice(start, end).join(''))) end--;
    const part = entries.get(characters.slice(start, end).join(''));
    if (!part) return [];
    // A common word's reading before a proper name's (capitalised in CC-CEDICT).
    syllables.push(pinyinWithToneMarks((part.find((entry) => entry.pinyin === entry.pinyin.toLowerCase()) ?? part[0]!).pinyin));
    start = end;
  }
  return [syllables.join(' ')];
}

/** A word's entry: the glossary's meaning first (with CC-CEDICT's reading), else CC-CEDICT's. */
export function lookUpWord(word: string): DictionaryEntry | null {
  const glossary = policyGlossary().get(word);
  const cedict = cedictEntries().get(word) ?? [];
  const pinyin = [...new Set(cedict.map((entry) => pinyinWithToneMarks(entry.pinyin)))];
  // Some entries keep related senses in one string ("to explore; to probe"): one sense a line reads better.
  const cedictSenses = [...new Set(cedict.flatMap((entry) => entry.english.flatMap((sense) => sense.split('; ')).filter(isUsefulSense)))];
  if (glossary) {
    const english = [...new Set([...glossary.english, ...cedictSenses])].slice(0, maxSenses);
    return { word, pinyin: pinyin.length ? pinyin : composedPinyin(word), senses: english, notes: glossary.notes, source: 'glossary' };
  }
  if (cedictSenses.length === 0) return null;
  return { word, pinyin, senses: cedictSenses.slice(0, maxSenses), notes: [], source: 'cc-cedict' };
}

/**
 * The text as words, each Chinese word with its entry. A word neither source knows (jieba keeps
 * idioms like 贯彻落实 whole) is read as the longest known words it starts with, so a reader still
 * sees 贯彻 and 落实.
 */
export function readText(text: string): ReadingWord[] {
  const words: ReadingWord[] = [];
  for (const word of cut(text)) {
    if (!hasHan.test(word)) {
      words.push({ text: word });
      continue;
    }
    const entry = lookUpWord(word);
    if (entry || word.length === 1) {
      words.push(entry ? { text: word, entry } : { text: word });
      continue;
    }
    words.push(...knownParts(word));
  }
  return words;
}

/**
 * Characters looked up between two turns of the event loop: about 10-20 ms of work on this
 * machine, so a request's lookups never hold another request for long (a 5,000-character text
 * took about 100 ms in one piece).
 */
const sliceLength = 400;

/** Where a slice may end without cutting a word: after a line break or a Chinese or Latin stop. */
const sliceEnd = /[\n。；！？，、;!?,]/u;

/**
 * readText for a request: the text read slice by slice, cut only where no word can span, letting
 * the event loop serve other requests between slices. The words are those readText gives.
 */
export async function readTextYielding(text: string): Promise<ReadingWord[]> {
  const words: ReadingWord[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + sliceLength);
    if (end < text.length) {
      // Back to the last place a word cannot span; a slice with none is read whole up to the next one.
      let cutAt = end;
      while (cutAt > start && !sliceEnd.test(text[cutAt - 1]!)) cutAt--;
      if (cutAt > start) end = cutAt;
      else {
        while (end < text.length && !sliceEnd.test(text[end - 1]!)) end++;
      }
    }
    words.push(...readText(text.slice(start, end)));
    start = end;
    if (start < text.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return words;
}

function knownParts(word: string): ReadingWord[] {
  const parts: ReadingWord[] = [];
  const characters = [...word];
  for (let start = 0; start < characters.length; ) {
    let end = characters.length;
    let entry: DictionaryEntry | null = null;
    for (; end > start + 1; end--) {
      entry = lookUpWord(characters.slice(start, end).join(''));
      if (entry) break;
    }
    const text = characters.slice(start, end).join('');
    entry ??= lookUpWord(text);
    parts.push(entry ? { text, entry } : { text });
    start = end;
  }
  return parts;
}

/**
 * Loads CC-CEDICT, the glossary, the segmenter and the English index before the API serves: a few
 * seconds of CPU that would otherwise stall every request behind the first dictionary lookup or
 * English query of a subscriber.
 */
export function loadReadingAid(): void {
  readText('营商环境');
  englishQueryGroups('rare earth');
}
