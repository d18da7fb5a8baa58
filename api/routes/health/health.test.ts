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

  /** What a running indexer records every few seconds (db/heartbeat.ts). */
  const indexerBeat = (secondsAgo: number) =>
    ctx.sql`insert into daemon_heartbeats (id, kind, host, pid, version, activity, started_at, last_seen_at)
            values ('indexer:test:1:1', 'indexer', 'test', 1, '0.1.0', 'syncing', now(), now() - make_interval(secs => ${secondsAgo}))
            on conflict (id) do update set last_seen_at = excluded.last_seen_at`;

  it('names the search index and the indexer as failing while neither exists', async () => {
    const response = await ctx.request('/api/health');
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.failing).toEqual(['search', 'indexer']);
    expect(body.indexer).toMatchObject({ ok: false, error: 'no indexer has run', lastSeenSecondsAgo: null });
    expect(body.database.ok).toBe(true);
  });

  it('answers 200 with the document count and the outbox backlog once the index exists', async () => {
    await ctx.meili.admin.createIndex(ctx.meili.indexName, { primaryKey: 'id' }).waitTask();
    await ctx.meili.admin.index(ctx.meili.indexName).addDocuments([{ id: 1 }, { id: 2 }]).waitTask();
    await ctx.sql`insert into search_outbox (policy_id, operation, enqueued_at) values (1, 'upsert', now() - interval '30 seconds')`;
    await indexerBeat(2);
    const response = await ctx.request('/api/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe('ok');
    expect(body.search.documents).toBe(2);
    expect(body.database.outboxBacklog).toBe(1);
    expect(body.database.outboxOldestAgeSeconds).toBeGreaterThanOrEqual(29);
  });

  it('turns degraded naming the indexer once it has been silent past the threshold, and back', async () => {
    expect(ctx.config.HEALTH_DAEMON_STALE_SECONDS).toBe(15);
    await indexerBeat(16);
    const silent = await ctx.request('/api/health');
    expect(silent.status).toBe(503);
    const body = await silent.json();
    expect(body.failing).toEqual(['indexer']);
    expect(body.indexer.error).toMatch(/^no indexer seen for 1[6-9] s$/);
    await indexerBeat(1);
    expect((await ctx.request('/api/health')).status).toBe(200);
  });

  it('turns degraded naming the outbox when a write has waited longer than HEALTH_OUTBOX_MAX_AGE_SECONDS', async () => {
    await indexerBeat(1);
    await ctx.sql`insert into search_outbox (policy_id, operation, enqueued_at) values (2, 'upsert', now() - interval '61 seconds')`;
    const stuck = await ctx.request('/api/health');
    expect(stuck.status).toBe(503);
    const body = await stuck.json();
    expect(body.failing).toEqual(['outbox']);
    expect(body.outbox).toEqual({ ok: false, maxAgeSeconds: 60 });
    expect(body.database.outboxOldestAgeSeconds).toBeGreaterThanOrEqual(61);
    await ctx.sql`delete from search_outbox`;
    expect((await ctx.request('/api/health')).status).toBe(200);
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
