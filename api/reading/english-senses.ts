import { dict } from '@node-rs/jieba/dict.js';
import { cedictEntries, isUsefulSense } from './cc-cedict.ts';
import { policyGlossary } from './glossary.ts';

/**
 * English to Chinese, for English queries that should find Chinese text: the policy glossary's
 * English equivalents first, then CC-CEDICT's senses. A sense is a phrase of up to four words
 * ("rare earth (chemistry)" → "rare earth"); among the Chinese words sharing one, the commonest in
 * jieba's dictionary comes first (银行 before 岸 for "bank"). Single characters are left out: as a
 * search term 岸 matches everything.
 */

export type ChineseTerm = { term: string; source: 'glossary' | 'cc-cedict' };

const maxPhraseWords = 4;
/** CC-CEDICT words kept per English phrase: a query uses the first, the rest are there to be shown. */
const termsPerPhrase = 3;

/** "to deposit money (in a bank etc)" → "deposit money"; "the State Council" → "state council". */
export function normaliseSense(sense: string): string {
  return sense
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/^\s*(to|the|a|an)\s+/, ' ')
    .replace(/[^\p{L}\p{N}'\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let index: Map<string, ChineseTerm[]> | undefined;

function frequencies(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of new TextDecoder().decode(dict).split('\n')) {
    const [word, count] = line.split(' ');
    if (word && count) counts.set(word, Number(count));
  }
  return counts;
}

export function englishIndex(): Map<string, ChineseTerm[]> {
  if (index) return index;
  const byPhrase = new Map<string, ChineseTerm[]>();
  const add = (phrase: string, term: ChineseTerm) => {
    if (!phrase || phrase.split(' ').length > maxPhraseWords) return;
    const terms = byPhrase.get(phrase);
    if (!terms) byPhrase.set(phrase, [term]);
    else if (!terms.some((known) => known.term === term.term)) terms.push(term);
  };
  for (const entry of policyGlossary().values()) {
    for (const english of entry.english) add(normaliseSense(english), { term: entry.term, source: 'glossary' });
  }
  const counts = frequencies();
  const fromCedict = new Map<string, Set<string>>();
  for (const [word, entries] of cedictEntries()) {
    if (word.length < 2 || !/^\p{Script=Han}+$/u.test(word)) continue;
    for (const entry of entries) {
      if (entry.simplified !== word) continue;
      for (const sense of entry.english.flatMap((text) => text.split('; ')).filter(isUsefulSense)) {
        const phrase = normaliseSense(sense);
        const words = fromCedict.get(phrase);
        if (words) words.add(word);
        else fromCedict.set(phrase, new Set([word]));
      }
    }
  }
  for (const [phrase, words] of fromCedict) {
    const commonest = [...words].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0)).slice(0, termsPerPhrase);
    for (const word of commonest) add(phrase, { term: word, source: 'cc-cedict' });
  }
  index = byPhrase;
  return byPhrase;
}

/** Words that carry no subject of their own: never looked up alone. */
const stopwords = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the their this to was were will with about on under over new rules rule policy policies measures notice law china chinese national state'.split(' '),
);

export type Expansion = { english: string; chinese: string; source: ChineseTerm['source'] };

/** "devices" is looked up as "device" too (and "device" as "devices"); "subsidies" as "subsidy". */
function singular(phrase: string): string {
  if (phrase.endsWith('ies')) return `${phrase.slice(0, -3)}y`;
  if (phrase.endsWith('s') && !phrase.endsWith('ss')) return phrase.slice(0, -1);
  return phrase;
}

/**
 * The English query's phrases that have a Chinese equivalent (the longest phrase wins), each with
 * its best term: "rare earth export" → 稀土 for "rare earth", 出口 for "export". The glossary's
 * terms come first: they are the surest, and a search requires its first term.
 */
export function expandEnglishQuery(query: string): Expansion[] {
  const words = query.toLowerCase().match(/[a-z][a-z'\-]*/g) ?? [];
  if (words.length === 0 || /\p{Script=Han}/u.test(query)) return [];
  const phrases = englishIndex();
  const expansions: Expansion[] = [];
  for (let start = 0; start < words.length; ) {
    let matched = 0;
    for (let length = Math.min(maxPhraseWords, words.length - start); length >= 1; length--) {
      const phrase = words.slice(start, start + length).join(' ');
      if (length === 1 && stopwords.has(phrase)) continue;
      const best = (phrases.get(phrase) ?? phrases.get(singular(phrase)) ?? phrases.get(`${phrase}s`))?.[0];
      if (!best) continue;
      if (!expansions.some((expansion) => expansion.chinese === best.term)) expansions.push({ english: phrase, chinese: best.term, source: best.source });
      matched = length;
      break;
    }
    start += Math.max(matched, 1);
  }
  return [...expansions.filter((expansion) => expansion.source === 'glossary'), ...expansions.filter((expansion) => expansion.source !== 'glossary')];
}
