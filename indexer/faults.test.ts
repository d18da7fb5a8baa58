import { createMeilisearchClient } from './meilisearch-client.ts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/free-port.ts';
import type { NodeProcess } from '../db/node-process.ts';
import { ensureMeilisearchKeys } from './keys.ts';
import { startMeilisearch, type LocalMeilisearch } from './meilisearch-server.ts';
import { createIndexerTestContext, eventually, type IndexerTestContext, startIndexer } from './testing.ts';
import { verifyIndex } from './verify.ts';

/** A tiny deterministic PRNG, so a failing run can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type WriteCounts = Record<'insert' | 'update' | 'bulkUpdate' | 'delete' | 'addTag' | 'removeTag' | 'renameDepartment' | 'rejected', number>;

/**
 * Mixed writes as the product makes them, each its own transaction, paced to last `durationMs`.
 * A write the database rejects (a tag for a policy the other writer just deleted, a deadlock
 * between a bulk update and a rename) changes nothing and is counted as rejected.
 */
async function writeMixed(sql: Sql, options: { writes: number; durationMs: number; seed: number; counts: WriteCounts }) {
  const next = random(options.seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  const started = Date.now();
  let maxId = 1;
  for (let n = 0; n < options.writes; n++) {
    if (n % 50 === 0) {
      const [row] = await sql<{ max: number }[]>`select coalesce(max(id), 1)::int as max from policies`;
      maxId = row!.max;
    }
    const id = 1 + Math.floor(next() * maxId);
    const roll = next();
    try {
      if (roll < 0.18) {
        await sql.begin(async (tx) => {
          const [policy] = await tx<{ id: number }[]>`
            insert into policies (department_id, title, description, published_on, impact)
            values (${1 + Math.floor(next() * 14)}, ${`Fault test policy ${options.seed}-${n}`}, 'Inserted under faults',
                    ${`2025-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`}, ${1 + Math.floor(next() * 10)})
            returning id`;
          await tx`insert into policy_topics (policy_id, topic_id) values (${policy!.id}, ${1 + Math.floor(next() * 42)})`;
        });
        options.counts.insert += 1;
      } else if (roll < 0.5) {
        await sql`update policies set title = ${`Revised ${options.seed}-${n}`}, impact = ${1 + Math.floor(next() * 10)} where id = ${id}`;
        options.counts.update += 1;
      } else if (roll < 0.55) {
        await sql`update policies set description = ${`Bulk revision ${n}`} where id between ${id} and ${id + 5}`;
        options.counts.bulkUpdate += 1;
      } else if (roll < 0.63) {
        await sql`delete from policies where id = ${id}`;
        options.counts.delete += 1;
      } else if (roll < 0.81) {
        if (next() < 0.5) await sql`insert into policy_industries (policy_id, industry_id) values (${id}, ${1 + Math.floor(next() * 20)}) on conflict do nothing`;
        else await sql`insert into policy_topics (policy_id, topic_id) values (${id}, ${1 + Math.floor(next() * 42)}) on conflict do nothing`;
        options.counts.addTag += 1;
      } else if (roll < 0.995) {
        if (next() < 0.5) await sql`delete from policy_industries where policy_id = ${id}`;
        else await sql`delete from policy_topics where policy_id = ${id} and topic_id = (select min(topic_id) from policy_topics where policy_id = ${id})`;
        options.counts.removeTag += 1;
      } else {
        await sql`update departments set full_name = ${`${pick(['Bureau', 'Office', 'Commission'])} ${options.seed}-${n}`} where id = ${1 + Math.floor(next() * 14)}`;
        options.counts.renameDepartment += 1;
      }
    } catch (error) {
      if (!['23503', '40P01'].includes((error as { code?: string }).code ?? '')) throw error;
      options.counts.rejected += 1;
    }
    const ahead = started + ((n + 1) * options.durationMs) / options.writes - Date.now();
    if (ahead > 0) await sleep(ahead);
  }
}

describe('indexer under faults', () => {
  let ctx: IndexerTestContext;
  let meili: LocalMeilisearch;
  let meiliDir: string;
  let meiliPort: number;
  const masterKey = randomBytes(24).toString('base64url');
  const indexers: NodeProcess[] = [];

  const startOwnMeilisearch = () => startMeilisearch({ dataDir: meiliDir, port: meiliPort, masterKey });

  beforeAll(async () => {
    ctx = await createIndexerTestContext();
    // Stopping the shared Meilisearch would break the other test files: this one has its own.
    meiliDir = await mkdtemp(path.join(os.tmpdir(), 'indexer-faults-'));
    meiliPort = await freePort();
    meili = await startOwnMeilisearch();
    await ctx.sql`
      insert into policies (department_id, title, description, published_on, impact)
      select 1 + n % 14, 'Seed policy ' || n, 'Before the faults', date '2024-01-01' + n, 1 + n % 10
      from generate_series(1, 500) as n`;
    await ctx.sql`insert into policy_industries (policy_id, industry_id) select id, 1 + id % 20 from policies`;
  });
  afterAll(async () => {
    await Promise.all(indexers.map((indexer) => indexer.kill('SIGKILL')));
    await meili?.stop();
    await rm(meiliDir, { recursive: true, force: true });
    await ctx.close();
  });

  const env = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: ctx.databaseUrl,
    MEILI_URL: meili.url,
    MEILI_MASTER_KEY: masterKey,
    MEILI_INDEX: ctx.meili.indexName,
    // A short lease, so the claims of killed indexers come back within the test.
    INDEXER_LEASE_SECONDS: '5',
    INDEXER_POLL_SECONDS: '1',
    INDEXER_BATCH_SIZE: '100',
  });
  const startDaemon = () => {
    const indexer = startIndexer(env());
    indexers.push(indexer);
    return indexer;
  };

  it('loses nothing through 20 SIGKILLs, a 10 s Meilisearch outage and two indexers at once', { timeout: 240_000 }, async () => {
    const running = [startDaemon(), startDaemon()];
    const counts: WriteCounts = { insert: 0, update: 0, bulkUpdate: 0, delete: 0, addTag: 0, removeTag: 0, renameDepartment: 0, rejected: 0 };
    const writers = Promise.all([
      writeMixed(ctx.sql, { writes: 2500, durationMs: 40_000, seed: 1, counts }),
      writeMixed(ctx.sql, { writes: 2500, durationMs: 40_000, seed: 2, counts }),
    ]);

    const kills = { total: 0, withBatchInFlight: 0, abandonedClaimsSeen: 0 };
    // During the outage only the first slot is killed (its new indexer waits for Meilisearch to
    // set up the keys); the second lives through the outage and has to recover on its own.
    let meiliDown = false;
    let outageBegun: () => void = () => {};
    const meiliStopped = new Promise<void>((resolve) => (outageBegun = resolve));
    const killer = (async () => {
      const next = random(3);
      while (kills.total < 20) {
        // The last kill waits for the outage if the others came first (a slow machine starts the
        // outage late): one indexer must start while Meilisearch is down.
        if (kills.total === 19) await meiliStopped;
        await sleep(700 + next() * 1000);
        // Aim at a batch in flight: wait (briefly) for a live claim before pulling the trigger.
        const inFlight = await eventually(
          async () => {
            const [row] = await ctx.sql<{ live: number; abandoned: number }[]>`
              select count(*) filter (where claimed_until >= now())::int as live,
                     count(*) filter (where claimed_until < now())::int as abandoned
              from search_outbox where claim_token is not null`;
            kills.abandonedClaimsSeen = Math.max(kills.abandonedClaimsSeen, row!.abandoned);
            return row!.live > 0 ? true : undefined;
          },
          { timeoutMs: 3000 },
        ).catch(() => false);
        const slot = meiliDown ? 0 : kills.total % 2;
        await running[slot]!.kill('SIGKILL');
        kills.total += 1;
        if (inFlight) kills.withBatchInFlight += 1;
        running[slot] = startDaemon();
      }
    })();

    const outage = (async () => {
      await sleep(10_000);
      meiliDown = true;
      // The survivor must be past its start-up, so that the outage meets it in its sync loop.
      await eventually(async () => running[1]!.lines.some((line) => line.includes('syncing')), {
        what: 'the second indexer to start',
        timeoutMs: 90_000,
      });
      await meili.stop();
      outageBegun();
      await sleep(10_000);
      // Until an indexer started during the outage has met it: it cannot set up its keys.
      await eventually(async () => indexers.some((indexer) => indexer.lines.some((line) => line.startsWith('[indexer] cannot set up the Meilisearch keys'))), {
        what: 'an indexer started during the outage to meet it',
        timeoutMs: 90_000,
      });
      meili = await startOwnMeilisearch();
      await eventually(async () => indexers.some((indexer) => indexer.lines.some((line) => line.startsWith('[indexer] recovered after'))), {
        what: 'an indexer to recover from the outage',
        timeoutMs: 90_000,
      });
      meiliDown = false;
    })();

    await Promise.all([writers, killer, outage]);
    const writes = Object.values(counts).reduce((sum, n) => sum + n, 0);
    expect(writes).toBe(5000);

    await eventually(
      async () => {
        const [row] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from search_outbox`;
        return row!.count === 0;
      },
      { what: 'the outbox to drain', timeoutMs: 120_000 },
    );

    // SIGTERM: each finishes what it holds and exits cleanly.
    for (const indexer of running) expect(await indexer.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    for (const indexer of running) expect(indexer.lines.at(-1)).toBe('[indexer] stopped');

    // The outage was noticed and recovered from, in a line or two per indexer rather than a flood.
    const outageLines = indexers.flatMap((indexer) => indexer.lines.filter((line) => /unreachable|cannot set up/.test(line)));
    expect(outageLines.length).toBeGreaterThan(0);
    for (const indexer of indexers) expect(indexer.lines.filter((line) => line.includes('unreachable')).length).toBeLessThanOrEqual(3);
    expect(indexers.some((indexer) => indexer.lines.some((line) => line.startsWith('[indexer] cannot set up the Meilisearch keys')))).toBe(true);

    const verifyRun = startIndexer(env(), ['--verify']);
    const verified = await verifyRun.exited;
    expect(verifyRun.lines).toContain('[indexer] identical');
    expect(verified.code).toBe(0);

    const keys = await ensureMeilisearchKeys(meili.url, masterKey, ctx.meili.indexName);
    const difference = await verifyIndex({
      sql: ctx.sql,
      client: createMeilisearchClient(meili.url, keys.adminKey),
      indexName: ctx.meili.indexName,
    });
    expect(difference).toMatchObject({ missing: [], stale: [], extra: [] });
    expect(difference.documents).toBe(difference.policies);
    expect(kills.total).toBe(20);

    console.log(
      `faults: ${writes} writes (${JSON.stringify(counts)}); ${kills.total} SIGKILLs, ${kills.withBatchInFlight} with a batch in flight, ` +
        `up to ${kills.abandonedClaimsSeen} abandoned claimed rows seen and taken over; Meilisearch down 10 s; ` +
        `${indexers.length} indexer processes in all, two at a time; verified ${difference.policies} policies against ` +
        `${difference.documents} documents: ${difference.missing.length} missing, ${difference.stale.length} stale, ${difference.extra.length} extra`,
    );
  });
});
