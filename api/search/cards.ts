import { industryList } from '../../db/reference-data.ts';
import type { PolicyDocument } from '../../indexer/document.ts';
import type { PolicyCard, PolicyTag } from '../shared/search.ts';
import type { cardFields } from './policy-index.ts';

export type CardDocument = Pick<PolicyDocument, (typeof cardFields)[number]>;

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
