import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';
import algoliasearchHelper, { type PlainSearchParameters } from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentIdOf, departmentList } from '../../../vocabulary/departments.ts';
import { importanceField, importanceRange } from '../../../vocabulary/importance.ts';
import { industryList } from '../../../vocabulary/industries.ts';
import { facetFieldOf, policyCardFields } from '../../../vocabulary/search-index.ts';
import { instantSearchIndexOf, type SearchSort } from '../../../vocabulary/search-order.ts';
import { regulationEnglish } from '../../processing/documents/english-openings.ts';
import { loadLabelledSet } from '../../processing/documents/labelled-set.ts';
import { crossLanguageQueries } from '../../search/cross-language-queries.ts';
import { indexAll, insertPolicies, type TestPolicy } from '../../search/testing.ts';
import type { CrossLanguageMatches, SearchResponse } from '../../shared/search.ts';
import { createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { loadReadingAid } from '../../reading/dictionary.ts';

/**
 * The two search roads (docs/decisions/006-two-search-roads.md) give the same answer for the same
 * filters: GET /api/search as the search page asks it, and POST /api/search/multi-search as the
 * dashboard's InstantSearch widgets ask it (instant-meilisearch under the algoliasearch helper
 * that react-instantsearch drives: disjunctive refinement lists, numeric ranges, an index per
 * order). Same ids in the same order, same total and pages, same counts per department, industry,
 * topic and translation status; and for a subscriber's English query, the same policies found in
 * their Chinese text (the search page's answer has them; the dashboard asks
 * GET /api/search/chinese-matches beside its widgets and leaves out the ones its page lists).
 */

const words = ['data', 'security', 'rules', 'bank', 'export', 'energy', 'market', 'notice', 'credit', 'platform'];
const departmentIds = [1, 2, 4, 5, 7, 10, 13];
const topicCodes = ['DATASEC', 'FINTECH', 'BONDS', 'EXPCTRL', 'RENEW', 'CAPMKT'];

/** Forty policies, varied on every filtered field, with shared dates (ties in date order) and shared words (ties in relevance). */
const policies: TestPolicy[] = Array.from({ length: 40 }, (_, index) => ({
  title: `${words[index % words.length]} ${words[(index * 3 + 1) % words.length]} measures ${index}`,
  description: `On ${words[(index * 7 + 2) % words.length]} and ${words[(index + 5) % words.length]} in the sector.`,
  departmentId: departmentIds[index % departmentIds.length]!,
  publishedOn: `${2022 + (index % 4)}-${String((index % 12) + 1).padStart(2, '0')}-${index % 3 ? '15' : '01'}`,
  impact: (index % 10) + 1,
  industries: [industryList[index % 6]!.name, ...(index % 4 === 0 ? [industryList[10]!.name] : [])],
  topics: [topicCodes[index % topicCodes.length]!, ...(index % 5 === 0 ? [topicCodes[(index + 2) % topicCodes.length]!] : [])],
  // Every third pending, the rest machine translations, one in four of those reviewed.
  ...(index % 3 === 0 ? {} : { englishTranslation: `The English text of measures ${index}.`, translationModel: 'test-model' }),
  ...(index % 3 !== 0 && index % 4 === 1 ? { translationReviewedAt: new Date('2026-02-01T09:00:00Z') } : {}),
}));

/**
 * Real documents of the labelled set, as policies still waiting for their translation (Chinese
 * text only), varied on the filtered fields; and one regulation with its English, which an
 * English query finds in both languages (a Chinese match the page already lists).
 */
const documents = loadLabelledSet();
const chinesePolicies: TestPolicy[] = documents.map((document, index) => ({
  title: document.title,
  departmentId: departmentIds[index % departmentIds.length]!,
  publishedOn: document.receivedOn,
  impact: (index % 10) + 1,
  industries: [industryList[index % 6]!.name],
  topics: [topicCodes[index % topicCodes.length]!],
  chineseOriginal: document.story.chineseText,
  ...(document.file === 'lawrefbook-08.txt' ? { title: 'Regulations on Optimizing the Business Environment', englishTranslation: regulationEnglish, translationModel: 'test-model' } : {}),
}));

type Filters = {
  q: string;
  departments: string[];
  industries: string[];
  topics: string[];
  translation: string[];
  importance: [number, number];
  startDate?: string;
  endDate?: string;
  sort: SearchSort;
  page: number;
  pageSize: 10 | 20;
};

const dimensions = {
  q: ['', 'data', 'bank', 'data security rules', 'market notice', 'energi'],
  departments: [[], ['PBOC'], ['SC', 'CSRC', 'NHC']],
  industries: [[], ['Technology'], ['Financial Services', 'Media & Entertainment']],
  topics: [[], ['DATASEC'], ['BONDS', 'RENEW', 'FINTECH']],
  translation: [[], ['pending'], ['machine', 'reviewed'], ['reviewed']],
  importance: [[importanceRange.min, importanceRange.max], [3, 8], [7, 10], [0, 4]],
  dates: [{}, { startDate: '2023-01-01' }, { endDate: '2024-06-15' }, { startDate: '2022-06-01', endDate: '2024-12-31' }],
  sort: ['latest', 'oldest', 'relevance'],
  page: [1, 2],
  pageSize: [10, 20],
} as const;

/** Every value of every dimension, in many combinations: a fixed pseudo-random walk (the same cases every run). */
function filterMatrix(count: number): Filters[] {
  let seed = 28;
  const pick = <T,>(values: readonly T[]): T => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The high bits: the low bits of this generator repeat with a short period.
    return values[Math.floor(seed / 65_536) % values.length]!;
  };
  const everyOrderOfEveryQuery = dimensions.sort.flatMap((sort) => dimensions.q.map((q) => ({ q, sort })));
  return Array.from({ length: count }, (_, index): Filters => {
    const unfiltered = everyOrderOfEveryQuery[index];
    // First each query in each order over every policy, then every filter in a walk of combinations.
    if (unfiltered) return { ...unfiltered, departments: [], industries: [], topics: [], translation: [], importance: [importanceRange.min, importanceRange.max], page: (index % 2) + 1, pageSize: 10 };
    return {
      q: pick(dimensions.q),
      sort: pick(dimensions.sort),
      departments: [...pick(dimensions.departments)],
      industries: [...pick(dimensions.industries)],
      topics: [...pick(dimensions.topics)],
      translation: [...pick(dimensions.translation)],
      importance: [...pick(dimensions.importance)] as [number, number],
      ...pick(dimensions.dates),
      page: pick(dimensions.page),
      pageSize: pick(dimensions.pageSize),
    };
  });
}

describe('the two search roads', () => {
  type SearchClient = Parameters<typeof algoliasearchHelper>[0];
  let ctx: TestContext;
  let visitorClient: SearchClient;
  let subscriberClient: SearchClient;
  let subscriberCookie: string;

  /** As the dashboard's client (web/src/dashboard/search-client.ts), its requests routed into the app. */
  const instantSearchClient = (cookie?: string) =>
    instantMeiliSearch(`${ctx.config.APP_URL}/api/search`, 'session', {
      finitePagination: true,
      primaryKey: 'id',
      meiliSearchParams: { attributesToRetrieve: [...policyCardFields] },
      httpClient: async (url, init) => {
        const headers = { ...(init?.headers as Record<string, string>), Origin: ctx.config.APP_URL, ...(cookie ? { Cookie: cookie } : {}) };
        const response = await ctx.app.request(String(url), { ...init, headers });
        if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
        return response.json();
      },
    }).searchClient as unknown as SearchClient;

  beforeAll(async () => {
    // As api/main.ts does before serving: loaded inside a request instead, the dictionary blocks the
    // event loop for seconds, and a database connection opened meanwhile times out (a 503).
    loadReadingAid();
    ctx = await createTestContext();
    await insertPolicies(ctx, [...policies, ...chinesePolicies]);
    await indexAll(ctx);
    ({ cookie: subscriberCookie } = await createSubscriber(ctx));
    visitorClient = instantSearchClient();
    subscriberClient = instantSearchClient(subscriberCookie);
  }, 120_000);
  afterAll(() => ctx.close());

  /** The search page's road. Departments go by id on every other case: the API takes either, mapped by the vocabulary. */
  /** The search page's (and the Chinese matches') parameters for the filters. */
  function searchParams(filters: Filters, departmentsById: boolean) {
    const query: Record<string, string> = { sortBy: filters.sort, page: String(filters.page), pageSize: String(filters.pageSize) };
    if (filters.q) query.q = filters.q;
    const departments = departmentsById ? filters.departments.map((code) => departmentIdOf(code)!) : filters.departments;
    if (departments.length) query.departments = JSON.stringify(departments);
    if (filters.industries.length) query.industries = JSON.stringify(filters.industries);
    if (filters.topics.length) query.topics = JSON.stringify(filters.topics);
    if (filters.translation.length) query.translation = JSON.stringify(filters.translation);
    if (filters.importance[0] !== importanceRange.min) query.minImportance = String(filters.importance[0]);
    if (filters.importance[1] !== importanceRange.max) query.maxImportance = String(filters.importance[1]);
    if (filters.startDate) query.startDate = filters.startDate;
    if (filters.endDate) query.endDate = filters.endDate;
    return new URLSearchParams(query);
  }

  async function answerOf<Body>(path: string, cookie?: string): Promise<Body> {
    const response = await ctx.request(path, cookie ? { cookie } : {});
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Body;
  }

  async function searchPage(filters: Filters, departmentsById: boolean, cookie?: string) {
    const body = await answerOf<SearchResponse>(`/api/search?${searchParams(filters, departmentsById)}`, cookie);
    return {
      ids: body.policies.map((policy) => policy.id),
      total: body.total,
      totalPages: body.totalPages,
      counts: { departments: body.facets.departments, industries: body.facets.industries, topics: body.facets.topics, translation: body.facets.translation },
      chineseMatches: body.crossLanguage?.policies.map((policy) => policy.id),
    };
  }

  /** The dashboard's road: the widgets' state, as react-instantsearch hands it to the algoliasearch helper. */
  async function dashboard(filters: Filters, searchClient = visitorClient) {
    const refinementLists = { departments: filters.departments, industries: filters.industries, topics: filters.topics, translation: filters.translation };
    const numericRefinements: NonNullable<PlainSearchParameters['numericRefinements']> = {};
    const [min, max] = filters.importance;
    if (min > importanceRange.min || max < importanceRange.max) {
      numericRefinements[importanceField] = { ...(min > importanceRange.min ? { '>=': [min] } : {}), ...(max < importanceRange.max ? { '<=': [max] } : {}) };
    }
    const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
    if (filters.startDate || filters.endDate) {
      numericRefinements.timestamp = {
        ...(filters.startDate ? { '>=': [dayStart(filters.startDate)] } : {}),
        ...(filters.endDate ? { '<=': [dayStart(filters.endDate)] } : {}),
      };
    }
    const facetNames = Object.keys(refinementLists) as (keyof typeof refinementLists)[];
    const helper = algoliasearchHelper(searchClient, instantSearchIndexOf(filters.sort));
    const { content } = await helper.searchOnce({
      query: filters.q,
      disjunctiveFacets: facetNames.map((name) => facetFieldOf[name]),
      disjunctiveFacetsRefinements: Object.fromEntries(facetNames.map((name) => [facetFieldOf[name], refinementLists[name]])),
      numericRefinements,
      maxValuesPerFacet: 100,
      hitsPerPage: filters.pageSize,
      page: filters.page - 1,
    });
    // The helper lists a chosen value that matches nothing with a count of 0; the search page leaves it out.
    const countsOf = (field: string) =>
      Object.fromEntries(Object.entries(content.disjunctiveFacets.find((facet) => facet.name === field)?.data ?? {}).filter(([, count]) => count > 0));
    return {
      ids: content.hits.map((hit) => Number(hit.id)),
      total: content.nbHits,
      totalPages: content.nbPages,
      counts: Object.fromEntries(facetNames.map((name) => [name, countsOf(facetFieldOf[name])])),
    };
  }

  const cases = filterMatrix(90);

  it('covers every filter, every order and matches of every size', () => {
    expect(new Set(cases.map((filters) => `${filters.q}/${filters.sort}`)).size).toBe(dimensions.q.length * dimensions.sort.length);
    for (const key of ['departments', 'industries', 'topics', 'translation'] as const) expect(new Set(cases.map((filters) => filters[key].join())).size).toBe(dimensions[key].length);
    expect(departmentList.map((department) => department.code)).toEqual(expect.arrayContaining(dimensions.departments.flat()));
  });

  it.each(cases.map((filters, index) => [index, JSON.stringify(filters), filters] as const))('case %i: %s', async (index, _label, filters) => {
    const [{ chineseMatches, ...page }, instant] = await Promise.all([searchPage(filters, index % 2 === 1), dashboard(filters)]);
    expect(instant).toEqual(page);
    // A visitor's search never reads the Chinese text.
    expect(chineseMatches).toBeUndefined();
  });

  it('some cases match many policies, some a few and some none, so equality is not vacuous', async () => {
    const totals = await Promise.all(cases.map(async (filters) => (await searchPage(filters, false)).total));
    expect(totals.some((total) => total === 0)).toBe(true);
    expect(totals.some((total) => total > 0 && total <= 5)).toBe(true);
    expect(totals.some((total) => total > 20)).toBe(true);
  });

  /**
   * Subscribers' English queries with Chinese answers, each on the first page (where both roads
   * show them), in turn under no filter, one filter of each kind (some keep the document, some
   * leave it out), and a filter of the walk.
   */
  const unfiltered: Omit<Filters, 'q'> = { sort: 'relevance', departments: [], industries: [], topics: [], translation: [], importance: [importanceRange.min, importanceRange.max], page: 1, pageSize: 10 };
  const chineseFilters: ((index: number) => Partial<Filters>)[] = [
    () => ({}),
    (index) => ({ departments: [departmentList.find((department) => department.id === departmentIds[index % departmentIds.length])!.code] }),
    () => ({ departments: ['PBOC', 'MIIT'] }),
    () => ({ translation: ['pending'], sort: 'latest' }),
    () => ({ translation: ['machine', 'reviewed'] }),
    (index) => ({ industries: [industryList[index % 6]!.name], importance: [3, 8] }),
    () => ({ startDate: '2019-01-01', sort: 'oldest' }),
    (index) => ({ ...cases[30 + index]!, page: 1 }),
  ];
  const chineseCases = crossLanguageQueries.map((query, index): Filters => {
    const document = documents.findIndex((candidate) => candidate.file === query.file);
    return { ...unfiltered, ...chineseFilters[index % chineseFilters.length]!(document), q: query.q };
  });

  it.each(chineseCases.map((filters, index) => [index, JSON.stringify(filters), filters] as const))('Chinese matches, case %i: %s', async (index, _label, filters) => {
    const [page, instant, chinese] = await Promise.all([
      searchPage(filters, index % 2 === 1, subscriberCookie),
      dashboard(filters, subscriberClient),
      answerOf<CrossLanguageMatches>(`/api/search/chinese-matches?${searchParams(filters, index % 2 === 0)}`, subscriberCookie),
    ]);
    expect(page.chineseMatches).toBeDefined();
    const dashboardMatches = chinese.policies.map((policy) => policy.id).filter((id) => !instant.ids.includes(id));
    expect(dashboardMatches).toEqual(page.chineseMatches);
  });

  it('some Chinese cases find their document, some are filtered out, and one is listed by its English too', async () => {
    const found = await Promise.all(
      chineseCases.map(async (filters, index) => {
        const chinese = await answerOf<CrossLanguageMatches>(`/api/search/chinese-matches?${searchParams(filters, false)}`, subscriberCookie);
        return chinese.policies.map((policy) => policy.title).includes(chinesePolicies[documents.findIndex((document) => document.file === crossLanguageQueries[index]!.file)]!.title);
      }),
    );
    expect(found.filter(Boolean).length).toBeGreaterThan(0);
    expect(found.filter((hit) => !hit).length).toBeGreaterThan(0);
    // "business environment": the regulation with its English is on the page and among the Chinese matches, so the dashboard leaves it out.
    const businessEnvironment: Filters = { ...unfiltered, q: 'business environment' };
    const [page, chinese] = await Promise.all([
      dashboard(businessEnvironment, subscriberClient),
      answerOf<CrossLanguageMatches>(`/api/search/chinese-matches?${searchParams(businessEnvironment, false)}`, subscriberCookie),
    ]);
    const regulation = chinese.policies.find((policy) => policy.title === 'Regulations on Optimizing the Business Environment');
    expect(regulation?.matched).toEqual([{ chinese: '营商环境', english: 'business environment' }]);
    expect(page.ids).toContain(regulation!.id);
  });

  it('gives a visitor no Chinese matches, and refuses bad criteria with a 400', async () => {
    const visitor = await answerOf<CrossLanguageMatches>(`/api/search/chinese-matches?q=${encodeURIComponent('medical tourism')}`);
    expect(visitor).toEqual({ matched: [], policies: [] });
    const subscriber = await answerOf<CrossLanguageMatches>(`/api/search/chinese-matches?q=${encodeURIComponent('medical tourism')}`, subscriberCookie);
    expect(subscriber.policies.length).toBeGreaterThan(0);
    const bad = await ctx.request('/api/search/chinese-matches?q=tax&translation=%5B%22guessed%22%5D', { cookie: subscriberCookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('translation');
  });
});
