import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemonHeartbeats, searchFreshness, searchOutbox, searchRebuilds } from '../../../../db/schema/index.ts';
import { createPolicy } from '../../../../db/testing.ts';
import { eventually, startIndexer } from '../../../../indexer/testing.ts';
import { indexAll } from '../../../search/testing.ts';
import type { SearchRebuild, SystemStatus } from '../../../shared/admin-schemas.ts';
import { adminRoleMatrix, createSignedInUser, signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';


let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;

beforeAll(async () => {
  ctx = await createTestContext();
  cookies = (await signInEveryRole(ctx)).cookies;
});
afterAll(() => ctx.close());

const status = async (): Promise<SystemStatus> => (await ctx.request('/api/admin/system-status', { cookie: cookies.admin })).json();
const latest = async (): Promise<SearchRebuild | null> => (await (await ctx.request('/api/admin/search-rebuilds/latest', { cookie: cookies.admin })).json()).rebuild;
const requestRebuild = (who: Caller = 'admin') => ctx.request('/api/admin/search-rebuilds', { method: 'POST', cookie: cookies[who] });

describe('role matrix', () => {
  it.each(adminRoleMatrix)('GET /api/admin/system-status as %s answers %i', async (who, code) => {
    expect((await ctx.request('/api/admin/system-status', { cookie: cookies[who] })).status).toBe(code);
  });
  it.each(adminRoleMatrix)('GET /api/admin/search-rebuilds/latest as %s answers %i', async (who, code) => {
    expect((await ctx.request('/api/admin/search-rebuilds/latest', { cookie: cookies[who] })).status).toBe(code);
  });
  it.each(adminRoleMatrix.map(([who, code]) => [who, code === 200 ? 202 : code] as const))(
    'POST /api/admin/search-rebuilds as %s answers %i, and queues only when allowed',
    async (who, code) => {
      await ctx.db.delete(searchRebuilds);
      expect((await requestRebuild(who)).status).toBe(code);
      expect(await ctx.db.$count(searchRebuilds)).toBe(code === 202 ? 1 : 0);
    },
  );
});

describe('GET /api/admin/system-status', () => {
  it('reports each part as it is: the database, the index and its backlog, no indexer or worker running, the rules analyser', async () => {
    await createPolicy(ctx.db, { title: 'Counted once indexed' });
    await indexAll(ctx);
    await createPolicy(ctx.db, { title: 'Waiting in the outbox' });
    const now = await status();
    expect(now.database).toEqual({ ok: true, error: null });
    expect(now.search).toMatchObject({ ok: true, error: null, documents: 1, outboxBacklog: 1 });
    expect(now.search.outboxOldestAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(now.indexer).toEqual({ running: false, lastSeenSecondsAgo: null });
    expect(now.worker).toEqual({ running: false, lastSeenSecondsAgo: null });
    expect(now.translation).toEqual({ provider: 'rules', model: null });
  });

  it('reports the p95 write → searchable of the changes indexed in the last 15 minutes, and none when nothing was', async () => {
    await indexAll(ctx);
    await ctx.db.delete(searchFreshness);
    expect((await status()).search.freshness).toEqual({ writes: 0, p95Seconds: null });

    await createPolicy(ctx.db, { title: 'Edited and indexed' });
    await createPolicy(ctx.db, { title: 'Edited and indexed too' });
    const waiting = await ctx.db.$count(searchOutbox);
    expect(waiting).toBeGreaterThanOrEqual(2);
    await indexAll(ctx);
    const indexed = (await status()).search.freshness!;
    expect(indexed.writes).toBe(waiting);
    expect(indexed.p95Seconds).toBeGreaterThanOrEqual(0);

    // Twenty changes that waited 1, 2, ... 20 s, and one an hour-old batch took 30 min over, outside the window.
    await ctx.db.delete(searchFreshness);
    const now = Date.now();
    await ctx.db.insert(searchFreshness).values([
      ...Array.from({ length: 20 }, (_, i) => ({ writtenAt: new Date(now - (i + 1) * 1000), indexedAt: new Date(now) })),
      { writtenAt: new Date(now - 50 * 60_000), indexedAt: new Date(now - 20 * 60_000) },
    ]);
    // percentile_cont(0.95) of 1..20 s: 1 + 0.95 × 19.
    expect((await status()).search.freshness).toEqual({ writes: 20, p95Seconds: expect.closeTo(19.05, 3) });
  });

  it('sees a worker by its heartbeat, and an LLM provider when one is configured', async () => {
    await ctx.db.insert(daemonHeartbeats).values({ id: 'worker:test', kind: 'worker', host: 'test', pid: 1, version: '0', activity: 'waiting', startedAt: new Date(), lastSeenAt: new Date() });
    expect((await status()).worker.running).toBe(true);
    await ctx.db.delete(daemonHeartbeats).where(eq(daemonHeartbeats.id, 'worker:test'));

    const withLlm = await createTestContext({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_API_KEY: 'key', LLM_MODEL: 'qwen2.5-7b-instruct' });
    try {
      const { cookie } = await createSignedInUser(withLlm, { role: 'admin' });
      const answer: SystemStatus = await (await withLlm.request('/api/admin/system-status', { cookie })).json();
      expect(answer.translation).toEqual({ provider: 'llm', model: 'qwen2.5-7b-instruct' });
    } finally {
      await withLlm.close();
    }
  });
});

describe('Reindex search', () => {
  it('refuses a second reindex while one is queued, and closes one a dead indexer left running', async () => {
    await ctx.db.delete(searchRebuilds);
    expect((await requestRebuild()).status).toBe(202);
    const second = await requestRebuild();
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe('A reindex is already running');

    // The indexer that claimed it died: its heartbeat is two minutes old.
    await ctx.db.update(searchRebuilds).set({ status: 'running', startedAt: new Date(Date.now() - 180_000), heartbeatAt: new Date(Date.now() - 120_000) });
    expect((await requestRebuild()).status).toBe(202);
    const rows = await ctx.db.select().from(searchRebuilds).orderBy(searchRebuilds.id);
    expect(rows.map((row) => row.status)).toEqual(['failed', 'queued']);
    expect(rows[0]!.error).toBe('The indexer stopped during the rebuild');
    await ctx.db.delete(searchRebuilds);
  });

  it('runs end to end in the indexer daemon against real Meilisearch while searches keep answering', async () => {
    for (let index = 0; index < 300; index += 1) await createPolicy(ctx.db, { title: `Rebuild corpus policy ${index}` });
    await indexAll(ctx);
    const indexer = startIndexer({
      PATH: process.env.PATH,
      DATABASE_URL: ctx.databaseUrl,
      MEILI_URL: ctx.meili.url,
      MEILI_ADMIN_KEY: ctx.meili.keys.adminKey,
      MEILI_INDEX: ctx.meili.indexName,
      INDEXER_POLL_SECONDS: '1',
    });
    try {
      const accepted = await requestRebuild();
      expect(accepted.status).toBe(202);
      const { rebuild: queued } = await accepted.json();
      expect(queued).toMatchObject({ status: 'queued', requestedBy: 'The admin', documentsWritten: 0 });

      // Searches during the rebuild: every one answers, with the whole corpus.
      const searches: number[] = [];
      let finished: SearchRebuild | null = null;
      const seenStatuses = new Set<string>();
      await eventually(
        async () => {
          const response = await ctx.request('/api/search?q=Rebuild corpus', { cookie: cookies.admin });
          expect(response.status).toBe(200);
          searches.push((await response.json()).total);
          const now = await latest();
          seenStatuses.add(now!.status);
          if (now!.status === 'succeeded' || now!.status === 'failed') finished = now;
          return finished ?? undefined;
        },
        { timeoutMs: 60_000, what: 'the reindex to end' },
      );
      expect(finished).toMatchObject({ id: queued.id, status: 'succeeded', phase: 'done', documentsTotal: expect.any(Number), error: null });
      expect(finished!.documentsWritten).toBe(finished!.documentsTotal);
      expect(finished!.documentsWritten).toBeGreaterThanOrEqual(300);
      expect(finished!.elapsedSeconds).toBeGreaterThan(0);
      expect(searches.length).toBeGreaterThan(0);
      expect(new Set(searches)).toEqual(new Set([300]));
      expect(indexer.lines.join('\n')).toContain(`[indexer] rebuild ${queued.id}: started`);
      // And another may start once it has ended.
      expect((await requestRebuild()).status).toBe(202);
    } finally {
      await indexer.stop();
    }
  });
});
