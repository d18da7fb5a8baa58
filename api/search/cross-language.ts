import type { MultiSearchQuery, MultiSearchResult } from 'meilisearch';
import { englishQueryGroups, type QueryGroup } from '../reading/english-senses.ts';
import { highlightTags, type FormattedFields } from '../shared/highlight.ts';
import { cardFromDocument, type PolicyCardDocument } from '../shared/policy-card.ts';
import type { CrossLanguageMatches, TermMatch } from '../shared/search.ts';
import type { AnswerShape, PolicySearch } from './cached-search.ts';
import { withLlmTerms, type LlmTerms } from './llm-terms.ts';
import { cardFields, searchableFieldsFor, type SearchReader } from './policy-index.ts';

/**
 * English queries that find Chinese documents (decision 024). The dictionary gives each phrase of
 * the query its candidate Chinese words (api/reading/english-senses.ts); the index chooses among
 * them: a candidate found in no policy is dropped, and of the combinations of one candidate per
 * phrase, the ones most policies hold together are searched (co-occurrence: 召回 with 汽车 and
 * 缺陷, not 想起). When no policy holds every phrase, the combinations of all phrases but one are
 * searched instead, so one word with no Chinese match does not empty the answer. The chosen
 * combinations are a function of the query and the index only (counted without the page's
 * filters, through the same kept answers as every search), so a query means the same Chinese
 * matches on every road. Only for a reader entitled to the full text: the Chinese original is
 * paid text, and search sees what the reader may read. A reading aid, never a translation: each
 * result says which Chinese terms it matched for which English words.
 */

/** The search document's fields that hold Chinese text: the original, and the title and key points of a policy still untranslated. */
const chineseFields = new Set<string>(['title', 'keyPoints', 'chineseOriginal']);

/** Chinese matches shown beside the first page of results. */
export const crossLanguageLimit = 10;
/** Candidates kept per phrase: the glossary's, then those most policies hold. */
const sensesPerPhrase = 3;
/** Combinations counted at most, per number of phrases covered. */
const maxCombinationsCounted = 27;
/** Combinations searched: the ones most policies hold. */
const combinationsSearched = 3;

/** The terms of one search: one Chinese term for each phrase it covers. */
export type Combination = TermMatch[];

export type CrossLanguagePlan = {
  /** Every term searched, once, for the answer's note. */
  matched: TermMatch[];
  combinations: Combination[];
  /** One query per combination, in order: each requires every one of its terms. */
  queries: Omit<MultiSearchQuery, 'indexUid' | 'filter'>[];
};

const countsShape: AnswerShape<unknown, number[]> = {
  name: 'cross-language counts',
  build: (results) => results.map((result) => result.estimatedTotalHits ?? result.totalHits ?? 0),
};

/** Each combination of one term per group (the first terms first), at most `max` of them. */
function combinationsOf(groups: { english: string; terms: string[] }[], max: number): Combination[] {
  const lists = groups.map((group) => [...group.terms]);
  // Fewer senses for the phrase with the most until the product fits.
  while (lists.reduce((product, list) => product * list.length, 1) > max) {
    const longest = lists.reduce((a, b) => (b.length > a.length ? b : a));
    longest.pop();
  }
  let combinations: Combination[] = [[]];
  lists.forEach((terms, index) => {
    combinations = combinations.flatMap((combination) => terms.map((chinese) => [...combination, { chinese, english: groups[index]!.english }]));
  });
  return combinations;
}

const quoted = (combination: Combination) => combination.map((match) => `"${match.chinese}"`).join(' ');

/**
 * The Chinese matches' queries for `q`, or null when the reader may not search the text or no
 * phrase of `q` has a Chinese equivalent found in the index.
 */
export async function crossLanguagePlan(search: PolicySearch, q: string | undefined, reader: SearchReader, limit: number, llmTerms: LlmTerms | null = null): Promise<CrossLanguagePlan | null> {
  if (!q || !reader.entitled) return null;
  // With an LLM configured, its terms are candidates beside the dictionary's, chosen among the same way.
  const groups = llmTerms ? withLlmTerms(englishQueryGroups(q), await llmTerms(q)) : englishQueryGroups(q);
  if (groups.length === 0) return null;
  // Only the fields that hold Chinese: the English ones cannot match a Chinese term, and each field searched costs.
  const attributesToSearchOn = searchableFieldsFor(reader).filter((field) => chineseFields.has(field));
  const count = async (combinations: Combination[]) =>
    (
      await search.search(
        combinations.map((combination) => ({ indexUid: search.indexName, q: quoted(combination), attributesToSearchOn, matchingStrategy: 'all' as const, limit: 0 })),
        reader,
        countsShape,
      )
    ).value;

  // The senses that occur: each candidate's number of policies.
  const candidates = groups.flatMap((group) => group.terms.map((term) => [{ chinese: term.term, english: group.english }]));
  const policiesWith = await count(candidates);
  const occurring = groupsThatOccur(groups, (term) => policiesWith[candidates.findIndex(([match]) => match!.chinese === term)]!);
  if (occurring.length === 0) return null;

  // The combinations policies hold, the most phrases first: all of them, else all but one.
  for (const covered of occurring.length > 1 ? [occurring.length, occurring.length - 1] : [1]) {
    const subsets = subsetsOf(occurring, covered).map((subset) => combinationsOf(subset, maxCombinationsCounted));
    const counts = await count(subsets.flat());
    let next = 0;
    // Each subset of phrases by its combination most policies hold; with every phrase, the few best combinations.
    const best = subsets.flatMap((combinations) => {
      const held = combinations
        .map((combination) => ({ combination, policies: counts[next++]! }))
        .filter((entry) => entry.policies > 0)
        .sort((a, b) => b.policies - a.policies);
      return subsets.length === 1 ? held.slice(0, combinationsSearched) : held.slice(0, 1);
    });
    const held = best
      .sort((a, b) => b.policies - a.policies)
      .slice(0, combinationsSearched)
      .map((entry) => entry.combination);
    if (held.length > 0) return planOf(held, attributesToSearchOn, limit);
  }
  return null;
}

function groupsThatOccur(groups: QueryGroup[], policiesWith: (term: string) => number): { english: string; terms: string[] }[] {
  return groups
    .map((group) => ({
      english: group.english,
      terms: group.terms
        .map((term) => ({ term: term.term, preferred: term.source !== 'cc-cedict', policies: policiesWith(term.term) }))
        .filter((entry) => entry.policies > 0)
        // The glossary's and the LLM's terms first (what the term means in policy text), then the commonest in the index.
        .sort((a, b) => Number(b.preferred) - Number(a.preferred) || b.policies - a.policies)
        .slice(0, sensesPerPhrase)
        .map((entry) => entry.term),
    }))
    .filter((group) => group.terms.length > 0);
}

/** `items` itself (`size` its length), or each way of leaving one out (`size` one less). */
function subsetsOf<T>(items: T[], size: number): T[][] {
  if (size === items.length) return [items];
  return items.map((_, left) => items.filter((__, index) => index !== left));
}

function planOf(combinations: Combination[], attributesToSearchOn: string[], limit: number): CrossLanguagePlan {
  const matched: TermMatch[] = [];
  for (const match of combinations.flat()) if (!matched.some((known) => known.chinese === match.chinese)) matched.push(match);
  return {
    matched,
    combinations,
    queries: combinations.map((combination) => ({
      q: quoted(combination),
      attributesToSearchOn,
      matchingStrategy: 'all',
      limit,
      attributesToRetrieve: [...cardFields],
      // The match is highlighted where a card shows Chinese (an untranslated policy's title and key
      // points). Not cropped from the original: the crop of long texts tripled the search's p95
      // (api/bench/reading.ts); the policy page marks the terms in the original.
      attributesToHighlight: ['title', 'keyPoints'],
      ...highlightTags,
    })),
  };
}

/**
 * The combinations' hits as one list: the first hit of each combination, then the second of each,
 * and so on, each policy once, with the terms of the combination it was found by.
 */
export function mergedHits<Document extends { id: number }>(results: readonly MultiSearchResult<Document>[], plan: CrossLanguagePlan): { hit: MultiSearchResult<Document>['hits'][number]; matched: TermMatch[] }[] {
  const merged: { hit: MultiSearchResult<Document>['hits'][number]; matched: TermMatch[] }[] = [];
  const seen = new Set<number>();
  const longest = Math.max(0, ...results.map((result) => result.hits.length));
  for (let rank = 0; rank < longest; rank++) {
    results.forEach((result, index) => {
      const hit = result.hits[rank];
      if (hit && !seen.has(hit.id)) {
        seen.add(hit.id);
        merged.push({ hit, matched: plan.combinations[index]! });
      }
    });
  }
  return merged;
}

/** The Chinese matches not already among `shownIds`, as cards, each saying what it matched for. */
export function crossLanguageMatches(results: readonly MultiSearchResult<PolicyCardDocument>[], plan: CrossLanguagePlan, shownIds: ReadonlySet<number>, limit: number): CrossLanguageMatches {
  return {
    matched: plan.matched,
    policies: mergedHits(results, plan)
      .filter(({ hit }) => !shownIds.has(hit.id))
      .slice(0, limit)
      .map(({ hit, matched }) => ({ ...cardFromDocument(hit, hit._formatted as FormattedFields | undefined), matched })),
  };
}
