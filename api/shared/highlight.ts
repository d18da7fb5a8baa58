import type { HighlightPart } from './search.ts';

/**
 * Highlighted text as the API and the dashboard read it from Meilisearch. Shared with the web app
 * (whose InstantSearch client reads the same markers), so both cut snippets the same way.
 */

/**
 * Highlight markers that do not occur in policy text (Unicode private use), so highlighted strings
 * are split into parts instead of handing the browser markup to inject.
 */
export const highlightTags = { highlightPreTag: '\uE000', highlightPostTag: '\uE001' } as const;
export const cropMarker = '…';

const markers = /([\uE000\uE001])/;

/** Splits a string highlighted with {@link highlightTags} into matched and unmatched parts. */
export function splitHighlight(highlighted: string | undefined): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let match = false;
  for (const piece of (highlighted ?? '').split(markers)) {
    if (piece === highlightTags.highlightPreTag) match = true;
    else if (piece === highlightTags.highlightPostTag) match = false;
    else if (piece) parts.push({ text: piece, match });
  }
  return parts;
}

export function hasMatch(parts: readonly HighlightPart[] | undefined): parts is readonly HighlightPart[] {
  return Boolean(parts?.some((part) => part.match));
}

/** The spec's snippet fallback when the description does not hold the match: its first 150 characters. */
export function leadingSnippet(text: string, length = 150): HighlightPart[] {
  const characters = Array.from(text);
  if (characters.length <= length) return text ? [{ text, match: false }] : [];
  return [{ text: `${characters.slice(0, length).join('').trimEnd()}${cropMarker}`, match: false }];
}

/** A letter or digit of a script written with spaces between words (not Chinese, where every character is a boundary). */
const spacedWordCharacter = /^[\p{L}\p{N}'’_-]$/u;
const han = /^\p{Script=Han}$/u;

function insideWord(before: string | undefined, after: string | undefined): boolean {
  return (
    before !== undefined &&
    after !== undefined &&
    spacedWordCharacter.test(before) &&
    spacedWordCharacter.test(after) &&
    !han.test(before) &&
    !han.test(after)
  );
}

/**
 * The passage around the first match: about `before` and `after` characters on each side, cut at word
 * boundaries (never inside an English word; anywhere between Chinese characters), with the crop
 * marker where text was left out. `parts` may already be a crop: a crop marker at either end says
 * the text went on there. Answers [] when nothing matched.
 */
export function snippetAround(parts: readonly HighlightPart[], before = 50, after = before): HighlightPart[] {
  // Offsets into the joined text (UTF-16 units), stepped a character (code point) at a time: only
  // the characters near the first match are visited, never the whole text (a card's description,
  // a passage of the translation). Of the API's CPU per search, one character object each made
  // this a tenth (issue 18's profile).
  const text = parts.map((part) => part.text).join('');
  let low = 0;
  let high = text.length;
  const firstPart = parts.find((part) => part.text);
  const lastPart = parts.findLast((part) => part.text);
  const cutBefore = firstPart !== undefined && !firstPart.match && text.startsWith(cropMarker);
  const cutAfter = lastPart !== undefined && !lastPart.match && text.endsWith(cropMarker) && high - cropMarker.length >= (cutBefore ? cropMarker.length : 0);
  if (cutBefore) low += cropMarker.length;
  if (cutAfter) high -= cropMarker.length;

  // The parts as [from, to) ranges of the text, and the first run of matched characters.
  const ranges: { from: number; to: number; match: boolean }[] = [];
  let offset = 0;
  for (const part of parts) {
    const from = Math.max(offset, low);
    const to = Math.min(offset + part.text.length, high);
    if (to > from) ranges.push({ from, to, match: part.match });
    offset += part.text.length;
  }
  const firstMatch = ranges.findIndex((range) => range.match);
  if (firstMatch < 0) return [];
  const first = ranges[firstMatch]!.from;
  let matchEnd = first;
  for (let index = firstMatch; index < ranges.length && ranges[index]!.match && ranges[index]!.from === matchEnd; index++) matchEnd = ranges[index]!.to;

  const characterAt = (at: number) => (at >= low && at < high ? String.fromCodePoint(text.codePointAt(at)!) : undefined);
  const characterBefore = (at: number) => (at > low ? characterAt(previous(text, at)) : undefined);
  const backward = (from: number, count: number) => {
    let at = from;
    for (let step = 0; step < count && at > low; step++) at = previous(text, at);
    return at;
  };
  const forward = (from: number, count: number) => {
    let at = from;
    for (let step = 0; step < count && at < high; step++) at += characterAt(at)!.length;
    return at;
  };

  let start = backward(first, before);
  while (start < first && insideWord(characterBefore(start), characterAt(start))) start += characterAt(start)!.length;
  let end = forward(matchEnd, after);
  while (end > matchEnd && insideWord(characterBefore(end), characterAt(end))) end = previous(text, end);

  // Spaces and punctuation at a cut edge read as noise next to the marker.
  const edge = /^[\s,;:.，。；：、]$/u;
  if (start > low) while (start < first && edge.test(characterAt(start)!)) start += characterAt(start)!.length;
  if (end < high) while (end > matchEnd && edge.test(characterBefore(end)!)) end = previous(text, end);

  const snippet: HighlightPart[] = [];
  const push = (piece: string, match: boolean) => {
    if (!piece) return;
    const last = snippet.at(-1);
    if (last && last.match === match) last.text += piece;
    else snippet.push({ text: piece, match });
  };
  if (start > low || cutBefore) push(cropMarker, false);
  for (const range of ranges) push(text.slice(Math.max(range.from, start), Math.min(range.to, end)), range.match);
  if (end < high || cutAfter) push(cropMarker, false);
  return snippet;
}

/** Where the character (code point) ending at `at` starts. */
function previous(text: string, at: number): number {
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 && text.charCodeAt(at - 2) >= 0xd800 && text.charCodeAt(at - 2) <= 0xdbff ? at - 2 : at - 1;
}

/** Characters of description kept before and after the match on a result card (three lines show: the match stays near the start). */
const cardContext = { before: 60, after: 300 } as const;
const passageContext = { before: 80, after: 160 } as const;

/** A search hit's highlighted fields, as Meilisearch formats them with {@link highlightTags}. */
export type FormattedFields = { title?: string; description?: string; keyPoints?: readonly string[]; englishTranslation?: string };

/**
 * A result card's highlight: the title, the description cut around the match, and, when the
 * description shows no match, the passage that matched: a key point, else the full translation's
 * crop (present only for a reader entitled to it). One rule for the search page and the dashboard.
 */
export function cardHighlight(formatted: FormattedFields, title: string): { title: HighlightPart[]; description: HighlightPart[]; passage?: HighlightPart[] } {
  const description = snippetAround(splitHighlight(formatted.description), cardContext.before, cardContext.after);
  const passage = hasMatch(description) ? [] : bodyPassage(formatted);
  return {
    title: splitHighlight(formatted.title ?? title),
    description,
    ...(passage.length ? { passage } : {}),
  };
}

function bodyPassage(formatted: FormattedFields): HighlightPart[] {
  for (const keyPoint of formatted.keyPoints ?? []) {
    const parts = splitHighlight(keyPoint);
    if (hasMatch(parts)) return snippetAround(parts, passageContext.before, passageContext.after);
  }
  return snippetAround(splitHighlight(formatted.englishTranslation), passageContext.before, passageContext.after);
}
