import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createMeilisearchClient } from './meilisearch-client.ts';
import type { Sql } from 'postgres';
import { createDatabase } from '../db/client.ts';
import { startHeartbeat } from '../db/heartbeat.ts';
import { ConfigError } from '../db/config.ts';
import { loadIndexerConfig, type IndexerConfig } from './config.ts';
import { describeError, runIndexer } from './daemon.ts';
import { ensureMeilisearchKeys } from './keys.ts';
import { rebuildIndex } from './rebuild.ts';
import { serveRebuildRequests } from './rebuild-requests.ts';
import type { SearchTarget } from './sync.ts';
import { differenceCount, repairIndex, verifyIndex, type IndexDifference } from './verify.ts';

const usage = `usage: npm run indexer [-- --verify [--repair] | --rebuild]
  (no option)        run the daemon: keep Meilisearch in step with the outbox
  --verify           compare Postgres and Meilisearch; exit 1 when they differ
  --verify --repair  also enqueue the missing, stale and extra documents
  --rebuild          build a new index from Postgres and swap it in`;

const log = (line: string) => console.log(line);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { verify: { type: 'boolean' }, repair: { type: 'boolean' }, rebuild: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help || (values.repair && !values.verify) || (values.verify && values.rebuild)) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = loadIndexerConfig();
  const database = createDatabase(config.DATABASE_URL, { max: 4 });
  try {
    if (values.verify || values.rebuild) {
      const target = searchTarget(config, database.sql, await adminKey(config, null));
      return values.verify ? await verify(target, values.repair ?? false) : await rebuild(target);
    }
    const stop = new AbortController();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        log(`[indexer] ${signal}: finishing the batch in hand`);
        stop.abort();
      });
    }
    const target = searchTarget(config, database.sql, await adminKey(config, stop.signal));
    log(`[indexer] syncing ${target.indexName} from the outbox`);
    const heartbeat = await startHeartbeat(database.db, {
      kind: 'indexer',
      intervalMs: config.HEARTBEAT_SECONDS * 1000,
      activity: () => `syncing ${target.indexName} from the outbox`,
      // While stopping, a failed beat is expected, not news: Ctrl-C in a terminal stops Postgres too.
      onError: (error) => {
        if (!stop.signal.aborted) log(`[indexer] heartbeat failed: ${describeError(error)}`);
      },
    });
    try {
      // The back office's rebuild requests are served beside the sync, which keeps the live index
      // current while a rebuild runs (indexer/rebuild.ts). A rebuild in hand when the daemon
      // stops is left to the stale rule (indexer/rebuild-requests.ts) rather than delaying the stop.
      const rebuilds = serveRebuildRequests(target, { pollSeconds: config.INDEXER_POLL_SECONDS, log, signal: stop.signal });
      await runIndexer(target, {
        batchSize: config.INDEXER_BATCH_SIZE,
        leaseSeconds: config.INDEXER_LEASE_SECONDS,
        pollSeconds: config.INDEXER_POLL_SECONDS,
        log,
        signal: stop.signal,
      });
      await Promise.race([rebuilds, sleep(2000)]);
    } finally {
      // When Postgres is already gone (Ctrl-C in a terminal reaches it too) the row stays and goes
      // stale, which is what health expects of a stopped indexer anyway: nothing to report.
      await heartbeat.stop().catch(() => {});
    }
    log('[indexer] stopped');
    return 0;
  } finally {
    await database.close();
  }
}

function searchTarget(config: IndexerConfig, sql: Sql, apiKey: string): SearchTarget {
  return {
    sql,
    // A bounded request time: a hung Meilisearch must fail the batch, not stall it forever.
    client: createMeilisearchClient(config.MEILI_URL, apiKey, { timeout: 15_000 }),
    indexName: config.MEILI_INDEX,
  };
}

/**
 * The admin key as given, or derived (creating the API's search key too) with the master key.
 * The daemon (given `retry`) waits for Meilisearch to come up; the one-off commands fail at once.
 */
async function adminKey(config: IndexerConfig, retry: AbortSignal | null): Promise<string> {
  if (config.MEILI_ADMIN_KEY) return config.MEILI_ADMIN_KEY;
  for (let attempt = 1; ; attempt++) {
    try {
      return (await ensureMeilisearchKeys(config.MEILI_URL, config.MEILI_MASTER_KEY!, config.MEILI_INDEX)).adminKey;
    } catch (error) {
      if (!retry) throw error;
      if (attempt === 1) log(`[indexer] cannot set up the Meilisearch keys: ${describeError(error)}; retrying`);
      await sleep(Math.min(10_000, 250 * 2 ** attempt), undefined, { signal: retry }).catch(() => {
        throw error;
      });
    }
  }
}

async function rebuild(target: SearchTarget): Promise<number> {
  log(`[indexer] rebuilding ${target.indexName}`);
  let logged = 0;
  const result = await rebuildIndex(target, {
    onProgress: ({ phase, documents }) => {
      if (phase === 'loading' && documents - logged < 10_000) return;
      logged = documents;
      log(`[indexer] ${phase}: ${documents} documents`);
    },
  });
  log(
    `[indexer] rebuilt ${target.indexName}: ${result.documents} documents in ${(result.durationMs / 1000).toFixed(1)} s ` +
      `(${result.caughtUp} caught up before the swap, ${result.requeued} requeued after it)`,
  );
  return 0;
}

async function verify(target: SearchTarget, repair: boolean): Promise<number> {
  const difference = await verifyIndex(target);
  log(`[indexer] ${difference.policies} policies in Postgres, ${difference.documents} documents in ${target.indexName}`);
  for (const kind of ['missing', 'stale', 'extra'] as const) {
    if (difference[kind].length > 0) log(`[indexer] ${kind}: ${difference[kind].length} (${sample(difference[kind])})`);
  }
  if (differenceCount(difference) === 0) {
    log('[indexer] identical');
    return 0;
  }
  if (repair) log(`[indexer] enqueued ${await repairIndex(target.sql, difference)} policies for the indexer`);
  return 1;
}

function sample(ids: IndexDifference['missing']): string {
  const shown = ids.slice(0, 20).join(', ');
  return ids.length > 20 ? `ids ${shown} and ${ids.length - 20} more` : `ids ${shown}`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `[indexer] ${describeError(error)}`);
    process.exit(1);
  },
);
