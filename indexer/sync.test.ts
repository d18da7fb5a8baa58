import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, policies, policyIndustries, policyTopics } from '../db/schema/index.ts';
import { createPolicy } from '../db/testing.ts';
import { runIndexer } from './daemon.ts';
import type { PolicyDocument } from './document.ts';
import { createIndexerTestContext, eventually, type IndexerTestContext } from './testing.ts';
import { verifyIndex } from './verify.ts';

/**
 * Change capture end to end: the daemon runs in this process, and each test only writes to the
 * database, then waits for Meilisearch to show the change.
 */
describe('indexer daemon', () => {
  let ctx: IndexerTestContext;
  const stop = new AbortController();
  let daemon: Promise<void>;
  const logs: string[] = [];

  beforeAll(async () => {
    ctx = await createIndexerTestContext();
    daemon = runIndexer(
      { sql: ctx.sql, client: ctx.meili.admin, indexName: ctx.meili.indexName },
      { pollSeconds: 30, log: (line) => logs.push(line), signal: stop.signal },
    );
    await eventually(() => ctx.meili.admin.getIndex(ctx.meili.indexName).catch(() => false), { what: 'the index' });
  });
  afterAll(async () => {
    stop.abort();
    await daemon;
    await ctx.meili.admin.deleteIndex(ctx.meili.indexName);
    await ctx.close();
  });

  const index = () => ctx.meili.admin.index<PolicyDocument>(ctx.meili.indexName);
  const document = (id: number) => index().getDocument(id).catch(() => undefined);
  const search = async (q: string, filter?: string) => (await index().search(q, { filter })).hits.map((hit) => hit.id);

  it('indexes an inserted policy with its department, tags, dates and key points', async () => {
    const policy = await createPolicy(ctx.db, {
      title: 'Measures on cross-border data flows',
      departmentId: 8,
      publishedOn: '2026-03-02',
      impact: 8,
      englishTranslation: 'Full English text',
      chineseOriginal: '关于促进和规范数据跨境流动的规定',
      sourceUrl: 'https://www.miit.gov.cn/a.html',
      fullContent: { key_points: [{ title: 'Scope', content: '...' }, { title: 'Exemptions', content: '...' }] },
      industryIds: [2, 12],
      topicIds: [22, 23],
    });
    const indexed = await eventually(() => document(policy.id), { what: 'the document' });
    const [row] = await ctx.sql<{ ms: string }[]>`select (extract(epoch from updated_at) * 1000)::text as ms from policies where id = ${policy.id}`;
    expect(indexed).toEqual({
      id: policy.id,
      title: 'Measures on cross-border data flows',
      description: policy.description,
      englishTranslation: 'Full English text',
      chineseOriginal: '关于促进和规范数据跨境流动的规定',
      // Inserted without them: no Chinese title or number, and its status not read yet.
      chineseTitle: '',
      documentNumber: '',
      effectiveness: 'unknown',
      keyPoints: ['Scope', 'Exemptions'],
      departmentId: 8,
      departmentCode: 'MIIT',
      departmentName: 'Ministry of Industry and Information Technology',
      industries: ['Technology', 'Telecommunications'],
      industryIds: [2, 12],
      topicCodes: ['DATASEC', 'CYBER'],
      topicNames: ['Data Security', 'Cybersecurity'],
      topicIds: [22, 23],
      impact: 8,
      date: '2026-03-02',
      timestamp: Date.UTC(2026, 2, 2) / 1000,
      dateKnown: true,
      sourceUrl: 'https://www.miit.gov.cn/a.html',
      translationStatus: 'machine',
      translationModel: null,
      translationReviewedOn: null,
      // Its month and week (2 March 2026 is a Monday), alone and with each grouping key, for analytics.
      issuedMonth: ['2026-03-01', '2026-03-01|department|MIIT', '2026-03-01|topic|DATASEC', '2026-03-01|topic|CYBER', '2026-03-01|industry|Technology', '2026-03-01|industry|Telecommunications', '2026-03-01|importance|8'],
      issuedWeek: ['2026-03-02', '2026-03-02|department|MIIT', '2026-03-02|topic|DATASEC', '2026-03-02|topic|CYBER', '2026-03-02|industry|Technology', '2026-03-02|industry|Telecommunications', '2026-03-02|importance|8'],
      updatedAt: Number(row!.ms),
    });
    expect(await search('cross-border data')).toContain(policy.id);
  });

  it('finds a policy by key points stored in camelCase or as a JSON string, as the detail page shows them', async () => {
    const camel = await createPolicy(ctx.db, { title: 'Notice on grain reserves', fullContent: {} });
    const asString = await createPolicy(ctx.db, { title: 'Notice on cold chain logistics', fullContent: {} });
    await ctx.sql`update policies set full_content = ${JSON.stringify({ keyPoints: [{ title: 'Stockpile rotation', content: '...' }] })}::jsonb where id = ${camel.id}`;
    const text = JSON.stringify({ key_points: [{ title: 'Refrigerated warehousing', content: '...' }] });
    await ctx.sql`update policies set full_content = to_jsonb(${text}::text) where id = ${asString.id}`;
    await eventually(async () => (await search('stockpile rotation')).includes(camel.id), { what: 'the camelCase key point' });
    await eventually(async () => (await search('refrigerated warehousing')).includes(asString.id), { what: 'the JSON string key point' });
    expect((await document(camel.id))?.keyPoints).toEqual(['Stockpile rotation']);
    expect((await document(asString.id))?.keyPoints).toEqual(['Refrigerated warehousing']);
  });

  it('re-indexes an updated policy and removes a deleted one', async () => {
    const policy = await createPolicy(ctx.db, { title: 'Notice on grain reserves' });
    await eventually(() => document(policy.id), { what: 'the first version' });
    await ctx.db.update(policies).set({ title: 'Notice on soybean reserves' }).where(eq(policies.id, policy.id));
    await eventually(async () => (await document(policy.id))?.title === 'Notice on soybean reserves', { what: 'the new title' });
    expect(await search('soybean')).toContain(policy.id);
    expect(await search('grain reserves')).not.toContain(policy.id);

    await ctx.db.delete(policies).where(eq(policies.id, policy.id));
    await eventually(async () => (await document(policy.id)) === undefined, { what: 'the deletion' });
  });

  it('follows tags being added and removed', async () => {
    const policy = await createPolicy(ctx.db, { title: 'Guidance on hospital procurement' });
    await eventually(() => document(policy.id), { what: 'the document' });

    await ctx.db.insert(policyIndustries).values({ policyId: policy.id, industryId: 4 });
    await ctx.db.insert(policyTopics).values({ policyId: policy.id, topicId: 34 });
    await eventually(async () => (await search('', 'industries = "Healthcare" AND topicCodes = "HEALTH"')).includes(policy.id), {
      what: 'the tags to be filterable',
    });

    await ctx.db.delete(policyTopics).where(eq(policyTopics.policyId, policy.id));
    await eventually(async () => (await document(policy.id))?.topicCodes.length === 0, { what: 'the topic to go' });
    expect(await search('', 'topicCodes = "HEALTH"')).not.toContain(policy.id);
    expect(await search('', 'industries = "Healthcare"')).toContain(policy.id);
  });

  it('re-indexes every policy of a renamed department', async () => {
    const ofDepartment = await Promise.all([1, 2, 3].map(() => createPolicy(ctx.db, { departmentId: 11 })));
    const other = await createPolicy(ctx.db, { departmentId: 10 });
    await eventually(async () => (await Promise.all([...ofDepartment, other].map((p) => document(p.id)))).every(Boolean), {
      what: 'the documents',
    });
    const otherBefore = (await document(other.id))!.updatedAt;

    await ctx.db.update(departments).set({ fullName: 'Ministry of Foreign Affairs (renamed)' }).where(eq(departments.id, 11));
    await eventually(
      async () => (await Promise.all(ofDepartment.map((p) => document(p.id)))).every((d) => d?.departmentName === 'Ministry of Foreign Affairs (renamed)'),
      { what: 'the new department name' },
    );
    expect((await document(other.id))!.updatedAt).toBe(otherBefore);
  });

  it('leaves the outbox empty and the index identical to Postgres', async () => {
    await eventually(async () => {
      const [row] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from search_outbox`;
      return row!.count === 0;
    }, { what: 'an empty outbox' });
    const difference = await verifyIndex({ sql: ctx.sql, client: ctx.meili.admin, indexName: ctx.meili.indexName });
    expect(difference).toMatchObject({ missing: [], stale: [], extra: [] });
    expect(logs.filter((line) => !line.includes('outbox rows:'))).toEqual([]);
  });
});
