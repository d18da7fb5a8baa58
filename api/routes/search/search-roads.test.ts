import algoliasearchHelper, { type PlainSearchParameters } from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importanceField } from '../../../vocabulary/importance.ts';
import { industryList } from '../../../vocabulary/industries.ts';
import type { TranslationStatus } from '../../../vocabulary/translation-status.ts';
import { facetFieldOf } from '../../../vocabulary/search-index.ts';
import { instantSearchIndexOf, searchSorts, type SearchSort } from '../../../vocabulary/search-order.ts';
import { searchResultIds } from '../../exports/list-rows.ts';
import { feedEntries, feedSize } from '../../feeds/policy-feed.ts';
import { callWithKey, createKeyFor } from '../../public-api/testing.ts';
import { countHits } from '../../saved-searches/saved-searches.ts';
import { crossLanguageLimit } from '../../search/cross-language.ts';
import { buildPolicyMatch } from '../../search/policy-match.ts';
import { indexAll, insertPolicies, type TestPolicy } from '../../search/testing.ts';
import { criteriaParams } from '../../shared/criteria-params.ts';
import { answerInstantSearch, type InstantSearchRequest } from '../../shared/instant-search-client.ts';
import { savedSearchQuerySchema } from '../../shared/saved-search-schemas.ts';
import { searchQuerySchema, type CrossLanguageMatches, type SearchCriteria, type SearchResponse, type SuggestResponse, type TermMatch } from '../../shared/search.ts';
import { loadCrossLanguageDocuments } from '../../search/cross-language-set.ts';
import { createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/**
 * The one search road (docs/decisions/012-one-search-road.md): every caller of the one builder
 * finds the same SET of policies for the same criteria, across every page, and each order only
 * orders that set. The callers: the search page (GET /api/search), the dashboard's InstantSearch
 * client driven by the algoliasearch helper as react-instantsearch drives it
 * (api/shared/instant-search-client.ts), a saved search's count, its feed, its alerts' matching,
 * a list export's rows and /api/v1's search.
 */

const words = ['data', 'security', 'rules', 'bank', 'export', 'energy', 'market', 'notice', 'credit', 'platform'];
const departmentIds = [1, 2, 4, 5, 7, 10, 13];
const topicCodes = ['DATASEC', 'FINTECH', 'BONDS', 'EXPCTRL', 'RENEW', 'CAPMKT'];

/**
 * Sixty policies, varied on every filtered field, with shared dates (ties in date order), and
 * titles and descriptions sharing some words of a two-word query but not all (where matching any
 * word and matching every word part).
 */
const policies: TestPolicy[] = Array.from({ length: 60 }, (_, index) => ({
  title: `${words[index % words.length]} ${words[(index * 3 + 1) % words.length]} measures ${index}`,
  description: `On ${words[(index * 7 + 2) % words.length]} in the sector.`,
  departmentId: departmentIds[index % departmentIds.length]!,
  publishedOn: `${2022 + (index % 4)}-${String((index % 12) + 1).padStart(2, '0')}-${index % 3 ? '15' : '01'}`,
  impact: (index % 10) + 1,
  industries: [industryList[index % 6]!.name, ...(index % 4 === 0 ? [industryList[10]!.name] : [])],
  topics: [topicCodes[index % topicCodes.length]!, ...(index % 5 === 0 ? [topicCodes[(index + 2) % topicCodes.length]!] : [])],
  ...(index % 3 === 0 ? {} : { englishTranslation: `The English text of measures ${index}.`, translationModel: 'test-model' }),
  ...(index % 3 !== 0 && index % 4 === 1 ? { translationReviewedAt: new Date('2026-02-01T09:00:00Z') } : {}),
}));

/** A search without its order and page, in JSON under the criteria's names (departments by code), as a saved search is posted. */
type Search = {
  q?: string;
  departments?: string[];
  industries?: string[];
  topics?: string[];
  translation?: TranslationStatus[];
  startDate?: string;
  endDate?: string;
  minImportance?: number;
  maxImportance?: number;
};

/** Every filter kind, alone and together, with no query, one word and two words. */
const searches: Search[] = [
  {},
  { q: 'data' },
  { q: 'data security' },
  { q: 'market notice' },
  { q: 'energi' },
  { departments: ['PBOC', 'SC'] },
  { q: 'bank', departments: ['CSRC', 'NHC', 'PBOC'] },
  { industries: ['Technology'] },
  { q: 'export rules', industries: ['Financial Services', industryList[10]!.name] },
  { topics: ['DATASEC', 'BONDS'] },
  { q: 'credit', topics: ['FINTECH'] },
  { translation: ['pending'] },
  { q: 'platform security', translation: ['machine', 'reviewed'] },
  { minImportance: 3, maxImportance: 8 },
  { q: 'energy', minImportance: 7 },
  { startDate: '2023-01-01' },
  { q: 'rules', startDate: '2022-06-01', endDate: '2024-12-31' },
  { q: 'data notice', departments: ['PBOC', 'MOFCOM', 'SC'], industries: ['Technology', 'Financial Services'], topics: ['DATASEC', 'FINTECH', 'BONDS'], minImportance: 2, endDate: '2025-06-30' },
];

/** The criteria of a search in an order, a page at a time, as the search's own parsing reads them. */
const criteriaOf = (search: Search, sortBy: SearchSort, page: number): SearchCriteria =>
  searchQuerySchema.parse({
    ...criteriaParams({ ...search, departments: search.departments?.map((code) => ({ code })) }),
    sortBy,
    page: String(page),
    pageSize: '10',
  });

describe('the one search road: every caller finds the same set, in every order', () => {
  let ctx: TestContext;
  let cookie: string;
  let apiKey: string;
  let allIds: number[];
  const reader = { entitled: true };

  beforeAll(async () => {
    ctx = await createTestContext();
    allIds = await insertPolicies(ctx, policies);
    await indexAll(ctx);
    const subscriber = await createSubscriber(ctx);
    cookie = subscriber.cookie;
    apiKey = (await createKeyFor(ctx, cookie)).key;
  }, 120_000);
  afterAll(() => ctx.close());

  async function answerOf(criteria: SearchCriteria): Promise<SearchResponse> {
    const response = await ctx.request(`/api/search?${new URLSearchParams(criteriaParams(criteria))}`, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SearchResponse;
  }

  /** Pages through a road until its last page, answering every id in the order given. */
  async function everyPage(ask: (page: number) => Promise<{ ids: number[]; totalPages: number }>): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const answer = await ask(page);
      ids.push(...answer.ids);
      if (page >= answer.totalPages) return ids;
    }
  }

  const searchPage = (search: Search, sort: SearchSort) =>
    everyPage(async (page) => {
      const answer = await answerOf(criteriaOf(search, sort, page));
      return { ids: answer.policies.map((policy) => policy.id), totalPages: answer.totalPages };
    });

  /** The dashboard: the widgets' state, as react-instantsearch hands it to the algoliasearch helper, answered by its client. */
  const dashboardClient = { search: (requests: readonly InstantSearchRequest[]) => answerInstantSearch(requests, answerOf) };
  const dashboard = (search: Search, sort: SearchSort) =>
    everyPage(async (page) => {
      const numericRefinements: NonNullable<PlainSearchParameters['numericRefinements']> = {};
      if (search.minImportance !== undefined || search.maxImportance !== undefined) {
        numericRefinements[importanceField] = {
          ...(search.minImportance !== undefined ? { '>=': [search.minImportance] } : {}),
          ...(search.maxImportance !== undefined ? { '<=': [search.maxImportance] } : {}),
        };
      }
      const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
      if (search.startDate || search.endDate) {
        numericRefinements.timestamp = {
          ...(search.startDate ? { '>=': [dayStart(search.startDate)] } : {}),
          ...(search.endDate ? { '<=': [dayStart(search.endDate)] } : {}),
        };
      }
      const lists = { departments: search.departments ?? [], industries: search.industries ?? [], topics: search.topics ?? [], translation: search.translation ?? [] };
      const names = Object.keys(lists) as (keyof typeof lists)[];
      const helper = algoliasearchHelper(dashboardClient as unknown as Parameters<typeof algoliasearchHelper>[0], instantSearchIndexOf(sort));
      const { content } = await helper.searchOnce({
        query: search.q ?? '',
        disjunctiveFacets: names.map((name) => facetFieldOf[name]),
        disjunctiveFacetsRefinements: Object.fromEntries(names.map((name) => [facetFieldOf[name], lists[name]])),
        numericRefinements,
        maxValuesPerFacet: 100,
        hitsPerPage: 20,
        page: page - 1,
      });
      return { ids: content.hits.map((hit) => Number(hit.id)), totalPages: content.nbPages };
    });

  /** /api/v1's search, with its published parameter names (lists comma-separated). */
  const publicApi = (search: Search, sort: SearchSort) =>
    everyPage(async (page) => {
      const params = new URLSearchParams({ sortBy: sort, page: String(page), pageSize: '50' });
      for (const [name, value] of Object.entries(search)) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
      const response = await callWithKey(ctx, `/api/v1/search?${params}`, apiKey);
      expect(response.status, await response.clone().text()).toBe(200);
      const body = (await response.json()) as { policies: { id: number }[]; totalPages: number };
      return { ids: body.policies.map((policy) => policy.id), totalPages: body.totalPages };
    });

  /** Which of every policy an alert rule for the search matches (api/alerts/match.ts's query). */
  async function alertMatches(search: Search): Promise<number[]> {
    const query = buildPolicyMatch(criteriaOf(search, 'latest', 1), ctx.deps.search.indexName, reader, allIds);
    const { results } = await ctx.deps.meilisearch.multiSearch<{ id: number }>([query]);
    return results[0]!.hits.map((hit) => hit.id);
  }

  const dateOf = async (id: number) => (await ctx.sql<{ day: string }[]>`select published_on::text as day from policies where id = ${id}`)[0]!.day;

  const asSet = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

  it.each(searches.map((search) => [JSON.stringify(search), search] as const))('%s', async (_label, search) => {
    const found = asSet(await searchPage(search, 'latest'));
    const newestFirst = await searchPage(search, 'latest');
    for (const sort of searchSorts) {
      const page = await searchPage(search, sort);
      expect(page.length, `search page, ${sort}: no policy twice`).toBe(asSet(page).length);
      expect(asSet(page), `search page, ${sort}`).toEqual(found);
      expect(asSet(await dashboard(search, sort)), `dashboard, ${sort}`).toEqual(found);
      expect(asSet(await publicApi(search, sort)), `/api/v1, ${sort}`).toEqual(found);
      expect(asSet(await searchResultIds(ctx.deps, criteriaOf(search, sort, 1), reader)), `export rows, ${sort}`).toEqual(found);
    }
    const saved = savedSearchQuerySchema.parse(search);
    expect(await countHits(ctx.deps, [saved], reader), 'saved search count').toEqual([found.length]);
    expect(asSet(await alertMatches(search)), 'alert matching').toEqual(found);
    // The feed holds the newest of the set (ties in date may fall either side of its last entry).
    const feed = (await feedEntries(ctx.deps, [saved], reader)).map((entry) => entry.card);
    expect(feed.length, 'feed').toBe(Math.min(found.length, feedSize));
    expect(found, 'feed').toEqual(expect.arrayContaining(feed.map((card) => card.id)));
    // What it leaves out is no newer than its last entry (at least one search finds more than a feed holds: see below).
    for (const id of newestFirst.slice(feedSize)) expect((await dateOf(id)) <= feed.at(-1)!.time, `feed: ${id} left out`).toBe(true);
  });

  it('covers every filter kind and finds sets of every size, more than a page and past the feed', async () => {
    for (const key of ['q', 'departments', 'industries', 'topics', 'translation', 'minImportance', 'maxImportance', 'startDate', 'endDate'] as const) {
      expect(searches.some((search) => search[key] !== undefined), key).toBe(true);
    }
    const sizes = await Promise.all(searches.map(async (search) => (await answerOf(criteriaOf(search, 'latest', 1))).total));
    expect(sizes.some((size) => size === 0)).toBe(true);
    expect(sizes.some((size) => size > 0 && size <= 5)).toBe(true);
    expect(sizes.some((size) => size > 20)).toBe(true);
    expect(Math.max(...sizes)).toBeGreaterThan(feedSize);
  });

  it('needs every word of a query in every order: a two-word query finds fewer than its words do alone', async () => {
    const both = asSet(await searchPage({ q: 'data security' }, 'relevance'));
    const data = asSet(await searchPage({ q: 'data' }, 'relevance'));
    const security = asSet(await searchPage({ q: 'security' }, 'relevance'));
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(data.length);
    expect(both).toEqual(data.filter((id) => security.includes(id)));
  });
});

/**
 * The cross-language dimension (issue 43): for an English query, the search page, the dashboard's
 * Chinese matches (GET /api/search/chinese-matches), /api/v1's search and the suggestions give the
 * same Chinese matches, each with the same terms, whatever the order; a visitor's road finds none.
 */
describe('the one search road, across the language gap', () => {
  let ctx: TestContext;
  let cookie: string;
  let apiKey: string;
  const englishQueries = ['defective car recall', 'migrant workers wages', 'rare earth mining', 'food safety law', 'important data protection', 'patent agency'];

  beforeAll(async () => {
    ctx = await createTestContext();
    // Real Chinese-only documents (Chinese title and original, no English), beside English policies sharing the queries' words.
    const documents = loadCrossLanguageDocuments();
    await insertPolicies(ctx, [
      ...documents.map((document, index) => ({ title: document.title, departmentId: departmentIds[index % departmentIds.length]!, publishedOn: document.publishedOn, chineseOriginal: document.chineseText, englishTranslation: null })),
      ...policies.slice(0, 20),
    ]);
    await indexAll(ctx);
    const subscriber = await createSubscriber(ctx);
    cookie = subscriber.cookie;
    apiKey = (await createKeyFor(ctx, cookie)).key;
  }, 180_000);
  afterAll(() => ctx.close());

  const json = async <T>(response: Response): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };
  const matchesOf = (policies: { id: number; matched: TermMatch[] }[]) => policies.map((policy) => ({ id: policy.id, matched: policy.matched }));

  it.each(englishQueries.flatMap((q) => searchSorts.map((sortBy) => [q, sortBy] as const)))('"%s", %s', async (q, sortBy) => {
    const params = new URLSearchParams({ q, sortBy });
    const page = await json<SearchResponse>(await ctx.request(`/api/search?${params}`, { cookie }));
    const found = matchesOf(page.crossLanguage!.policies);
    expect(found.length, 'the search page finds Chinese matches').toBeGreaterThan(0);
    const shown = new Set(page.policies.map((policy) => policy.id));
    const dashboard = await json<CrossLanguageMatches>(await ctx.request(`/api/search/chinese-matches?${params}`, { cookie }));
    expect(matchesOf(dashboard.policies.filter((policy) => !shown.has(policy.id))), 'dashboard').toEqual(found);
    expect(dashboard.matched, 'dashboard terms').toEqual(page.crossLanguage!.matched);
    const v1 = await json<{ crossLanguage?: CrossLanguageMatches }>(await callWithKey(ctx, `/api/v1/search?${params}`, apiKey));
    expect(matchesOf(v1.crossLanguage!.policies), '/api/v1').toEqual(found);
    const { suggestions } = await json<SuggestResponse>(await ctx.request(`/api/search/suggest?${new URLSearchParams({ q })}`, { cookie }));
    const suggested = suggestions.filter((suggestion) => suggestion.matched).map((suggestion) => ({ id: suggestion.id, matched: suggestion.matched! }));
    expect(suggested.length, 'suggestions').toBeGreaterThan(0);
    expect(found.slice(0, suggested.length), 'suggestions: the first of the same matches').toEqual(suggested);
    // A visitor's search may not read the Chinese text: no road finds a policy through it.
    expect((await json<SearchResponse>(await ctx.request(`/api/search?${params}`))).crossLanguage, 'visitor').toBeUndefined();
    expect((await json<CrossLanguageMatches>(await ctx.request(`/api/search/chinese-matches?${params}`))).policies, 'visitor, dashboard').toEqual([]);
    expect((await json<SuggestResponse>(await ctx.request(`/api/search/suggest?${new URLSearchParams({ q })}`))).suggestions.filter((suggestion) => suggestion.matched), 'visitor, suggestions').toEqual([]);
  });

  // Queries with fewer Chinese matches than the dashboard lists ("important data protection" has more), so its list is all of them.
  const countedQueries = englishQueries.filter((q) => q !== 'important data protection');

  it.each(countedQueries)('"%s": a saved search counts and feeds its English and Chinese matches; a visitor\'s neither through the Chinese text', async (q) => {
    // Every Chinese match (the dashboard's road leaves none out; fewer than its limit, so all of them) and every English one.
    const dashboard = await json<CrossLanguageMatches>(await ctx.request(`/api/search/chinese-matches?${new URLSearchParams({ q })}`, { cookie }));
    expect(dashboard.policies.length).toBeGreaterThan(0);
    expect(dashboard.policies.length).toBeLessThan(crossLanguageLimit);
    const english = await json<SearchResponse>(await ctx.request(`/api/search?${new URLSearchParams({ q, pageSize: '50' })}`, { cookie }));
    expect(english.total).toBe(english.policies.length);
    const found = [...new Set([...english.policies, ...dashboard.policies].map((policy) => policy.id))].sort((a, b) => a - b);

    const subscriber = { entitled: true };
    expect(await countHits(ctx.deps, [{ q }], subscriber), 'saved search count').toEqual([found.length]);
    // Fewer than a feed holds: the feed holds them all.
    expect(found.length).toBeLessThanOrEqual(feedSize);
    const feed = (await feedEntries(ctx.deps, [{ q }], subscriber)).map((entry) => entry.card.id);
    expect([...feed].sort((a, b) => a - b), 'feed').toEqual(found);

    // A visitor's search reads the public fields only: what it finds in English, and nothing more.
    const visitorsEnglish = await json<SearchResponse>(await ctx.request(`/api/search?${new URLSearchParams({ q, pageSize: '50' })}`));
    expect(visitorsEnglish.total).toBe(visitorsEnglish.policies.length);
    const visitor = { entitled: false };
    expect(await countHits(ctx.deps, [{ q }], visitor), 'visitor count').toEqual([visitorsEnglish.total]);
    const visitorsFeed = (await feedEntries(ctx.deps, [{ q }], visitor)).map((entry) => entry.card.id);
    expect([...visitorsFeed].sort((a, b) => a - b), 'visitor feed').toEqual(visitorsEnglish.policies.map((policy) => policy.id).sort((a, b) => a - b));
  });
});
