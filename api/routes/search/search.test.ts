import { connectSearch } from '../../deps.ts';
import type { Settings } from 'meilisearch';
import { indexSettings } from '../../../indexer/settings.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { indexAll, insertPolicies, type TestPolicy } from '../../search/testing.ts';
import { criteriaParams } from '../../shared/criteria-params.ts';
import { answerInstantSearch } from '../../shared/instant-search-client.ts';
import type { HighlightPart, PolicyCard, SearchCriteria, SearchResponse, SuggestResponse } from '../../shared/search.ts';
import { maxQueryLength } from '../../shared/search.ts';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

const fixtures = {
  bankData: {
    title: 'Rules on data security for banks',
    description: "The People's Bank of China sets rules on data security in the banking sector, covering storage and cross-border transfer.",
    departmentId: 2, // PBOC
    publishedOn: '2024-03-10',
    impact: 8,
    industries: ['Financial Services', 'Technology'],
    topics: ['DATASEC', 'FINTECH'],
    chineseOriginal: '中国人民银行发布银行业数据安全管理办法，规范数据跨境传输。',
    englishTranslation: 'SECRET-FULL-TEXT of the banking data rules.',
  },
  chips: {
    title: 'Export controls on semiconductors',
    description: 'MOFCOM tightens export licensing for advanced chips and manufacturing equipment.',
    departmentId: 10, // MOFCOM
    publishedOn: '2024-06-01',
    impact: 9,
    industries: ['Technology', 'Manufacturing'],
    topics: ['EXPCTRL', 'SEMI'],
    chineseOriginal: '商务部加强半导体出口管制。',
  },
  disclosure: {
    title: 'Guidelines for listed company disclosures',
    description: 'The CSRC revises disclosure rules for listed companies and their auditors.',
    departmentId: 1, // CSRC
    publishedOn: '2023-12-05',
    impact: 5,
    industries: ['Financial Services'],
    topics: ['CAPMKT', 'IPO'],
  },
  hospitals: {
    title: 'Notice on hospital procurement',
    description: 'Public hospitals must publish procurement results within thirty days.',
    departmentId: 13, // NHC
    publishedOn: '2024-01-20',
    impact: 3,
    industries: ['Healthcare'],
    topics: ['HEALTH'],
  },
  renewables: {
    title: 'Renewable energy subsidy programme',
    description: 'Subsidies for wind and solar projects are extended for three years.',
    departmentId: 7, // NDRC
    publishedOn: '2024-09-15',
    impact: 6,
    industries: ['Energy'],
    topics: ['RENEW', 'SUBSIDY'],
  },
  dataFlows: {
    title: 'Measures on cross-border data flows',
    description: 'Platforms in media and entertainment need a security assessment before moving personal data abroad.',
    departmentId: 4, // SC
    publishedOn: '2022-11-11',
    impact: 7,
    industries: ['Technology', 'Media & Entertainment'],
    topics: ['DATASEC'],
  },
  zirconium: {
    title: 'Zirconium sponge industry standards',
    description:
      'The ministry publishes industry standards for the production of sponge metal. Producers must meet energy consumption limits, ' +
      'report their output every quarter, and use zeolite filters in effluent treatment, as the catalogue of recommended technologies ' +
      'lists them, by the end of next year.',
    departmentId: 8, // MIIT
    publishedOn: '2023-05-04',
    impact: 2,
    industries: ['Chemicals'],
  },
  statistics: {
    title: 'Quarterly statistics release',
    description: 'Gross output figures for the third quarter.',
    departmentId: 3, // NBS
    publishedOn: '2024-09-15',
    impact: 1,
  },
} satisfies Record<string, TestPolicy>;

/** Eighteen Ministry of Finance notices from 2021, so there are pages to turn. */
const fillers: TestPolicy[] = Array.from({ length: 18 }, (_, index) => ({
  title: `Treasury notice number ${index + 1}`,
  description: 'Routine treasury bond issuance notice.',
  departmentId: 9, // MOF
  publishedOn: `2021-${String(Math.floor(index / 2) + 1).padStart(2, '0')}-${index % 2 ? '20' : '05'}`,
  impact: 4,
  industries: ['Financial Services'],
  topics: ['BONDS'],
}));

const totalPolicies = Object.keys(fixtures).length + fillers.length;
const sortRanksFirst = (indexSettings as Settings).rankingRules?.[0] === 'sort';

describe("search: GET /api/search (with the dashboard's InstantSearch client), GET /api/search/suggest", () => {
  let ctx: TestContext;
  const ids = {} as Record<keyof typeof fixtures, number>;

  beforeAll(async () => {
    ctx = await createTestContext();
    const names = Object.keys(fixtures) as (keyof typeof fixtures)[];
    const inserted = await insertPolicies(ctx, [...names.map((name) => fixtures[name]), ...fillers]);
    names.forEach((name, index) => (ids[name] = inserted[index]!));
    await indexAll(ctx);
  });
  afterAll(() => ctx.close());

  async function search(query: Record<string, string | number | readonly (string | number)[]> = {}): Promise<SearchResponse> {
    const response = await ctx.request(`/api/search?${params(query)}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  async function searchError(query: Record<string, string | number | readonly (string | number)[]>): Promise<{ status: number; message: string }> {
    const response = await ctx.request(`/api/search?${params(query)}`);
    const body = await response.json();
    return { status: response.status, message: body.error?.message };
  }

  const idsOf = (body: SearchResponse) => body.policies.map((policy) => policy.id);
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

  describe('with no query and no filters', () => {
    it('lists every policy, newest first, 20 to a page', async () => {
      const body = await search();
      expect(body.total).toBe(totalPolicies);
      expect(body).toMatchObject({ page: 1, pageSize: 20, totalPages: 2 });
      expect(body.policies).toHaveLength(20);
      const dates = body.policies.map((policy) => policy.time);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(dates[0]).toBe('2024-09-15');
    });

    it('answers cards with what the card shows, tags coloured by kind and industry palette, and no full text', async () => {
      const body = await search({ departments: ['PBOC'] });
      const card = body.policies[0]!;
      expect(card).toEqual({
        id: ids.bankData,
        title: fixtures.bankData.title,
        description: fixtures.bankData.description,
        time: '2024-03-10',
        departmentId: 2,
        departmentCode: 'PBOC',
        impact: 8,
        tags: [
          { kind: 'industry', name: 'Financial Services', industryId: 1, color: 'green' },
          { kind: 'industry', name: 'Technology', industryId: 2, color: 'green' },
          { kind: 'topic', name: 'Fintech', topicId: 10, code: 'FINTECH', color: 'blue' },
          { kind: 'topic', name: 'Data Security', topicId: 22, code: 'DATASEC', color: 'blue' },
        ],
        translation: { status: 'machine', model: null, reviewedOn: null },
        effectiveness: 'unknown',
      } satisfies PolicyCard);
      expect(JSON.stringify(body)).not.toContain('SECRET-FULL-TEXT');
    });

    it('counts departments, industries, topics and importance over all policies', async () => {
      const { facets } = await search();
      expect(facets.departments).toEqual({ PBOC: 1, MOFCOM: 1, CSRC: 1, NHC: 1, NDRC: 1, SC: 1, NBS: 1, MIIT: 1, MOF: 18 });
      expect(facets.industries).toMatchObject({ 'Financial Services': 20, Technology: 3, 'Media & Entertainment': 1, Energy: 1 });
      expect(facets.topics).toMatchObject({ DATASEC: 2, BONDS: 18, SEMI: 1 });
      expect(facets.importance).toEqual({ '1': 1, '2': 1, '3': 1, '4': 18, '5': 1, '6': 1, '7': 1, '8': 1, '9': 1 });
    });
  });

  describe('q', () => {
    it('matches titles and descriptions, case-insensitively, with the match highlighted', async () => {
      const body = await search({ q: 'DATA SECURITY' });
      expect(idsOf(body)).toContain(ids.bankData);
      expect(idsOf(body)).toContain(ids.dataFlows);
      const card = body.policies.find((policy) => policy.id === ids.bankData)!;
      expect(matched(card.highlight!.title)).toEqual(['data', 'security']);
      expect(matched(card.highlight!.description)).toContain('security');
      expect(text(card.highlight!.title)).toBe(fixtures.bankData.title);
    });

    it('matches a partial word (prefix) and forgives a typo', async () => {
      expect(idsOf(await search({ q: 'semicond' }))).toEqual([ids.chips]);
      expect(idsOf(await search({ q: 'hospitl procurement' }))).toEqual([ids.hospitals]);
    });

    it('matches Chinese queries against the Chinese original without returning it (for a reader who may read it)', async () => {
      // Staff read everything; a visitor's search never matches the original (reader-scope.test.ts).
      const { cookie } = await createSignedInUser(ctx, { role: 'admin' });
      const searchAsStaff = async (q: string): Promise<SearchResponse> =>
        (await ctx.request(`/api/search?${params({ q })}`, { cookie })).json();
      const body = await searchAsStaff('数据安全');
      expect(idsOf(body)).toEqual([ids.bankData]);
      expect(JSON.stringify(body)).not.toContain('管理办法');
      expect(idsOf(await searchAsStaff('半导体'))).toEqual([ids.chips]);
    });

    it('finds a department by its code', async () => {
      expect(idsOf(await search({ q: 'NHC' }))).toEqual([ids.hospitals]);
    });

    it('ranks by relevance when no sort is asked', async () => {
      expect(idsOf(await search({ q: 'data security' }))[0]).toBe(ids.bankData);
      expect(idsOf(await search({ q: 'data security', sortBy: 'relevance' }))[0]).toBe(ids.bankData);
    });

    // Meilisearch applies a sort only after the relevance rules ranked before it, so date order
    // among a query's matches needs the index's ranking rules to put "sort" first
    // (indexer/settings.ts; it changes nothing for queries without a sort).
    it("orders a query's matches by date when a sort is asked", async () => {
      // The live index's settings, not only the file: the index must rank "sort" first.
      expect(sortRanksFirst).toBe(true);
      expect((await ctx.meili.admin.index(ctx.meili.indexName).getSettings()).rankingRules?.[0]).toBe('sort');
      expect(idsOf(await search({ q: 'data security', sortBy: 'oldest' }))[0]).toBe(ids.dataFlows);
      const latest = await search({ q: 'data', sortBy: 'latest' });
      const dates = latest.policies.map((policy) => policy.time);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('answers an empty page, not an error, when nothing matches', async () => {
      const body = await search({ q: 'zzyzx quokka' });
      expect(body).toMatchObject({ policies: [], total: 0, totalPages: 0 });
    });
  });

  describe('departments', () => {
    it('takes codes, in any case', async () => {
      expect(idsOf(await search({ departments: ['CSRC'] }))).toEqual([ids.disclosure]);
      expect(idsOf(await search({ departments: ['csrc'] }))).toEqual([ids.disclosure]);
    });

    it('takes ids, as numbers or strings', async () => {
      expect(idsOf(await search({ departments: [1] }))).toEqual([ids.disclosure]);
      expect(idsOf(await search({ departments: ['13'] }))).toEqual([ids.hospitals]);
    });

    it('takes both forms in one list (any of them)', async () => {
      expect(sorted(idsOf(await search({ departments: ['PBOC', 10] })))).toEqual(sorted([ids.bankData, ids.chips]));
    });

    it('matches nothing for a department without policies', async () => {
      expect((await search({ departments: ['HKMA', 99] })).total).toBe(0);
    });
  });

  it('industries: any of the named industries, names with punctuation included', async () => {
    expect(sorted(idsOf(await search({ industries: ['Technology'] })))).toEqual(sorted([ids.bankData, ids.chips, ids.dataFlows]));
    expect(idsOf(await search({ industries: ['Media & Entertainment'] }))).toEqual([ids.dataFlows]);
    expect(sorted(idsOf(await search({ industries: ['Energy', 'Healthcare'] })))).toEqual(sorted([ids.renewables, ids.hospitals]));
  });

  it('topics: any of the topic codes', async () => {
    expect(sorted(idsOf(await search({ topics: ['DATASEC'] })))).toEqual(sorted([ids.bankData, ids.dataFlows]));
    expect(sorted(idsOf(await search({ topics: ['semi', 'RENEW'] })))).toEqual(sorted([ids.chips, ids.renewables]));
  });

  it('startDate: policies published on or after the day', async () => {
    expect(sorted(idsOf(await search({ startDate: '2024-06-01' })))).toEqual(sorted([ids.chips, ids.renewables, ids.statistics]));
  });

  it('endDate: policies published on or before the day', async () => {
    const body = await search({ endDate: '2022-11-11', pageSize: 50 });
    expect(body.total).toBe(fillers.length + 1);
    expect(idsOf(body)).toContain(ids.dataFlows);
  });

  it('startDate and endDate together, as dates or date-times', async () => {
    expect(sorted(idsOf(await search({ startDate: '2023-12-05', endDate: '2024-01-20' })))).toEqual(sorted([ids.disclosure, ids.hospitals]));
    expect(sorted(idsOf(await search({ startDate: '2024-09-15T00:00:00Z', endDate: '2024-09-15T23:59:59+08:00' })))).toEqual(
      sorted([ids.renewables, ids.statistics]),
    );
  });

  it('sortBy oldest and latest', async () => {
    const oldest = await search({ sortBy: 'oldest' });
    expect(oldest.policies[0]!.time).toBe('2021-01-05');
    const latest = await search({ sortBy: 'latest', pageSize: 100 });
    expect(latest.policies.at(-1)!.time).toBe('2021-01-05');
  });

  it('minImportance: at least', async () => {
    expect(sorted(idsOf(await search({ minImportance: 8 })))).toEqual(sorted([ids.bankData, ids.chips]));
  });

  it('maxImportance: at most', async () => {
    expect(idsOf(await search({ maxImportance: 1 }))).toEqual([ids.statistics]);
  });

  it('minImportance and maxImportance together; the full range 0-10 filters nothing', async () => {
    expect(sorted(idsOf(await search({ minImportance: 5, maxImportance: 6 })))).toEqual(sorted([ids.disclosure, ids.renewables]));
    expect((await search({ minImportance: 0, maxImportance: 10 })).total).toBe(totalPolicies);
  });

  describe('page and pageSize', () => {
    it('offers 10, 20, 50 and 100', async () => {
      for (const pageSize of [10, 20, 50, 100]) {
        const body = await search({ pageSize });
        expect(body.policies).toHaveLength(Math.min(pageSize, totalPolicies));
        expect(body.totalPages).toBe(Math.ceil(totalPolicies / pageSize));
      }
    });

    it('pages without overlap up to a short last page', async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => search({ page, pageSize: 10, sortBy: 'oldest' })));
      expect(pages.map((body) => body.policies.length)).toEqual([10, 10, totalPolicies - 20]);
      expect(new Set(pages.flatMap(idsOf)).size).toBe(totalPolicies);
      expect(pages[2]).toMatchObject({ page: 3, pageSize: 10, total: totalPolicies, totalPages: 3 });
    });

    it('answers an empty page beyond the end, with the true total', async () => {
      const body = await search({ page: 4, pageSize: 10 });
      expect(body).toMatchObject({ policies: [], page: 4, total: totalPolicies, totalPages: 3 });
    });
  });

  it('combines every parameter', async () => {
    const body = await search({
      q: 'data',
      departments: ['PBOC', 4],
      industries: ['Technology'],
      topics: ['DATASEC'],
      startDate: '2022-01-01',
      endDate: '2024-12-31',
      minImportance: 7,
      maxImportance: 10,
      sortBy: 'oldest',
      page: 1,
      pageSize: 10,
    });
    expect(idsOf(body)).toEqual([ids.dataFlows, ids.bankData]);
    expect(body.total).toBe(2);
  });

  describe('facet counts', () => {
    it('count under the query', async () => {
      const { facets } = await search({ q: 'data security' });
      expect(facets.departments).toEqual({ PBOC: 1, SC: 1 });
      expect(facets.topics).toMatchObject({ DATASEC: 2, FINTECH: 1 });
    });

    it("count each filter's own values under the other filters only, so more can be chosen", async () => {
      const { facets, total } = await search({ departments: ['PBOC'], industries: ['Technology'] });
      expect(total).toBe(1);
      // Departments: the departments with Technology policies, not only the chosen one.
      expect(facets.departments).toEqual({ PBOC: 1, MOFCOM: 1, SC: 1 });
      // Industries: the industries of PBOC's policies.
      expect(facets.industries).toEqual({ 'Financial Services': 1, Technology: 1 });
      // Topics and importance: under both filters.
      expect(facets.topics).toEqual({ DATASEC: 1, FINTECH: 1 });
      expect(facets.importance).toEqual({ '8': 1 });
    });

    it('count importance outside a chosen range, for the range slider', async () => {
      const { facets, total } = await search({ minImportance: 9 });
      expect(total).toBe(1);
      expect(facets.importance).toMatchObject({ '1': 1, '4': 18, '9': 1 });
      expect(facets.departments).toEqual({ MOFCOM: 1 });
    });
  });

  describe('refuses malformed parameters with a 400 naming the parameter', () => {
    it.each([
      ['a malformed JSON array', { departments: '["CSRC"' }, 'departments'],
      ['a JSON value that is not an array', { industries: '"Technology"' }, 'industries'],
      // ({ "id": 1 } and { "code": "CSRC" } are read, as the criteria hold a department: a saved search stores them so.)
      ['a department that is neither id nor code', { departments: '[{"name":"CSRC"}]' }, 'departments'],
      ['a topic that is not a code', { topics: '["not a code!"]' }, 'topics'],
      ['an unknown sort', { sortBy: 'popular' }, 'sortBy'],
      ['a page below 1', { page: '0' }, 'page'],
      ['a page that is not a number', { page: 'two' }, 'page'],
      ['a page size above the largest', { pageSize: '101' }, 'pageSize'],
      ['a page size of 0', { pageSize: '0' }, 'pageSize'],
      ['a date that does not parse', { startDate: 'yesterday' }, 'startDate'],
      ['a date that does not exist', { endDate: '2024-02-30' }, 'endDate'],
      ['a start after the end', { startDate: '2024-05-01', endDate: '2024-04-01' }, 'startDate'],
      ['minImportance above maxImportance', { minImportance: '8', maxImportance: '3' }, 'minImportance'],
      ['an importance out of range', { maxImportance: '11' }, 'maxImportance'],
    ])('%s', async (_case, query, parameter) => {
      const { status, message } = await searchError(query);
      expect(status).toBe(400);
      // An item of an array parameter is named with its position, e.g. "departments.0: ...".
      expect(message).toMatch(new RegExp(`^${parameter}(\\.\\d+)?: `));
    });
  });

  describe('never fails on hostile text', () => {
    const allIds = () => sorted(Object.values(ids));

    it('a filter injection in the query is only words: it matches what those words match', async () => {
      const body = await search({ q: '" OR 1=1' });
      expect(body).toMatchObject({ policies: [], total: 0 });
    });

    it('punctuation alone is no query: the listing of every policy', async () => {
      for (const q of ['\\', `"'"'`]) {
        const body = await search({ q, pageSize: 100 });
        expect(body.total, q).toBe(totalPolicies);
        expect(sorted(idsOf(body)).filter((id) => allIds().includes(id)), q).toEqual(allIds());
      }
    });

    it('control characters are spaces; a NUL is refused with the field named', async () => {
      // Every word of a query must match (decision 012): the control characters leave no word behind.
      const body = await search({ q: 'data\u0007\u001b security' });
      expect(idsOf(body)).toEqual(idsOf(await search({ q: 'data security' })));
      expect(idsOf(body)).toContain(ids.bankData);
      expect(await searchError({ q: 'data\u0000 security' })).toEqual({ status: 400, message: 'q: must not contain NUL characters' });
    });

    // The escapes pass the request's text rule as written; what they decode to must pass it too.
    describe('an escaped NUL or lone surrogate in a JSON-encoded parameter is a 400 naming it', () => {
      const decodedText = ['departments', 'industries', 'topics'].flatMap((parameter) => [
        [parameter, '["a\\ud800"]', 'must be valid Unicode text (it has an unpaired surrogate)'],
        [parameter, '["\\udc00b"]', 'must be valid Unicode text (it has an unpaired surrogate)'],
        [parameter, '["CSRC","\\udbff"]', 'must be valid Unicode text (it has an unpaired surrogate)'],
        [parameter, '["a\\u0000"]', 'must not contain NUL characters'],
      ]);
      it.each(decodedText)('%s=%s', async (parameter, value, problem) => {
        const { status, message } = await searchError({ [parameter]: value });
        expect(status).toBe(400);
        expect(message).toBe(`${parameter}.${value.startsWith('["CSRC"') ? 1 : 0}: ${problem}`);
      });

      it('a surrogate pair escaped in a parameter is a character like any other', async () => {
        expect(await search({ industries: '["\\ud83d\\ude00"]' })).toMatchObject({ policies: [], total: 0 });
      });
    });

    it('a filter injection in an industry matches no industry', async () => {
      for (const industries of [['Technology" OR industries EXISTS OR industries = "x'], ['\\', '"', 'a\\"b']]) {
        const body = await search({ industries: JSON.stringify(industries) });
        expect(body, JSON.stringify(industries)).toMatchObject({ policies: [], total: 0 });
      }
    });

    it('takes a very long query, cut to the documented limit', async () => {
      // The cut itself is unit-tested in api/shared/search.test.ts.
      expect(maxQueryLength).toBe(200);
      const body = await search({ q: `semiconductors ${'export controls '.repeat(500)}` });
      expect(idsOf(body)).toContain(ids.chips);
    });
  });

  describe('when Meilisearch cannot answer', () => {
    it('answers 503 when it is unreachable, and health says so', async () => {
      const app = createApp({ ...ctx.deps, ...connectSearch({ ...ctx.config, MEILI_URL: 'http://127.0.0.1:1' }, undefined, ctx.sql) });
      const response = await app.request('/api/search?q=data');
      expect(response.status).toBe(503);
      expect((await response.json()).error).toEqual({ code: 'service_unavailable', message: 'Search is unavailable right now; please try again shortly' });
      expect((await app.request('/api/search/suggest?q=data')).status).toBe(503);
      // An indexer alive (its heartbeat), so that Meilisearch is the only part failing.
      await ctx.sql`insert into daemon_heartbeats (id, kind, host, pid, version, activity, started_at, last_seen_at)
                    values ('indexer:search-test', 'indexer', 'test', 1, '0.1.0', 'syncing', now(), now())`;
      const health = await app.request('/api/health');
      expect(health.status).toBe(503);
      expect((await health.json()).failing).toEqual(['search']);
    });

    it('answers 503 when Meilisearch refuses the key', async () => {
      const search = connectSearch(ctx.config, 'not-a-key', ctx.sql);
      const app = createApp({ ...ctx.deps, ...search });
      const response = await app.request('/api/search?q=data');
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('service_unavailable');
      await search.meilisearch.close();
    });

    it('answers 503 when the index has not been built', async () => {
      // The master key, because the search key is limited to the live index and would be refused outright.
      const search = connectSearch({ ...ctx.config, MEILI_INDEX: `${ctx.meili.indexName}_missing` }, ctx.meili.masterKey, ctx.sql);
      const app = createApp({ ...ctx.deps, ...search });
      const response = await app.request('/api/search');
      expect(response.status).toBe(503);
      expect((await response.json()).error.message).toMatch(/not been built/);
    });
  });

  describe('GET /api/search/suggest', () => {
    async function suggest(query: string): Promise<SuggestResponse> {
      const response = await ctx.request(`/api/search/suggest?${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return response.json();
    }

    it('answers the top policies with the matched term highlighted, department and date', async () => {
      const { suggestions } = await suggest('q=semicond');
      expect(suggestions[0]).toMatchObject({ id: ids.chips, title: fixtures.chips.title, time: '2024-06-01', departmentId: 10, departmentCode: 'MOFCOM' });
      expect(matched(suggestions[0]!.highlight.title)[0]).toMatch(/^semicond/);
      expect(text(suggestions[0]!.highlight.title)).toBe(fixtures.chips.title);
    });

    it('crops the description to the context around the match', async () => {
      const { suggestions } = await suggest('q=zeolite');
      const snippet = suggestions[0]!.highlight.description;
      expect(matched(snippet)).toEqual(['zeolite']);
      const [before, after] = text(snippet).split('zeolite');
      expect(before).toMatch(/^…/);
      expect(after).toMatch(/…$/);
      // About 50 characters of context each side: Meilisearch crops by words (20 in all).
      expect(before!.length).toBeGreaterThan(30);
      expect(before!.length).toBeLessThan(110);
      expect(after!.length).toBeLessThan(110);
    });

    it('shows the first 150 characters of the description when the match is elsewhere', async () => {
      const { suggestions } = await suggest('q=zirconium');
      expect(suggestions[0]!.highlight.description).toEqual([
        { text: `${fixtures.zirconium.description.slice(0, 150).trimEnd()}…`, match: false },
      ]);
      const short = await suggest('q=statistics');
      expect(short.suggestions[0]!.highlight.description).toEqual([{ text: fixtures.statistics.description, match: false }]);
    });

    it('finds policies by their Chinese text, for a reader who may read it', async () => {
      const { cookie } = await createSignedInUser(ctx, { role: 'admin' });
      const response = await ctx.request(`/api/search/suggest?q=${encodeURIComponent('半导体')}`, { cookie });
      const { suggestions } = (await response.json()) as SuggestResponse;
      expect(suggestions.map((suggestion) => suggestion.id)).toEqual([ids.chips]);
    });

    it('answers five by default, up to ten when asked', async () => {
      expect((await suggest('q=treasury')).suggestions).toHaveLength(5);
      expect((await suggest('q=treasury&limit=10')).suggestions).toHaveLength(10);
      const tooMany = await ctx.request('/api/search/suggest?q=treasury&limit=11');
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).error.message).toMatch(/^limit: /);
    });

    it('answers nothing for an empty query without asking Meilisearch', async () => {
      const unreachable = createApp({ ...ctx.deps, ...connectSearch({ ...ctx.config, MEILI_URL: 'http://127.0.0.1:1', MEILI_INDEX: 'none' }, undefined, ctx.sql) });
      const response = await unreachable.request('/api/search/suggest?q=%20%07%20');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ suggestions: [] });
    });

    it('never fails on hostile text, and suggests only what matches', async () => {
      const suggest = async (q: string) => {
        const response = await ctx.request(`/api/search/suggest?q=${encodeURIComponent(q)}`);
        return { status: response.status, body: await response.json() };
      };
      // Words that match nothing, and punctuation that is no word at all: nothing to suggest.
      for (const q of ['" OR 1=1', '\\', `"'`, '<script>'.repeat(200)]) {
        expect(await suggest(q), q).toEqual({ status: 200, body: { suggestions: [] } });
      }
      expect(await suggest('a\u0000b')).toEqual({ status: 400, body: { error: { code: 'bad_request', message: 'q: must not contain NUL characters' } } });
      const quoted = await suggest('"semiconductors');
      expect(quoted.body.suggestions.map((suggestion: { id: number }) => suggestion.id)).toEqual([ids.chips]);
    });
  });

  describe("the dashboard's InstantSearch client (api/shared/instant-search-client.ts)", () => {
    const askApi = async (criteria: SearchCriteria) => {
      const response = await ctx.request(`/api/search?${new URLSearchParams(criteriaParams(criteria))}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as SearchResponse;
    };

    it('answers the requests the InstantSearch widgets make, through GET /api/search', async () => {
      const { results } = await answerInstantSearch(
        [
          {
            indexName: 'policies:timestamp:desc',
            params: {
              query: 'data',
              facets: ['industries', 'departmentCode'],
              facetFilters: [['industries:Technology', 'industries:Media & Entertainment']],
              numericFilters: ['impact>=7', 'impact<=10'],
              hitsPerPage: 10,
              page: 0,
              highlightPreTag: '<b>',
              highlightPostTag: '</b>',
            },
          },
          // The refined list's own counts, asked without its refinement.
          { indexName: 'policies:timestamp:desc', params: { query: 'data', facets: ['industries'], numericFilters: ['impact>=7', 'impact<=10'], hitsPerPage: 0, page: 0 } },
        ],
        askApi,
      );
      const [result, industryCounts] = results;
      expect(sorted(result!.hits.map((hit) => hit.id))).toEqual(sorted([ids.bankData, ids.dataFlows]));
      expect(result!.nbHits).toBe(2);
      expect(result!.facets.departmentCode).toEqual({ PBOC: 1, SC: 1 });
      expect(result!.hits.every((hit) => hit.objectID === String(hit.id))).toBe(true);
      expect(result!.hits.map((hit) => hit._highlightResult.title.value).join(' ')).toContain('<b>');
      // Counted under every filter but the industries': more industries than the two chosen.
      expect(Object.keys(industryCounts!.facets.industries!).length).toBeGreaterThan(2);
      expect(JSON.stringify(results)).not.toContain('SECRET-FULL-TEXT');
    });

    it('refuses what the criteria cannot say before anything is sent', async () => {
      const ask = (params: Record<string, unknown>) => answerInstantSearch([{ indexName: 'policies', params }], askApi);
      await expect(ask({ facetFilters: ['title:x'] })).rejects.toThrow(/cannot filter by "title:x"/);
      await expect(ask({ numericFilters: ['id>0'] })).rejects.toThrow(/cannot filter by "id>0"/);
      await expect(ask({ hitsPerPage: 101 })).rejects.toThrow(/pageSize/);
    });

    it('leaves no Meilisearch-compatible road: POST /api/search/multi-search is gone', async () => {
      const response = await ctx.request('/api/search/multi-search', { json: { queries: [{ indexUid: 'policies', q: '' }] } });
      expect(response.status).toBe(404);
    });
  });
});

function params(query: Record<string, string | number | readonly (string | number)[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) search.set(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  return search.toString();
}

function matched(parts: HighlightPart[]): string[] {
  return parts.filter((part) => part.match).map((part) => part.text.toLowerCase());
}

function text(parts: HighlightPart[]): string {
  return parts.map((part) => part.text).join('');
}
