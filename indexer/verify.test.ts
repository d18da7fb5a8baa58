import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicy } from '../db/testing.ts';
import type { PolicyDocument } from './document.ts';
import { taskSucceeded } from './tasks.ts';
import { createIndexerTestContext, indexAll, type IndexerTestContext, startIndexer } from './testing.ts';

/** `npm run indexer -- --verify [--repair]`, run as the operator runs it. */
describe('indexer --verify', () => {
  let ctx: IndexerTestContext;
  const policyIds: number[] = [];

  beforeAll(async () => {
    ctx = await createIndexerTestContext();
    for (const title of ['Kept', 'Dropped from the index', 'Changed behind the index']) {
      policyIds.push((await createPolicy(ctx.db, { title })).id);
    }
    await indexAll(ctx);
  });
  afterAll(async () => {
    await ctx.meili.admin.deleteIndex(ctx.meili.indexName);
    await ctx.close();
  });

  const run = async (...args: string[]) => {
    const indexer = startIndexer(
      {
        PATH: process.env.PATH,
        DATABASE_URL: ctx.databaseUrl,
        MEILI_URL: ctx.meili.url,
        MEILI_ADMIN_KEY: ctx.meili.keys.adminKey,
        MEILI_INDEX: ctx.meili.indexName,
      },
      args,
    );
    const { code } = await indexer.exited;
    return { code, output: indexer.lines.join('\n') };
  };

  it('finds Postgres and Meilisearch identical after indexing', async () => {
    const { code, output } = await run('--verify');
    expect(output).toContain('[indexer] 3 policies in Postgres, 3 documents in');
    expect(output).toContain('[indexer] identical');
    expect(code).toBe(0);
  });

  it('reports missing, stale and extra documents, exits 1, and with --repair enqueues them', async () => {
    const [, dropped, changed] = policyIds as [number, number, number];
    const index = ctx.meili.admin.index<PolicyDocument>(ctx.meili.indexName);
    const stale = await index.getDocument(changed);
    await taskSucceeded(ctx.meili.admin, index.deleteDocument(dropped));
    await taskSucceeded(ctx.meili.admin, index.addDocuments([{ ...stale, title: 'An old title', updatedAt: stale.updatedAt - 1000 }, { ...stale, id: 999_999 }]));

    const report = await run('--verify');
    expect(report.code).toBe(1);
    expect(report.output).toContain(`[indexer] missing: 1 (ids ${dropped})`);
    expect(report.output).toContain(`[indexer] stale: 1 (ids ${changed})`);
    expect(report.output).toContain('[indexer] extra: 1 (ids 999999)');
    expect(await ctx.sql`select * from search_outbox`).toHaveLength(0);

    const repair = await run('--verify', '--repair');
    expect(repair.code).toBe(1);
    expect(repair.output).toContain('[indexer] enqueued 3 policies for the indexer');
    const queued = await ctx.sql<{ policy_id: number; operation: string }[]>`select policy_id, operation from search_outbox order by policy_id`;
    expect(queued).toEqual([
      { policy_id: dropped, operation: 'upsert' },
      { policy_id: changed, operation: 'upsert' },
      { policy_id: 999_999, operation: 'delete' },
    ]);

    await indexAll(ctx);
    expect((await index.getDocument(changed)).title).toBe('Changed behind the index');
    expect(await run('--verify')).toMatchObject({ code: 0 });
    // Three indexer processes, each compiling and starting as the operator's does: on a busy 2-core machine that is over the default 30 s.
  }, 180_000);

  it('names a bad variable and exits 1', async () => {
    const indexer = startIndexer({ PATH: process.env.PATH, DATABASE_URL: ctx.databaseUrl, MEILI_URL: 'not a url', MEILI_INDEX: 'policies' }, ['--verify']);
    const { code } = await indexer.exited;
    expect(code).toBe(1);
    expect(indexer.lines).toEqual([
      '[indexer] invalid configuration:',
      '  MEILI_URL: must be an http(s):// URL',
      '  MEILI_ADMIN_KEY: is required unless MEILI_MASTER_KEY is set',
    ]);
  });
});
