import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicy } from '../db/testing.ts';
import { departmentList, industryList, topicList } from '../db/reference-data.ts';
import { mostPeriodValues } from '../vocabulary/analytics.ts';
import { importanceRange } from '../vocabulary/importance.ts';
import type { PolicyDocument } from './document.ts';
import { applyIndexSettings, indexSettings } from './settings.ts';
import { createIndexerTestContext, indexAll, type IndexerTestContext } from './testing.ts';

/** The settings as the search API will use them, through the API's search-only key. */
describe('index settings', () => {
  let ctx: IndexerTestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createIndexerTestContext();
    const policies = {
      securities: await createPolicy(ctx.db, {
        departmentId: 1,
        title: 'Rules on the supervision of listed companies',
        publishedOn: '2025-06-01',
        impact: 9,
        industryIds: [1],
        topicIds: [6],
      }),
      exchange: await createPolicy(ctx.db, {
        departmentId: 5,
        title: 'Notice on the foreign exchange market',
        description: 'Keeps the exchange rate stable',
        publishedOn: '2026-02-01',
        impact: 3,
        chineseOriginal: '国家外汇管理局关于促进跨境贸易便利化的通知',
        industryIds: [1, 19],
        topicIds: [4],
      }),
      bodyOnly: await createPolicy(ctx.db, {
        departmentId: 4,
        title: 'Opinions on rural roads',
        publishedOn: '2024-09-30',
        impact: 5,
        englishTranslation: 'The exchange of experience between counties is encouraged.',
      }),
      descriptionOnly: await createPolicy(ctx.db, {
        departmentId: 4,
        title: 'Opinions on county towns',
        description: 'Encourages the exchange of officials between counties.',
        publishedOn: '2024-10-30',
      }),
      mentionsCentralBank: await createPolicy(ctx.db, {
        departmentId: 9,
        title: 'Treasury bond issuance plan',
        description: "Coordinated with the People's Bank of China.",
        publishedOn: '2023-12-01',
      }),
    };
    for (const [name, policy] of Object.entries(policies)) ids[name] = policy.id;
    await indexAll(ctx);
  });
  afterAll(async () => {
    await ctx.meili.admin.deleteIndex(ctx.meili.indexName);
    await ctx.close();
  });

  const search = async (q: string, options: { filter?: string; sort?: string[] } = {}) => {
    const result = await ctx.meili.search.index<PolicyDocument>(ctx.meili.indexName).search(q, options);
    return result.hits.map((hit) => hit.id);
  };

  it('are applied idempotently', async () => {
    const before = await ctx.meili.admin.index(ctx.meili.indexName).getSettings();
    await applyIndexSettings(ctx.meili.admin, ctx.meili.indexName);
    const after = await ctx.meili.admin.index(ctx.meili.indexName).getSettings();
    expect(after).toEqual(before);
    expect(after.searchableAttributes).toEqual(indexSettings.searchableAttributes);
    expect(after.localizedAttributes).toEqual([{ attributePatterns: ['chineseOriginal'], locales: ['cmn'] }]);
  });

  it('rank a title match above a description match above a body match', async () => {
    expect(await search('exchange')).toEqual([ids.exchange, ids.descriptionOnly, ids.bodyOnly]);
  });

  it('find a department by its code, English name or Chinese short name', async () => {
    for (const query of ['CSRC', '证监会']) expect(await search(query), query).toEqual([ids.securities]);
    expect((await search('China Securities Regulatory Commission'))[0]).toBe(ids.securities);
    expect(await search('外汇局')).toEqual([ids.exchange]);
    // The code finds the name in a text, and the Chinese names find the code.
    for (const query of ['PBOC', '央行', '人民银行']) expect(await search(query), query).toEqual([ids.mentionsCentralBank]);
  });

  it('search the Chinese original as Chinese', async () => {
    expect(await search('跨境贸易')).toEqual([ids.exchange]);
  });

  it('filter by department, industry, topic, importance and date, and sort by date and importance', async () => {
    expect(await search('', { filter: 'departmentCode IN ["CSRC", "SAFE"]', sort: ['timestamp:desc'] })).toEqual([ids.exchange, ids.securities]);
    expect(await search('', { filter: 'departmentId = 4', sort: ['timestamp:asc'] })).toEqual([ids.bodyOnly, ids.descriptionOnly]);
    expect(await search('', { filter: 'industries = "Consumer Goods"' })).toEqual([ids.exchange]);
    expect(await search('', { filter: 'topicCodes = "CAPMKT"' })).toEqual([ids.securities]);
    expect(await search('', { filter: 'impact >= 4 AND impact <= 8', sort: ['impact:desc', 'timestamp:desc'] })).toEqual([
      ids.descriptionOnly,
      ids.bodyOnly,
      ids.mentionsCentralBank,
    ]);
    const from = Date.UTC(2025, 0, 1) / 1000;
    expect(await search('', { filter: `timestamp >= ${from}`, sort: ['impact:desc'] })).toEqual([ids.securities, ids.exchange]);
    expect(await search('', { filter: `timestamp < ${Date.UTC(2024, 0, 1) / 1000}` })).toEqual([ids.mentionsCentralBank]);
  });

  // The English translation stays displayed so an entitled reader's card can show a cropped
  // passage; the API names the fields it retrieves (api/search/policy-index.test.ts checks that
  // they leave it out), so only the Chinese original must never be retrievable at all.
  it('keep the Chinese original out of search hits, whatever a query asks', async () => {
    const index = ctx.meili.search.index(ctx.meili.indexName);
    const { hits } = await index.search('跨境贸易');
    expect(hits[0]).not.toHaveProperty('chineseOriginal');
    const { hits: everything } = await index.search('跨境贸易', { attributesToRetrieve: ['*', 'chineseOriginal'] });
    expect(everything[0]).not.toHaveProperty('chineseOriginal');
    expect(hits[0]).toMatchObject({ id: ids.exchange, departmentCode: 'SAFE', industries: ['Financial Services', 'Consumer Goods'] });
  });

  it("count every value of an analytics range's period facet: none is left out", () => {
    const keyCounts = { department: departmentList.length, topic: topicList.length, industry: industryList.length, importance: importanceRange.max };
    expect(indexSettings.faceting.maxValuesPerFacet).toBeGreaterThanOrEqual(mostPeriodValues(keyCounts));
  });

  it('count every hit exactly, beyond the default cap of 1,000', async () => {
    await ctx.sql`
      insert into policies (department_id, title, published_on)
      select 3, 'Statistical bulletin ' || n, date '2020-01-01' + n from generate_series(1, 1200) as n`;
    await indexAll(ctx);
    const result = await ctx.meili.search.index(ctx.meili.indexName).search('bulletin', { hitsPerPage: 20, page: 1 });
    expect(result.totalHits).toBe(1200);
    expect(result.totalPages).toBe(60);
  });
});
