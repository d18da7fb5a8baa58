import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIndexVersion } from '../../indexer/index-state.ts';
import { rebuildIndex } from '../../indexer/rebuild.ts';
import { createApp } from '../app.ts';
import type { AppDeps } from '../app-deps.ts';
import type { SearchResponse, SuggestResponse } from '../shared/search.ts';
import { createSignedInUser, createSubscriber } from '../test/accounts.ts';
import { createTestContext, requestsTo, type TestContext } from '../test/context.ts';
import { createCachedSearch } from './cached-search.ts';
import { createMeilisearchSearch } from './meilisearch.ts';
import { indexAll, insertPolicies } from './testing.ts';

/**
 * Search answers kept in memory (cached-search.ts), through the API as a reader uses it, on a
 * real Postgres and Meilisearch. Each "API process" below is an app with its own cache, in front
 * of a Meilisearch connection that counts the searches reaching it.
 */
describe('search answers kept in memory', () => {
  let ctx: TestContext;

  /** An API process of its own: its own cache, and a count of the searches it sent to Meilisearch. */
  function apiProcess(cacheSize = 8 * 1024 * 1024) {
    const meilisearch = createMeilisearchSearch({ host: ctx.meili.url, apiKey: ctx.meili.keys.searchKey, indexName: ctx.meili.indexName });
    const counted = { ...meilisearch, sent: 0 };
    counted.multiSearch = (queries, options) => {
      counted.sent += 1;
      return meilisearch.multiSearch(queries, options);
    };
    const versionReads = { count: 0 };
    const search = createCachedSearch(
      counted,
      () => {
        versionReads.count += 1;
        return readIndexVersion(ctx.sql);
      },
      { maxSize: cacheSize },
    );
    const deps: AppDeps = { ...ctx.deps, meilisearch, search };
    const request = requestsTo(createApp(deps), ctx.config);
    const answer = async <T>(response: Response): Promise<T> => {
      expect(response.status, await response.clone().text()).toBe(200);
      return response.json() as Promise<T>;
    };
    return {
      meilisearch: counted,
      versionReads,
      search,
      get: async <T>(path: string, cookie?: string) => answer<T>(await request(path, { cookie })),
      close: () => meilisearch.close(),
    };
  }
  const processes: ReturnType<typeof apiProcess>[] = [];
  const startProcess = (cacheSize?: number) => {
    const process = apiProcess(cacheSize);
    processes.push(process);
    return process;
  };

  const titles = (body: SearchResponse) => body.policies.map((policy) => policy.title);

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertPolicies(ctx, [
      {
        title: 'Notice on settlement accounts',
        description: 'Rules for settlement accounts of payment institutions.',
        departmentId: 2,
        publishedOn: '2024-05-01',
        industries: ['Financial Services'],
        englishTranslation: 'Article 9 sets the quarantine ledger requirement for custodians.',
      },
      { title: 'Guidelines on cloud services', description: 'Cloud rules.', departmentId: 4, publishedOn: '2024-06-01', industries: ['Technology'] },
    ]);
    await indexAll(ctx);
  });
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.close()));
    await ctx.close();
  });

  it('serves the default listing again from memory, and the new policy as soon as the indexer has applied it, in every API process', async () => {
    const [first, second] = [startProcess(), startProcess()];
    for (const api of [first, second]) {
      const listing = await api.get<SearchResponse>('/api/search');
      expect(titles(listing)).toEqual(['Guidelines on cloud services', 'Notice on settlement accounts']);
      await api.get<SearchResponse>('/api/search');
      expect(api.meilisearch.sent, 'the second listing came from memory').toBe(1);
    }

    // Written, not yet in the index: what the index says has not changed, and neither does the answer.
    await insertPolicies(ctx, [{ title: 'Measures on data export security', description: 'Export rules.', departmentId: 7, publishedOn: '2024-07-01' }]);
    expect(titles(await first.get<SearchResponse>('/api/search'))).not.toContain('Measures on data export security');

    await indexAll(ctx);
    for (const api of [first, second]) {
      const listing = await api.get<SearchResponse>('/api/search');
      expect(titles(listing)[0]).toBe('Measures on data export security');
      expect(listing.total).toBe(3);
    }
    // And from memory again until the next change.
    const sent = second.meilisearch.sent;
    expect((await second.get<SearchResponse>('/api/search')).total).toBe(3);
    expect(second.meilisearch.sent).toBe(sent);
  });

  it('never serves facet counts or suggestions from before a change, nor from before a rebuild', async () => {
    const api = startProcess();
    const countsBefore = (await api.get<SearchResponse>('/api/search')).facets.departments;
    const suggestionsBefore = await api.get<SuggestResponse>('/api/search/suggest?q=tariff');
    expect(suggestionsBefore.suggestions).toEqual([]);

    const [tariffs] = await insertPolicies(ctx, [{ title: 'Announcement on tariff exclusions', description: 'Tariff rules.', departmentId: 2, publishedOn: '2024-08-01' }]);
    await indexAll(ctx);
    const countsAfter = (await api.get<SearchResponse>('/api/search')).facets.departments;
    const departmentCode = Object.keys(countsAfter).find((code) => countsAfter[code] !== countsBefore[code]);
    expect(departmentCode, 'a department count moved with the new policy').toBeDefined();
    expect(countsAfter[departmentCode!]).toBe((countsBefore[departmentCode!] ?? 0) + 1);
    expect((await api.get<SuggestResponse>('/api/search/suggest?q=tariff')).suggestions.map((suggestion) => suggestion.id)).toEqual([tariffs]);

    // A rebuild swaps a new index in: the answers kept from the old one are not served.
    const versionBefore = await readIndexVersion(ctx.sql);
    await ctx.sql`update policies set title = 'Announcement on tariff exemptions' where id = ${tariffs!}`;
    await ctx.sql`delete from search_outbox`;
    await rebuildIndex({ sql: ctx.sql, client: ctx.meili.admin, indexName: ctx.meili.indexName });
    expect(Number(await readIndexVersion(ctx.sql))).toBeGreaterThan(Number(versionBefore));
    const [suggestion] = (await api.get<SuggestResponse>('/api/search/suggest?q=tariff')).suggestions;
    expect(suggestion?.title).toBe('Announcement on tariff exemptions');
  });

  it('never shares an answer between readers who may read different things, on every search path', async () => {
    const api = startProcess();
    const visitor = undefined;
    const reader = (await createSignedInUser(ctx)).cookie;
    const subscriber = await createSubscriber(ctx);
    // "quarantine ledger" is only in the full translation, which only a subscriber may search.
    const matches: Record<string, (cookie: string | undefined) => Promise<number>> = {
      '/api/search': async (cookie) => (await api.get<SearchResponse>('/api/search?q=quarantine%20ledger', cookie)).total,
      '/api/search/suggest': async (cookie) => (await api.get<SuggestResponse>('/api/search/suggest?q=quarantine%20ledger', cookie)).suggestions.length,
    };
    const expected = (cookie: string | undefined) => (cookie === subscriber.cookie ? 1 : 0);
    // Each order: the reader who may not search the translation first, then one who may; and the other way round.
    for (const [first, then] of [
      [visitor, subscriber.cookie],
      [subscriber.cookie, reader],
    ] as const) {
      for (const [path, count] of Object.entries(matches)) {
        expect(await count(first), `${path}, first reader`).toBe(expected(first));
        expect(await count(then), `${path}, next reader`).toBe(expected(then));
        expect(await count(first), `${path}, first reader again`).toBe(expected(first));
      }
    }
  });

  it("serves a subscriber's kept English search, suggestions and Chinese matches with one read of the index version and no search", async () => {
    const api = startProcess();
    const subscriber = await createSubscriber(ctx);
    // An English query a subscriber's search also plans Chinese matches for (api/search/cross-language.ts).
    const paths = ['/api/search?q=settlement%20accounts', '/api/search/suggest?q=settlement%20accounts', '/api/search/chinese-matches?q=settlement%20accounts'];
    const first = await Promise.all(paths.map((path) => api.get<unknown>(path, subscriber.cookie)));
    for (const [index, path] of paths.entries()) {
      const [sent, reads] = [api.meilisearch.sent, api.versionReads.count];
      expect(await api.get<unknown>(path, subscriber.cookie), path).toEqual(first[index]);
      expect(api.meilisearch.sent, `${path}: no search sent`).toBe(sent);
      // The look-up alone: the cross-language plan (and its own kept counts) is not made again.
      expect(api.versionReads.count - reads, `${path}: one read of the index version`).toBe(1);
    }
  });

  it('sends identical searches arriving together to Meilisearch once', async () => {
    const api = startProcess();
    await api.get<SearchResponse>('/api/search?q=cloud');
    const sent = api.meilisearch.sent;
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.get<SearchResponse>('/api/search?q=settlement')));
    expect(answers.map((answer) => answer.total)).toEqual(Array(8).fill(1));
    expect(api.meilisearch.sent - sent).toBe(1);
  });

  it('keeps an answer per shape: the same queries built by another caller are its own answer, and a kept one is sent as the same text', async () => {
    const api = startProcess();
    const queries = [{ indexUid: ctx.meili.indexName, q: 'cloud', attributesToRetrieve: ['id', 'title'] }];
    const reader = { entitled: false };
    const titlesShape = { name: 'titles', build: (results: { hits: { title: string }[] }[]) => results[0]!.hits.map((hit) => hit.title) };
    const countShape = { name: 'count', build: (results: { hits: unknown[] }[]) => ({ count: results[0]!.hits.length }) };

    const titlesAnswer = await api.search.search(queries, reader, titlesShape);
    expect(titlesAnswer.value).toEqual(['Guidelines on cloud services']);
    const countAnswer = await api.search.search(queries, reader, countShape);
    expect(countAnswer.value).toEqual({ count: 1 });
    expect(api.meilisearch.sent, 'the second shape was searched, not served the first one').toBe(2);

    const again = await api.search.search(queries, reader, titlesShape);
    expect(api.meilisearch.sent).toBe(2);
    expect(again.json).toBe('["Guidelines on cloud services"]');
    expect(Object.isFrozen(again.value), 'a kept answer cannot be changed by the request it is served to').toBe(true);
  });

  it('keeps nothing when SEARCH_CACHE_MB is 0', async () => {
    const api = startProcess(0);
    await api.get<SearchResponse>('/api/search');
    await api.get<SearchResponse>('/api/search');
    expect(api.meilisearch.sent).toBe(2);
  });
});
