import type { MultiSearchQuery } from 'meilisearch';
import type { AppDeps } from '../app-deps.ts';
import type { AnswerShape } from './cached-search.ts';
import type { PolicyCard } from '../shared/search.ts';
import { cardFromDocument, type PolicyCardDocument } from '../shared/policy-card.ts';
import { anyOf, compare, eitherOf } from './filter.ts';
import { cardFields, sortRules } from './policy-index.ts';

/** Industries by name and topics by code: the fields the index filters on. */
export type SimilarityBasis = { id: number; departmentId: number; industries: string[]; topicCodes: string[] };

/**
 * Policies like the given one, closest first: from its department sharing an industry or topic;
 * then from anywhere sharing both an industry and a topic; then sharing any of the three. Within a
 * tier the newest come first. One multi-search; a policy found by an earlier tier is not repeated.
 */
export async function similarPolicies(deps: AppDeps, basis: SimilarityBasis, options: { limit: number; exclude: readonly number[] }): Promise<PolicyCard[]> {
  const department = compare('departmentId', '=', basis.departmentId);
  const industry = basis.industries.length ? anyOf('industries', basis.industries) : null;
  const topic = basis.topicCodes.length ? anyOf('topicCodes', basis.topicCodes) : null;
  const sharedTag = [industry, topic].filter((expression) => expression !== null);

  const tiers: string[][] = [];
  if (sharedTag.length) tiers.push([department, eitherOf(sharedTag)]);
  if (industry && topic) tiers.push([industry, topic]);
  tiers.push([eitherOf([department, ...sharedTag])]);

  const excluded = new Set([basis.id, ...options.exclude]);
  // Asking each tier for the excluded ids on top keeps the filter free of an id condition.
  const perTier = options.limit + excluded.size;
  const queries = tiers.map(
    (filter): MultiSearchQuery => ({
      indexUid: deps.search.indexName,
      q: '',
      filter,
      sort: [sortRules.latest],
      limit: perTier,
      attributesToRetrieve: [...cardFields],
    }),
  );
  // No query text: what the reader may read changes nothing, so every reader shares the answer.
  const { value: candidates } = await deps.search.search(queries, { entitled: false }, tieredCardsShape);

  const similar: PolicyCard[] = [];
  for (const card of candidates) {
    if (similar.length >= options.limit) break;
    if (excluded.has(card.id)) continue;
    excluded.add(card.id);
    similar.push(card);
  }
  return similar;
}

/** Every tier's cards, closest tier first (AnswerShape); the caller drops repeats and excluded ids. */
const tieredCardsShape: AnswerShape<PolicyCardDocument, PolicyCard[]> = {
  name: 'related policies',
  build: (results) => results.flatMap((result) => result.hits.map((hit) => cardFromDocument(hit))),
};
