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
  const characters: { text: string; match: boolean }[] = [];
  for (const part of parts) for (const text of Array.from(part.text)) characters.push({ text, match: part.match });

  let cutBefore = false;
  let cutAfter = false;
  if (characters[0]?.text === cropMarker && !characters[0].match) {
    characters.shift();
    cutBefore = true;
  }
  if (characters.at(-1)?.text === cropMarker && !characters.at(-1)!.match) {
    characters.pop();
    cutAfter = true;
  }

  const first = characters.findIndex((character) => character.match);
  if (first < 0) return [];
  let matchEnd = first;
  while (characters[matchEnd]?.match) matchEnd++;

  const at = (index: number) => characters[index]?.text;
  let start = Math.max(0, first - before);
  while (start < first && insideWord(at(start - 1), at(start))) start++;
  let end = Math.min(characters.length, matchEnd + after);
  while (end > matchEnd && insideWord(at(end - 1), at(end))) end--;

  // Spaces and punctuation at a cut edge read as noise next to the marker.
  const edge = /^[\s,;:.，。；：、]$/u;
  if (start > 0) while (start < first && edge.test(at(start)!)) start++;
  if (end < characters.length) while (end > matchEnd && edge.test(at(end - 1)!)) end--;

  const snippet: HighlightPart[] = [];
  const push = (text: string, match: boolean) => {
    const last = snippet.at(-1);
    if (last && last.match === match) last.text += text;
    else snippet.push({ text, match });
  };
  if (start > 0 || cutBefore) push(cropMarker, false);
  for (const character of characters.slice(start, end)) push(character.text, character.match);
  if (end < characters.length || cutAfter) push(cropMarker, false);
  return snippet;
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
