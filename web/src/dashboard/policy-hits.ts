import type { Hit } from 'instantsearch.js';
import type { PolicyCard, PolicyTag } from '../../../api/shared/search.ts';
import type { PolicyDocument } from '../../../indexer/document.ts';
import { cardHighlight } from '../../../api/shared/highlight.ts';

type CardDocument = Pick<
  PolicyDocument,
  'id' | 'title' | 'description' | 'date' | 'departmentId' | 'departmentCode' | 'impact' | 'industries' | 'industryIds' | 'topicCodes' | 'topicNames' | 'topicIds'
>;

export type PolicyHit = Hit<CardDocument>;

type Formatted = Record<string, { value?: unknown } | { value?: unknown }[] | undefined> | undefined;

/** A field as Meilisearch formatted it: instant-meilisearch puts cropped fields in _snippetResult, the rest in _highlightResult. */
function formattedValue(hit: PolicyHit, field: string): string | undefined {
  const entry = (hit._snippetResult as Formatted)?.[field] ?? (hit._highlightResult as Formatted)?.[field];
  return entry && !Array.isArray(entry) && typeof entry.value === 'string' ? entry.value : undefined;
}

/** A list field (key points) as Meilisearch formatted it, an entry per item. */
function formattedList(hit: PolicyHit, field: string): string[] {
  const entry = (hit._highlightResult as Formatted)?.[field];
  return Array.isArray(entry) ? entry.flatMap((item) => (typeof item.value === 'string' ? [item.value] : [])) : [];
}

/** A search hit as the card the search endpoint would have answered. */
export function cardFromHit(hit: PolicyHit): PolicyCard {
  const tags: PolicyTag[] = [
    ...hit.industryIds.map((industryId, index): PolicyTag => ({ kind: 'industry', industryId, name: hit.industries[index] ?? '', color: '' })),
    ...hit.topicIds.map(
      (topicId, index): PolicyTag => ({
        kind: 'topic',
        topicId,
        code: hit.topicCodes[index] ?? '',
        name: hit.topicNames[index] ?? hit.topicCodes[index] ?? '',
        color: '',
      }),
    ),
  ];
  return {
    id: hit.id,
    title: hit.title,
    description: hit.description,
    time: hit.date,
    departmentId: hit.departmentId,
    departmentCode: hit.departmentCode || null,
    impact: hit.impact,
    tags,
    highlight: cardHighlight(
      {
        title: formattedValue(hit, 'title'),
        description: formattedValue(hit, 'description'),
        keyPoints: formattedList(hit, 'keyPoints'),
        englishTranslation: formattedValue(hit, 'englishTranslation'),
      },
      hit.title,
    ),
  };
}
