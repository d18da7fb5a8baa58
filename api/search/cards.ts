import { industryList } from '../../db/reference-data.ts';
import type { PolicyDocument } from '../../indexer/document.ts';
import type { HighlightPart, PolicyCard, PolicyTag } from '../shared/search.ts';
import type { cardFields } from './policy-index.ts';

export type CardDocument = Pick<PolicyDocument, (typeof cardFields)[number]>;

/**
 * Highlight markers that do not occur in policy text (Unicode private use), so the API can split
 * Meilisearch's highlighted strings into parts instead of handing the browser markup to inject.
 */
export const highlightTags = { highlightPreTag: '\uE000', highlightPostTag: '\uE001' } as const;
export const cropMarker = '…';

/** The spec's palette is reference data loaded from code on every start, so it is read from there, not per request from SQL. */
const industryColors = new Map<number, string>(industryList.map((industry) => [industry.id, industry.color]));
const unknownIndustryColor = 'blue';
const topicColor = 'blue';

export function industryColor(industryId: number): string {
  return industryColors.get(industryId) ?? unknownIndustryColor;
}

export function industryTag(industryId: number, name: string): PolicyTag {
  return { kind: 'industry', name, industryId, color: industryColor(industryId) };
}

export function topicTag(topicId: number, code: string, name: string): PolicyTag {
  return { kind: 'topic', name, topicId, code, color: topicColor };
}

export function cardFromDocument(document: CardDocument): PolicyCard {
  const tags: PolicyTag[] = [];
  document.industryIds.forEach((industryId, index) => tags.push(industryTag(industryId, document.industries[index] ?? '')));
  document.topicIds.forEach((topicId, index) =>
    tags.push(topicTag(topicId, document.topicCodes[index] ?? '', document.topicNames[index] ?? document.topicCodes[index] ?? '')),
  );
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    time: document.date,
    departmentId: document.departmentId,
    departmentCode: document.departmentCode || null,
    impact: document.impact,
    tags,
  };
}

/** Splits a string highlighted with {@link highlightTags} into matched and unmatched parts. */
export function splitHighlight(highlighted: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let match = false;
  for (const piece of highlighted.split(/([\uE000\uE001])/)) {
    if (piece === highlightTags.highlightPreTag) match = true;
    else if (piece === highlightTags.highlightPostTag) match = false;
    else if (piece) parts.push({ text: piece, match });
  }
  return parts;
}

export function hasMatch(parts: readonly HighlightPart[]): boolean {
  return parts.some((part) => part.match);
}

/** The spec's snippet fallback when the description does not hold the match: its first 150 characters. */
export function leadingSnippet(text: string, length = 150): HighlightPart[] {
  const characters = Array.from(text);
  if (characters.length <= length) return text ? [{ text, match: false }] : [];
  return [{ text: `${characters.slice(0, length).join('').trimEnd()}${cropMarker}`, match: false }];
}
