import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../db/client.ts';
import { createApp } from '../../app.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('names the search index as failing while it does not exist', async () => {
    const response = await ctx.request('/api/health');
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.failing).toEqual(['search']);
    expect(body.database.ok).toBe(true);
  });

  it('answers 200 with the document count and the outbox backlog once the index exists', async () => {
    await ctx.meili.admin.createIndex(ctx.meili.indexName, { primaryKey: 'id' }).waitTask();
    await ctx.meili.admin.index(ctx.meili.indexName).addDocuments([{ id: 1 }, { id: 2 }]).waitTask();
    await ctx.sql`insert into search_outbox (policy_id, operation, enqueued_at) values (1, 'upsert', now() - interval '30 seconds')`;
    const response = await ctx.request('/api/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe('ok');
    expect(body.search.documents).toBe(2);
    expect(body.database.outboxBacklog).toBe(1);
    expect(body.database.outboxOldestAgeSeconds).toBeGreaterThanOrEqual(29);
  });

  it('answers 503 naming the database when Postgres is unreachable', async () => {
    const unreachable = createDatabase('postgres://nobody:wrong@127.0.0.1:1/none');
    const app = createApp({ ...ctx.deps, db: unreachable.db });
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect((await response.json()).failing).toEqual(['database']);
    await unreachable.close();
  });
});
