import { dict } from '@node-rs/jieba/dict.js';
import { cedictEntries, isUsefulSense } from './cc-cedict.ts';
import { policyGlossary } from './glossary.ts';

/**
 * English to Chinese, for English queries that should find Chinese text: the policy glossary's
 * English equivalents first, then CC-CEDICT's senses. A sense is a phrase of up to four words
 * ("rare earth (chemistry)" → "rare earth"); among the Chinese words sharing one, the commonest in
 * jieba's dictionary come first (银行 before 岸 for "bank"). Single characters are left out: as a
 * search term 岸 matches everything. Which of a phrase's words a query keeps is the corpus's
 * choice (api/search/cross-language.ts): the dictionary offers candidates, the index tells which
 * occur in policy text.
 */

/** `llm`: asked of an LLM for the query (api/search/llm-terms.ts), when one is configured. */
export type ChineseTerm = { term: string; source: 'glossary' | 'cc-cedict' | 'llm' };

const maxPhraseWords = 4;
/** CC-CEDICT words kept per English phrase, commonest first: the candidates a query's sense is chosen among. */
const termsPerPhrase = 6;

/** "to deposit money (in a bank etc)" → "deposit money"; "the State Council" → "state council". */
export function normaliseSense(sense: string): string {
  return sense
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/^\s*(to|the|a|an)\s+/, ' ')
    // A hyphen is a space: "zero-waste city" is found as "zero waste city" and the other way round.
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let index: Map<string, ChineseTerm[]> | undefined;

let counts: Map<string, number> | undefined;

/** jieba's dictionary: each word with its frequency in jieba's corpus. */
function frequencies(): Map<string, number> {
  if (counts) return counts;
  counts = new Map<string, number>();
  for (const line of new TextDecoder().decode(dict).split('\n')) {
    const [word, count] = line.split(' ');
    if (word && count) counts.set(word, Number(count));
  }
  return counts;
}

let longerWords: Map<string, string[]> | undefined;

/**
 * Words one character longer that begin or end with a word, commonest first (民工 → 农民工):
 * the index holds 农民工 as one word, so a search for 民工 never finds it.
 */
function wordsAround(word: string): string[] {
  if (!longerWords) {
    const found = new Map<string, [string, number][]>();
    for (const [longer, count] of frequencies()) {
      if (longer.length < 3 || longer.length > 5 || count < 20 || !/^\p{Script=Han}+$/u.test(longer)) continue;
      for (const inner of [longer.slice(1), longer.slice(0, -1)]) {
        const list = found.get(inner);
        if (list) list.push([longer, count]);
        else found.set(inner, [[longer, count]]);
      }
    }
    longerWords = new Map([...found].map(([inner, list]) => [inner, list.sort((a, b) => b[1] - a[1]).map(([longer]) => longer)]));
  }
  return longerWords.get(word) ?? [];
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

/** One phrase of an English query and the Chinese words that may stand for it, the surest first. */
export type QueryGroup = { english: string; terms: ChineseTerm[] };

/**
 * The forms a phrase is also looked up as, by its last word: "devices" as "device" (and "device"
 * as "devices"), "subsidies" as "subsidy", "working" as "work", "licensed" as "license",
 * "determination" as "determine".
 */
function formsOf(phrase: string): string[] {
  const forms = [phrase, `${phrase}s`];
  const ending = (suffix: string, ...replacements: string[]) => {
    if (phrase.endsWith(suffix) && phrase.length > suffix.length + 2) for (const replacement of replacements) forms.push(`${phrase.slice(0, -suffix.length)}${replacement}`);
  };
  ending('ies', 'y');
  if (!phrase.endsWith('ss')) ending('s', '');
  ending('ing', '', 'e');
  ending('ed', '', 'e');
  ending('ation', 'e', '');
  return forms;
}

/** Longer words around a term that a query also tries (民工 → 农民工), at most this many per term. */
const wordsAroundPerTerm = 2;

/** Of a law ("statistics law" → 统计法 beside 统计): the English word and the Chinese suffix. */
const lawWord = 'law';
const lawSuffix = '法';

/**
 * The English query's phrases that have a Chinese equivalent, the longest phrase first ("migrant
 * workers" before "migrant"; a hyphen is a space: "anti-money laundering" finds "money
 * laundering"), each with every candidate: the glossary's terms, CC-CEDICT's words for the phrase
 * and its singular or plural, the longer words around each (民工 → 农民工), and for a phrase
 * followed by "law" the law's name (统计 → 统计法). Which candidates a search keeps is decided
 * against the index (api/search/cross-language.ts).
 */
export function englishQueryGroups(query: string): QueryGroup[] {
  if (/\p{Script=Han}/u.test(query)) return [];
  const words = query.toLowerCase().match(/[a-z][a-z']*/g) ?? [];
  const phrases = englishIndex();
  const groups: QueryGroup[] = [];
  const termsOf = (phrase: string): ChineseTerm[] | undefined => {
    const terms = formsOf(phrase).flatMap((form) => phrases.get(form) ?? []);
    return terms.length > 0 ? terms : undefined;
  };
  for (let start = 0; start < words.length; ) {
    let matched = 0;
    for (let length = Math.min(maxPhraseWords, words.length - start); length >= 1; length--) {
      const phrase = words.slice(start, start + length).join(' ');
      if (length === 1 && stopwords.has(phrase)) continue;
      const found = termsOf(phrase);
      if (!found) continue;
      // A phrase that begins one word earlier, across the previous phrase's end: "yangtze river
      // basin" is "yangtze river" and "basin", and "river basin" (流域) speaks for "basin" too.
      for (let overlapping = Math.min(maxPhraseWords, length + 1); start > 0 && overlapping >= 2; overlapping--) {
        found.push(...(termsOf(words.slice(start - 1, start - 1 + overlapping).join(' ')) ?? []));
      }
      const terms: ChineseTerm[] = [];
      const add = (term: ChineseTerm) => {
        if (!terms.some((known) => known.term === term.term) && !groups.some((group) => group.terms.some((known) => known.term === term.term))) terms.push(term);
      };
      for (const term of found) add(term);
      for (const term of found) for (const longer of wordsAround(term.term).slice(0, wordsAroundPerTerm)) add({ term: longer, source: term.source });
      const ofLaw = words[start + length] === lawWord;
      if (ofLaw) for (const term of found) add({ term: `${term.term}${lawSuffix}`, source: term.source });
      if (terms.length > 0) groups.push({ english: ofLaw ? `${phrase} ${lawWord}` : phrase, terms });
      matched = length + (ofLaw ? 1 : 0);
      break;
    }
    start += Math.max(matched, 1);
  }
  return groups;
}
