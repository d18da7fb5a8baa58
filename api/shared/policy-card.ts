import type { PolicyDocument } from '../../indexer/document.ts';
import { tagColors } from '../../vocabulary/industries.ts';
import { cardHighlight, type FormattedFields } from './highlight.ts';
import type { PolicyCard, PolicyTag, policyCardFields } from './search.ts';

/**
 * The one policy card builder: from a search document (and what Meilisearch formatted of it) to
 * the card the lists show. The API builds its search answers with it and the dashboard builds its
 * InstantSearch hits with it, so both show the same card.
 */

/** The fields of the search document (indexer/document.ts) a card is built from. */
export type PolicyCardDocument = Pick<PolicyDocument, (typeof policyCardFields)[number]>;

/** A tag's colour is its kind's (vocabulary/industries.ts's tagColors), whatever the screen. */
export function industryTag(industryId: number, name: string): PolicyTag {
  return { kind: 'industry', name, industryId, color: tagColors.industry };
}

export function topicTag(topicId: number, code: string, name: string): PolicyTag {
  return { kind: 'topic', name, topicId, code, color: tagColors.topic };
}

export function cardFromDocument(document: PolicyCardDocument, formatted?: FormattedFields): PolicyCard {
  const tags: PolicyTag[] = [
    ...document.industryIds.map((industryId, index) => industryTag(industryId, document.industries[index] ?? '')),
    ...document.topicIds.map((topicId, index) =>
      topicTag(topicId, document.topicCodes[index] ?? '', document.topicNames[index] ?? document.topicCodes[index] ?? ''),
    ),
  ];
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    time: document.date,
    // A document that gave no date is never shown as news of the day it was received (issue 30 item 2).
    // Documents indexed before the field existed have none: their dates were their own.
    ...(document.dateKnown === false ? { dateKnown: false } : {}),
    departmentId: document.departmentId,
    departmentCode: document.departmentCode || null,
    // An issuer nothing named is indexed with no department code: said only then.
    ...(document.departmentCode === '' ? { issuerIdentified: false } : {}),
    impact: document.impact,
    tags,
    translation: { status: document.translationStatus, model: document.translationModel, reviewedOn: document.translationReviewedOn },
    // Documents indexed before the field existed have none: nothing was known of it then.
    effectiveness: document.effectiveness ?? 'unknown',
    ...(formatted ? { highlight: cardHighlight(formatted, document.title) } : {}),
  };
}
