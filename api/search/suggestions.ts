import type { MultiSearchQuery, MultiSearchResult } from 'meilisearch';
import type { PolicyDocument } from '../../indexer/document.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AnswerShape, SearchAnswer } from './cached-search.ts';
import { crossLanguagePlan, mergedHits, type CrossLanguagePlan } from './cross-language.ts';
import { searchableFieldsFor, type SearchReader } from './policy-index.ts';
import type { PolicySuggestion, SuggestResponse } from '../shared/search.ts';
import { hasMatch, highlightTags, leadingSnippet, snippetAround, splitHighlight } from '../shared/highlight.ts';

type SuggestionDocument = Pick<PolicyDocument, 'id' | 'title' | 'description' | 'date' | 'departmentId' | 'departmentCode'>;

/**
 * The spec's snippet: about 50 characters each side of the match. Descriptions are short, so the
 * whole description comes back highlighted and is cut here, by characters at word boundaries:
 * Meilisearch crops by its own words, which keeps 0-2 characters before a match near a
 * punctuation-split word ("…s Bank of China").
 */
const snippetContext = 50;

/** The one Meilisearch query behind a suggestion list (the benchmark sends it directly, to compare). */
export function buildSuggestionSearch(q: string, limit: number, indexUid: string, reader: SearchReader): MultiSearchQuery {
  return {
    indexUid,
    q,
    attributesToSearchOn: searchableFieldsFor(reader),
    limit,
    attributesToRetrieve: ['id', 'title', 'description', 'date', 'departmentId', 'departmentCode'],
    attributesToHighlight: ['title', 'description'],
    ...highlightTags,
  };
}

/** A suggestion query's hits as the dropdown's entries. */
function suggestionsOf(result: MultiSearchResult<SuggestionDocument>): PolicySuggestion[] {
  return result.hits.map(suggestionOf);
}

function suggestionOf(hit: MultiSearchResult<SuggestionDocument>['hits'][number]): PolicySuggestion {
  const title = String(hit._formatted?.title ?? hit.title);
  const description = String(hit._formatted?.description ?? '');
  const snippet = snippetAround(splitHighlight(description), snippetContext);
  return {
    id: hit.id,
    title: hit.title,
    time: hit.date,
    departmentId: hit.departmentId,
    departmentCode: hit.departmentCode || null,
    highlight: {
      title: splitHighlight(title),
      // Without a match in the description, the spec shows its first 150 characters instead of a crop.
      description: hasMatch(snippet) ? snippet : leadingSnippet(hit.description),
    },
  };
}

/**
 * The dropdown's entries from the suggestion query's hits alone (AnswerShape), then, for an English
 * query with Chinese equivalents, the Chinese matches it did not list, each saying what it matched
 * for. The Chinese matches keep a quarter of the places (at least one) however many English hits
 * there are: common English words fill any limit, and the Chinese matches would never show.
 */
const suggestionShape = (crossLanguage: CrossLanguagePlan | null, limit: number): AnswerShape<SuggestionDocument, SuggestResponse> => ({
  name: 'suggestions',
  build: ([result, ...chineseResults]) => {
    const suggestions = suggestionsOf(result!);
    if (!crossLanguage) return { suggestions };
    const listed = new Set(suggestions.map((suggestion) => suggestion.id));
    const more = mergedHits(chineseResults, crossLanguage)
      .filter(({ hit }) => !listed.has(hit.id))
      .map(({ hit, matched }) => ({ ...suggestionOf(hit), matched }));
    const chinesePlaces = Math.min(more.length, Math.max(limit - suggestions.length, Math.ceil(limit / 4)));
    return { suggestions: [...suggestions.slice(0, limit - chinesePlaces), ...more.slice(0, chinesePlaces)] };
  },
});

const noSuggestions: SearchAnswer<SuggestResponse> = { value: { suggestions: [] }, json: '{"suggestions":[]}' };

/**
 * The search bar's dropdown, asked on every pause in typing: one small Meilisearch query, the
 * fewest fields, an estimated count (no exhaustive total), no facets.
 */
export async function suggestPolicies(deps: AppDeps, q: string, limit: number, reader: SearchReader): Promise<SearchAnswer<SuggestResponse>> {
  // A query with no letter or digit (punctuation, spaces) can match no word: Meilisearch would
  // answer it as an empty query, with policies that match nothing typed.
  if (!/[\p{L}\p{N}]/u.test(q)) return noSuggestions;
  // Keyed by what is asked, so a kept answer costs no cross-language plan.
  return deps.search.answer(`suggestions\n${JSON.stringify({ q, limit })}`, reader, async () => {
    const crossLanguage = await crossLanguagePlan(deps.search, q, reader, limit, deps.llmTerms);
    const queries = [buildSuggestionSearch(q, limit, deps.search.indexName, reader)];
    for (const query of crossLanguage?.queries ?? []) {
      queries.push({ ...query, indexUid: deps.search.indexName, attributesToRetrieve: queries[0]!.attributesToRetrieve, attributesToHighlight: ['title', 'description'] });
    }
    return { queries, shape: suggestionShape(crossLanguage, limit) };
  });
}
