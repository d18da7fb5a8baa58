import { randomInt } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MeilisearchApiError } from 'meilisearch';
import type { Sql } from 'postgres';
import { createMeilisearchClient } from '../meilisearch-client.ts';
import { outboxBacklog } from '../outbox.ts';
import { rebuildIndex } from '../rebuild.ts';
import { drainOutbox, type SearchTarget } from '../sync.ts';
import { differenceCount, repairIndex, verifyIndex, type IndexDifference } from '../verify.ts';
import { diskUsageBytes, formatBytes, peakMemoryBytes, progress, request, waitFor, type NodeService } from './environment.ts';
import { freshnessBreakdown, type TimedWrite } from './freshness-breakdown.ts';
import { ms, summarize, table, type LatencyStats } from './measure.ts';

/** What the indexer benchmark (issue 3) needs from the run: the servers, their keys, and a way to start the daemon. */
export type IndexerBenchContext = {
  sql: Sql;
  meiliUrl: string;
  masterKey: string;
  adminKey: string;
  searchKey: string;
  indexName: string;
  /** Meilisearch's --db-path, measured with du. */
  meiliDatabaseDir: string;
  meiliPid: number | undefined;
  /** Starts the real daemon (indexer/main.ts) as a child process with the product's environment. */
  startIndexer: () => NodeService;
};

const section = 'indexer';
const sequentialUpdates = 1_000;
const sustainedRate = 50;
const sustainedSeconds = 30;
/**
 * How long one write may take to become searchable before the run fails: far beyond any healthy
 * figure (under load a backlog may legitimately build up, so that run allows more).
 */
const searchableDeadlineMs = 60_000;
const searchableUnderLoadDeadlineMs = 180_000;
/**
 * Pause between two polls of one write in the one-at-a-time run: the figures' resolution, and
 * long enough that polling leaves Meilisearch's indexing the CPU (a poll costs ~1 ms).
 */
const sequentialPollPauseMs = 5;
/**
 * Cadence of the single multi-search that polls every pending write under load. When a backlog
 * makes that request slow, the poller waits twice as long as it took, so polling never takes more
 * than a third of the time (the backlog's latencies are then long enough for the coarser grain).
 */
const sustainedPollEveryMs = 10;

/**
 * Titles get a unique word appended: ` zqb` and twelve random letters (letters only, so the
 * tokenizer keeps it one word; twelve random letters are far more than two typos from any other).
 * The same pattern strips it again, so repeated runs never grow a title.
 */
const tokenPattern = ' zqb[a-z]+$';
const newToken = () => `zqb${Array.from({ length: 12 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

function adminTarget(context: Pick<IndexerBenchContext, 'sql' | 'meiliUrl' | 'adminKey' | 'indexName'>): SearchTarget {
  return { sql: context.sql, client: createMeilisearchClient(context.meiliUrl, context.adminKey, { timeout: 60_000 }), indexName: context.indexName };
}

/**
 * For runs without the indexer section: makes the index match Postgres (rebuilding it when it is
 * missing or far off, else draining the outbox), so the search figures are taken on all N policies.
 */
export async function bringIndexInStep(context: IndexerBenchContext): Promise<void> {
  const target = adminTarget(context);
  const [row] = await context.sql<{ count: number }[]>`select count(*)::int as count from policies`;
  const policies = row!.count;
  const documents = await target.client
    .index(target.indexName)
    .getStats()
    .then((stats) => stats.numberOfDocuments)
    .catch((error: unknown) => {
      if (error instanceof MeilisearchApiError && error.cause?.code === 'index_not_found') return 0;
      throw error;
    });
  if (documents < policies * 0.9) {
    progress(section, `the index holds ${documents} of ${policies} policies: rebuilding it (not timed)`);
    await context.sql`delete from search_outbox`;
    await rebuildIndex(target);
  } else {
    // No indexer runs now: claims still in the outbox belong to a daemon of an interrupted run.
    await context.sql`update search_outbox set claim_token = null, claimed_until = null where claim_token is not null`;
    const drained = await drainOutbox(target);
    if (drained.outboxRows > 0) progress(section, `indexed ${drained.outboxRows} pending outbox rows`);
  }
  let difference = await verifyIndex(target);
  if (differenceCount(difference) > 0) {
    await repairIndex(context.sql, difference);
    await drainOutbox(target);
    difference = await verifyIndex(target);
  }
  if (differenceCount(difference) > 0) throw new Error(`the index still differs from Postgres: ${describeDifference(difference)}`);
  progress(section, `index in step: ${describeDifference(difference)}`);
}

/** The section's report, and its figures for the comparison with the recorded ones (bench/reference.ts). */
export async function benchIndexer(context: IndexerBenchContext): Promise<{ markdown: string; figures: Record<string, number> }> {
  const target = adminTarget(context);
  const policyIds = (await context.sql<{ id: number }[]>`select id from policies order by id`).map((row) => row.id);
  if (policyIds.length === 0) throw new Error('no policies to index');

  // 1. Full rebuild. The demo loader's inserts left an outbox row per policy; the rebuild reads
  //    every policy after they were written, so those rows are redundant (no writer runs now).
  await context.sql`delete from search_outbox`;
  progress(section, `full rebuild of ${policyIds.length.toLocaleString('en')} policies`);
  let reported = 0;
  let lastPhase = '';
  const rebuild = await rebuildIndex(target, {
    onProgress: ({ phase, documents }) => {
      if (phase === lastPhase && documents - reported < Math.max(10_000, policyIds.length / 10)) return;
      lastPhase = phase;
      reported = documents;
      progress(section, `rebuild ${phase}: ${documents.toLocaleString('en')} documents`);
    },
  });
  const rebuildSeconds = rebuild.durationMs / 1000;
  progress(section, `rebuilt in ${rebuildSeconds.toFixed(1)} s (${Math.round(rebuild.documents / rebuildSeconds)} documents/s)`);

  // 2. The real daemon, as `make dev` runs it.
  const indexer = context.startIndexer();
  try {
    const probe = new WriteProbe(context, policyIds);
    progress(section, 'indexer daemon started; warming up with 5 writes');
    for (let i = 0; i < 5; i++) await probe.writeAndWait(60_000, () => indexer.running());

    progress(section, `${sequentialUpdates} single-policy updates, one at a time`);
    const sequential: number[] = [];
    const sequentialStarted = performance.now();
    for (let i = 0; i < sequentialUpdates; i++) {
      sequential.push(await probe.writeAndWait(searchableDeadlineMs, () => indexer.running()));
      if ((i + 1) % 100 === 0) progress(section, `  ${i + 1}/${sequentialUpdates} (p50 so far ${ms(summarize(sequential).p50)} ms)`);
    }
    const sequentialStats = summarize(sequential, performance.now() - sequentialStarted);

    progress(section, `sustained load: ${sustainedRate} writes/s for ${sustainedSeconds} s`);
    const sustained = await sustainedLoad(context, policyIds, () => indexer.running());
    const breakdown = await freshnessBreakdown(context, sustained.timed, `${sustainedRate} writes/s`);

    // 3. Put the titles back (through the outbox too), let the daemon catch up, and compare.
    const restored = await context.sql`update policies set title = regexp_replace(title, ${tokenPattern}, '') where title ~ ${tokenPattern}`;
    progress(section, `restored ${restored.count} titles; waiting for the outbox to drain`);
    await waitFor('the indexer to drain the outbox', async () => {
      if (!indexer.running()) throw new Error('the indexer daemon died');
      return (await outboxBacklog(context.sql)) === 0;
    }, 300_000, 250);
    const difference = await verifyIndex(target);
    progress(section, `verifyIndex: ${describeDifference(difference)}`);

    const indexerPeak = await peakMemoryBytes(indexer.pid);
    const meiliPeak = context.meiliPid === undefined ? null : await peakMemoryBytes(context.meiliPid);
    await indexer.stop();
    const disk = await diskUsageBytes(context.meiliDatabaseDir);
    const stats = await meiliStats(context);

    const latencyRow = (label: string, stats: LatencyStats) => [label, stats.count, ms(stats.p50), ms(stats.p95), ms(stats.p99), ms(stats.mean), ms(stats.max)];
    const figures = { 'indexer.fullRebuildSeconds': rebuildSeconds, 'indexer.oneAtATimeP95Ms': sequentialStats.p95, 'indexer.sustainedP95Ms': sustained.searchable.p95 };
    const markdown = [
      `## Indexer (issue 3): ${policyIds.length.toLocaleString('en')} policies`,
      '',
      table(
        ['Measure', 'Result', 'Target'],
        [
          [`Full rebuild (${rebuild.documents.toLocaleString('en')} documents, settings to swap)`, `${rebuildSeconds.toFixed(1)} s, ${Math.round(rebuild.documents / rebuildSeconds).toLocaleString('en')} documents/s`, '< 5 min at 100,000'],
          ['Write → searchable, one at a time, p95', `${ms(sequentialStats.p95)} ms`, '< 1 s at 100,000'],
          [
            `Write → searchable at ${sustainedRate} writes/s, p95`,
            sustained.notFound
              ? `${ms(sustained.searchable.p95)} ms over the writes found; **${sustained.notFound} of ${sustained.writes.count} not searchable within ${searchableUnderLoadDeadlineMs / 1000} s**`
              : `${ms(sustained.searchable.p95)} ms`,
            '< 2 s at 100,000',
          ],
          ['Writes achieved under load', `${sustained.achievedRate.toFixed(1)}/s (update round trip p95 ${ms(sustained.writes.p95)} ms, most in flight ${sustained.maxInFlight})`, `${sustainedRate}/s`],
          ['Meilisearch disk (du of data.ms)', `${formatBytes(disk)}${stats ? ` (Meilisearch /stats: database ${formatBytes(stats.databaseSize)}, used ${formatBytes(stats.usedDatabaseSize)})` : ''}`, '-'],
          ['Indexer daemon peak memory (VmHWM)', formatBytes(indexerPeak), '-'],
          ['Meilisearch peak memory since start (VmHWM)', formatBytes(meiliPeak), '-'],
          ['verifyIndex after the runs', describeDifference(difference), 'zero differences'],
        ],
      ),
      '',
      'Write → searchable latency (ms): from the UPDATE committing to the first search (search-only key, q = the new word) that returns the policy.',
      '',
      table(
        ['Run', 'Writes', 'p50', 'p95', 'p99', 'mean', 'max'],
        [latencyRow('One at a time', sequentialStats), latencyRow(`${sustainedRate} writes/s for ${sustainedSeconds} s`, sustained.searchable)],
      ),
      '',
      `One at a time: each write is polled until found, ${sequentialPollPauseMs} ms between polls. Under load: all pending writes are polled in one multi-search every ~${sustainedPollEveryMs} ms, ` +
        `or after twice its duration when it is slower (${sustained.polls.count} polls, each p50 ${ms(sustained.polls.p50)} ms, max ${ms(sustained.polls.max)} ms). ` +
        `The daemon runs with its defaults (batch ${500}, LISTEN/NOTIFY wake-up); the rebuild ran in the bench process with no daemon running.`,
      '',
      breakdown,
      differenceCount(difference) === 0 ? '' : `\n**verifyIndex found differences: ${describeDifference(difference)}**`,
    ].join('\n');
    return { markdown, figures };
  } finally {
    await indexer.stop();
  }
}

function describeDifference(difference: IndexDifference): string {
  return `${difference.policies} policies, ${difference.documents} documents: ${difference.missing.length} missing, ${difference.stale.length} stale, ${difference.extra.length} extra`;
}

type SearchHits = { hits: { id: number }[] };

class WriteProbe {
  constructor(
    private readonly context: IndexerBenchContext,
    private readonly policyIds: number[],
  ) {}

  randomPolicy(excluded?: Set<number>): number {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const id = this.policyIds[randomInt(this.policyIds.length)]!;
      if (!excluded?.has(id)) return id;
    }
    throw new Error('no free policy to write to');
  }

  /** Gives a policy a new title word and answers when the update committed (performance.now()). */
  async write(policyId: number, token: string): Promise<number> {
    const rows = await this.context.sql`
      update policies set title = regexp_replace(title, ${tokenPattern}, '') || ' ' || ${token}
      where id = ${policyId} returning id`;
    if (rows.count !== 1) throw new Error(`policy ${policyId} was not updated`);
    return performance.now();
  }

  /** One write, then polls until search finds it: answers commit → found in ms. */
  async writeAndWait(deadlineMs: number, daemonAlive: () => boolean): Promise<number> {
    const policyId = this.randomPolicy();
    const token = newToken();
    const committed = await this.write(policyId, token);
    const deadline = committed + deadlineMs;
    for (;;) {
      const response = await this.search({ q: token, limit: 5, attributesToRetrieve: ['id'] });
      const found = performance.now();
      if (response.hits.some((hit) => hit.id === policyId)) return found - committed;
      if (found > deadline) throw new Error(`policy ${policyId}'s new title word was not searchable after ${deadlineMs / 1000} s`);
      if (!daemonAlive()) throw new Error('the indexer daemon died');
      await sleep(sequentialPollPauseMs);
    }
  }

  private async search(body: object): Promise<SearchHits> {
    const { meiliUrl, indexName, searchKey } = this.context;
    const response = await request(`${meiliUrl}/indexes/${indexName}/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${searchKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = response.json<SearchHits>();
    if (!Array.isArray(answer.hits)) throw new Error('Meilisearch answered a search without hits');
    return answer;
  }
}

type Pending = { policyId: number; token: string; committed: number };

/**
 * Open-loop writes at a fixed rate (each starts on schedule whether or not earlier ones
 * finished), each to a policy with no write pending, so no token is overwritten before it is found.
 * One poller asks for every pending token in a single multi-search every ~10 ms.
 */
async function sustainedLoad(context: IndexerBenchContext, policyIds: number[], daemonAlive: () => boolean) {
  const probe = new WriteProbe(context, policyIds);
  const total = sustainedRate * sustainedSeconds;
  const busy = new Set<number>();
  const pending = new Map<string, Pending>();
  const searchable: number[] = [];
  const timed: TimedWrite[] = [];
  const writeTimes: number[] = [];
  const pollTimes: number[] = [];
  let notFound = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let lastCommitted = 0;
  let writerDone = false;
  let writeFailure: unknown = null;

  const started = performance.now();
  void (async () => {
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total && writeFailure === null; i++) {
      const due = started + (i * 1000) / sustainedRate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const policyId = probe.randomPolicy(busy);
      busy.add(policyId);
      const token = newToken();
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const t0 = performance.now();
      writes.push(
        probe.write(policyId, token).then(
          (committed) => {
            inFlight -= 1;
            lastCommitted = Math.max(lastCommitted, committed);
            writeTimes.push(committed - t0);
            pending.set(token, { policyId, token, committed });
          },
          (error: unknown) => {
            writeFailure ??= error;
          },
        ),
      );
      if ((i + 1) % (sustainedRate * 5) === 0) progress(section, `  ${i + 1}/${total} writes, ${pending.size} pending`);
    }
    await Promise.all(writes);
    writerDone = true;
  })().catch((error: unknown) => {
    writeFailure ??= error;
  });

  const hardDeadline = started + sustainedSeconds * 1000 + searchableUnderLoadDeadlineMs;
  for (;;) {
    if (writeFailure !== null) throw writeFailure;
    if (writerDone && pending.size === 0) break;
    const pollStarted = performance.now();
    if (!daemonAlive()) throw new Error('the indexer daemon died');
    if (pollStarted > hardDeadline && !writerDone) throw new Error(`${inFlight} policy updates still had not committed ${searchableUnderLoadDeadlineMs / 1000} s after the load ended`);
    // A backlog the daemon cannot work off is a result too: give up on those writes and say so.
    for (const entry of pending.values()) {
      if (pollStarted - entry.committed <= searchableUnderLoadDeadlineMs && pollStarted <= hardDeadline) continue;
      pending.delete(entry.token);
      notFound += 1;
    }
    if (writerDone && pending.size === 0) break;
    const waiting = [...pending.values()];
    if (waiting.length > 0) {
      const response = await request(`${context.meiliUrl}/multi-search`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${context.searchKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          queries: waiting.map((entry) => ({ indexUid: context.indexName, q: entry.token, limit: 5, attributesToRetrieve: ['id'] })),
        }),
      });
      const answer = response.json<{ results: SearchHits[] }>();
      const arrived = performance.now();
      if (answer.results?.length !== waiting.length) throw new Error('Meilisearch answered a multi-search with the wrong number of results');
      waiting.forEach((entry, index) => {
        if (!answer.results[index]!.hits.some((hit) => hit.id === entry.policyId)) return;
        searchable.push(arrived - entry.committed);
        timed.push({ committedAt: performance.timeOrigin + entry.committed, foundAt: performance.timeOrigin + arrived });
        pending.delete(entry.token);
        busy.delete(entry.policyId);
      });
    }
    const pollTook = performance.now() - pollStarted;
    if (waiting.length > 0) pollTimes.push(pollTook);
    await sleep(Math.max(sustainedPollEveryMs - pollTook, 2 * pollTook));
  }
  return {
    searchable: summarize(searchable),
    /** Each write found, on the wall clock, for the breakdown against Meilisearch's tasks. */
    timed,
    writes: summarize(writeTimes),
    /** Writes per second from the first write's start to the last one's commit. */
    achievedRate: total / ((lastCommitted - started) / 1000),
    maxInFlight,
    polls: summarize(pollTimes),
    /** Writes still not searchable when the deadline came. */
    notFound,
  };
}

async function meiliStats(context: IndexerBenchContext): Promise<{ databaseSize: number; usedDatabaseSize: number | null } | null> {
  try {
    const response = await request(`${context.meiliUrl}/stats`, { headers: { Authorization: `Bearer ${context.masterKey}` } });
    const stats = response.json<{ databaseSize: number; usedDatabaseSize?: number }>();
    return { databaseSize: stats.databaseSize, usedDatabaseSize: stats.usedDatabaseSize ?? null };
  } catch {
    return null;
  }
}

export const meiliDatabaseDir = (meiliDataDir: string) => path.join(meiliDataDir, 'data.ms');
