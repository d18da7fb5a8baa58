import type { MultiSearchQuery, MultiSearchResult } from 'meilisearch';
import { expandEnglishQuery, type Expansion } from '../reading/english-senses.ts';
import { highlightTags, type FormattedFields } from '../shared/highlight.ts';
import { cardFromDocument, type PolicyCardDocument } from '../shared/policy-card.ts';
import type { CrossLanguageMatches, TermMatch } from '../shared/search.ts';
import { cardFields, searchableFieldsFor, type SearchReader } from './policy-index.ts';

/**
 * English queries that find Chinese documents: the query's phrases with a Chinese equivalent (the
 * policy glossary, then CC-CEDICT's senses; api/reading/english-senses.ts) become one more query
 * in the same multi-search, over the fields the reader may search, each term a phrase and every
 * one required, as every word of an English query in date order is: a policy is listed only when
 * it holds each Chinese term it is said to match. Only for a reader entitled to the full text: the Chinese original is paid
 * text, and search sees what the reader may read. A reading aid, never a translation: each result
 * says which Chinese term it matched for which English words.
 */

/** The search document's fields that hold Chinese text: the original, and the title and key points of a policy still untranslated. */
const chineseFields = new Set<string>(['title', 'keyPoints', 'chineseOriginal']);

/** Chinese matches shown beside the first page of results. */
export const crossLanguageLimit = 10;

export type CrossLanguagePlan = { expansions: Expansion[]; query: Omit<MultiSearchQuery, 'indexUid' | 'filter'> };

/** The extra query for `q`, or null when the reader may not search the text or nothing in `q` has a Chinese equivalent. */
export function crossLanguagePlan(q: string | undefined, reader: SearchReader, limit: number): CrossLanguagePlan | null {
  if (!q || !reader.entitled) return null;
  const expansions = expandEnglishQuery(q);
  if (expansions.length === 0) return null;
  return {
    expansions,
    query: {
      q: expansions.map((expansion) => `"${expansion.chinese}"`).join(' '),
      // Only the fields that hold Chinese: the English ones cannot match a Chinese term, and each field searched costs.
      attributesToSearchOn: searchableFieldsFor(reader).filter((field) => chineseFields.has(field)),
      matchingStrategy: 'all',
      limit,
      attributesToRetrieve: [...cardFields],
      // The match is highlighted where a card shows Chinese (an untranslated policy's title and key
      // points). Not cropped from the original: the crop of long texts tripled the search's p95
      // (api/bench/reading.ts), and the note says the term the original matched.
      attributesToHighlight: ['title', 'keyPoints'],
      ...highlightTags,
    },
  };
}

/** The terms a hit matched: every one of them, as the query requires them all. */
export function termMatches(expansions: readonly Expansion[]): TermMatch[] {
  return expansions.map((expansion) => ({ chinese: expansion.chinese, english: expansion.english }));
}

/** The Chinese matches not already among `shownIds`, as cards, each saying what it matched for. */
export function crossLanguageMatches(
  result: MultiSearchResult<PolicyCardDocument>,
  expansions: readonly Expansion[],
  shownIds: ReadonlySet<number>,
): CrossLanguageMatches {
  const matched = termMatches(expansions);
  return {
    matched,
    policies: result.hits
      .filter((hit) => !shownIds.has(hit.id))
      .map((hit) => ({ ...cardFromDocument(hit, hit._formatted as FormattedFields | undefined), matched })),
  };
}
