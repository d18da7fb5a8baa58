import type { HighlightPart } from '../../../api/shared/search.ts';

/**
 * Where the Chinese terms an English query was matched through occur in a text, as the text split
 * into marked and unmarked parts. Every occurrence of every term is marked; occurrences that
 * overlap (医疗 inside 医疗旅游, or 医疗旅游 and 旅游先行 sharing 旅游) become one mark, so no
 * character is marked twice.
 */
export function markTerms(text: string, terms: readonly string[]): HighlightPart[] {
  const spans = occurrences(text, terms);
  const parts: HighlightPart[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.from > at) parts.push({ text: text.slice(at, span.from), match: false });
    parts.push({ text: text.slice(span.from, span.to), match: true });
    at = span.to;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** The [from, to) offsets of every occurrence, sorted, overlapping ones merged. */
function occurrences(text: string, terms: readonly string[]): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  for (const term of new Set(terms)) {
    if (!term) continue;
    for (let from = text.indexOf(term); from >= 0; from = text.indexOf(term, from + 1)) found.push({ from, to: from + term.length });
  }
  found.sort((a, b) => a.from - b.from || b.to - a.to);
  const merged: { from: number; to: number }[] = [];
  for (const span of found) {
    const last = merged.at(-1);
    if (last && span.from < last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * The marked parts of a text cut at its words' boundaries, one list per word: the reading aid shows
 * each word as its own button, and a mark may cover part of a word or run across several.
 * `words` are the text's words in order (the reading aid's segmentation gives back every character).
 */
export function partsByWord(words: readonly string[], parts: readonly HighlightPart[]): HighlightPart[][] {
  const byWord: HighlightPart[][] = [];
  let part = 0;
  let used = 0;
  for (const word of words) {
    const pieces: HighlightPart[] = [];
    let left = word.length;
    while (left > 0 && part < parts.length) {
      const current = parts[part]!;
      const take = Math.min(left, current.text.length - used);
      pieces.push({ text: current.text.slice(used, used + take), match: current.match });
      left -= take;
      used += take;
      if (used === current.text.length) {
        part++;
        used = 0;
      }
    }
    byWord.push(pieces);
  }
  return byWord;
}
