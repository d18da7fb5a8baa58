import type { Hit } from 'instantsearch.js';
import type { HighlightPart, PolicyCard, PolicyTag } from '../../../api/shared/search.ts';
import type { PolicyDocument } from '../../../indexer/document.ts';
import { highlightPostTag, highlightPreTag } from './search-client.ts';

type CardDocument = Pick<
  PolicyDocument,
  'id' | 'title' | 'description' | 'date' | 'departmentId' | 'departmentCode' | 'impact' | 'industries' | 'industryIds' | 'topicCodes' | 'topicNames' | 'topicIds'
>;

export type PolicyHit = Hit<CardDocument>;

const markers = new RegExp(`([${highlightPreTag}${highlightPostTag}])`);

/** Splits a value highlighted with our private-use markers into matched and unmatched parts. */
function splitHighlight(highlighted: string | undefined): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let match = false;
  for (const piece of (highlighted ?? '').split(markers)) {
    if (piece === highlightPreTag) match = true;
    else if (piece === highlightPostTag) match = false;
    else if (piece) parts.push({ text: piece, match });
  }
  return parts;
}

function highlighted(hit: PolicyHit, field: 'title' | 'description'): string | undefined {
  const entry = hit._highlightResult?.[field];
  return entry && 'value' in entry && typeof entry.value === 'string' ? entry.value : undefined;
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
    highlight: { title: splitHighlight(highlighted(hit, 'title')), description: splitHighlight(highlighted(hit, 'description')) },
  };
}
