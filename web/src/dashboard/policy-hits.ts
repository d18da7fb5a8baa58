import type { Hit } from 'instantsearch.js';
import type { FormattedFields } from '../../../api/shared/highlight.ts';
import { cardFromDocument, type PolicyCardDocument } from '../../../api/shared/policy-card.ts';
import type { PolicyCard } from '../../../api/shared/search.ts';

export type PolicyHit = Hit<PolicyCardDocument>;

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

/** An InstantSearch hit as the card the search endpoint would have answered (the same builder). */
export function cardFromHit(hit: PolicyHit): PolicyCard {
  const formatted: FormattedFields = {
    title: formattedValue(hit, 'title'),
    description: formattedValue(hit, 'description'),
    keyPoints: formattedList(hit, 'keyPoints'),
    englishTranslation: formattedValue(hit, 'englishTranslation'),
  };
  return cardFromDocument(hit, formatted);
}
