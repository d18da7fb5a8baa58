import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIndexer } from './daemon.ts';
import { rebuildIndex, type RebuildProgress, type RebuildResult } from './rebuild.ts';
import type { SearchTarget } from './sync.ts';
import { createIndexerTestContext, eventually, indexAll, type IndexerTestContext } from './testing.ts';
import { verifyIndex } from './verify.ts';

describe('rebuild', () => {
  let ctx: IndexerTestContext;
  let target: SearchTarget;

  beforeAll(async () => {
    ctx = await createIndexerTestContext();
    target = { sql: ctx.sql, client: ctx.meili.admin, indexName: ctx.meili.indexName };
    await ctx.sql`
      insert into policies (department_id, title, description, published_on, impact)
      select 1 + n % 14, 'Policy on topic ' || n, repeat('Measures for market stability and growth. ', 20),
             date '2020-01-01' + n % 2000, 1 + n % 10
      from generate_series(1, 3000) as n`;
    await ctx.sql`insert into policy_topics (policy_id, topic_id) select id, 1 + id % 42 from policies`;
  });
  afterAll(async () => {
    await ctx.meili.admin.deleteIndex(ctx.meili.indexName);
    await ctx.close();
  });

  // Rebuilds index thousands of documents: slow on a busy 2-core machine.
  it('creates the live index when there is none yet', { timeout: 120_000 }, async () => {
    await expect(ctx.meili.admin.getIndex(ctx.meili.indexName)).rejects.toThrow();
    const phases: RebuildProgress['phase'][] = [];
    const result = await rebuildIndex(target, { batchSize: 1000, onProgress: (progress) => phases.push(progress.phase) });
    expect(result.documents).toBe(3000);
    expect(new Set(phases)).toEqual(new Set(['loading', 'catching up', 'swapping', 'checking']));
    // Nothing changed during the rebuild, so nothing was requeued, and the outbox rows the
    // inserts left are still there for the indexer (harmless: they re-index the same state).
    expect(result.requeued).toBe(0);
    expect(await verifyIndex(target)).toMatchObject({ missing: [], stale: [], extra: [], documents: 3000 });
    await indexAll(ctx);
  });

  it('swaps in a fresh index while searches and writes go on: no search fails, no write is lost', { timeout: 120_000 }, async () => {
    const stop = new AbortController();
    const daemon = runIndexer(target, { pollSeconds: 1, log: () => {}, signal: stop.signal });
    const search = ctx.meili.search.index(ctx.meili.indexName);
    let rebuilding = true;
    const searches = { ok: 0, failed: [] as string[], emptyAnswers: 0 };
    const searcher = (async () => {
      while (rebuilding) {
        try {
          const result = await search.search('market stability', { filter: 'impact >= 1', hitsPerPage: 5, page: 1 });
          searches.ok += 1;
          if (result.totalHits === 0) searches.emptyAnswers += 1;
        } catch (error) {
          searches.failed.push(String(error));
        }
      }
    })();
    let writes = 0;
    const writer = (async () => {
      for (let round = 0; rebuilding; round++) {
        const id = 1 + ((round * 37) % 3000);
        if (round % 4 === 0) await ctx.sql`update policies set title = ${`Rewritten policy ${round}`} where id = ${id}`;
        if (round % 4 === 1) await ctx.sql`insert into policy_industries (policy_id, industry_id) values (${id}, ${1 + (round % 20)}) on conflict do nothing`;
        if (round % 4 === 2) await ctx.sql`delete from policy_topics where policy_id = ${id}`;
        if (round % 4 === 3) {
          await ctx.sql`delete from policies where id = ${id}`;
          await ctx.sql`insert into policies (department_id, title, published_on) values (2, ${`New policy ${round}`}, '2026-05-01')`;
        }
        writes += 1;
        // A steady stream rather than a flood: this machine runs other test files meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    let result: RebuildResult;
    let writesDuringRebuild: number;
    try {
      result = await rebuildIndex(target, { batchSize: 500 });
      writesDuringRebuild = writes;
    } finally {
      rebuilding = false;
      await Promise.all([searcher, writer]);
    }
    try {
      await eventually(async () => {
        const [row] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from search_outbox`;
        return row!.count === 0;
      }, { what: 'the outbox to drain', timeoutMs: 60_000 });
    } finally {
      stop.abort();
      await daemon;
    }

    expect(searches.failed).toEqual([]);
    expect(searches.emptyAnswers).toBe(0);
    expect(searches.ok).toBeGreaterThan(10);
    expect(writesDuringRebuild).toBeGreaterThan(10);
    expect(result.documents).toBeGreaterThanOrEqual(3000);
    const difference = await verifyIndex(target);
    expect(difference).toMatchObject({ missing: [], stale: [], extra: [] });
    expect(difference.documents).toBe(difference.policies);
    const { results } = await ctx.meili.admin.getIndexes({ limit: 1000 });
    expect(results.map((index) => index.uid).filter((uid) => uid.startsWith(`${ctx.meili.indexName}_`))).toEqual([]);
    console.log(
      `rebuild of ${result.documents} documents in ${result.durationMs} ms: ${searches.ok} searches, ${writesDuringRebuild} writes during it, ` +
        `${result.caughtUp} caught up before the swap, ${result.requeued} requeued after it`,
    );
  });

  it("cancels what a rebuild that died left enqueued, and removes its index", { timeout: 120_000 }, async () => {
    // A dead rebuild's new index with pages still enqueued: 20 of 1,000 documents with varied
    // words, many seconds of indexing. Without the cancelation the next rebuild would wait for them.
    const leftover = `${ctx.meili.indexName}_rebuild_1`;
    await ctx.meili.admin.createIndex(leftover, { primaryKey: 'id' });
    const page = (from: number) =>
      Array.from({ length: 1000 }, (_, i) => ({
        id: from + i,
        title: `Leftover ${from + i}`,
        body: Array.from({ length: 300 }, (_, w) => `word${((from + i) * 31 + w * 17) % 20_000}`).join(' '),
      }));
    const pending = [];
    for (let from = 0; from < 20_000; from += 1000) pending.push(await ctx.meili.admin.index(leftover).addDocuments(page(from)));

    await rebuildIndex(target, { batchSize: 1000 });

    await expect(ctx.meili.admin.getIndex(leftover)).rejects.toThrow();
    const { results } = await ctx.meili.admin.tasks.getTasks({ uids: pending.map((task) => task.taskUid) });
    const statuses = results.map((task) => task.status);
    expect(statuses.filter((status) => status === 'enqueued' || status === 'processing')).toEqual([]);
    expect(statuses.filter((status) => status === 'canceled').length).toBeGreaterThan(0);
    expect(await verifyIndex(target)).toMatchObject({ missing: [], stale: [], extra: [] });
  });
});
