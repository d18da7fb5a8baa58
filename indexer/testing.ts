import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Meilisearch } from 'meilisearch';
import type { Sql } from 'postgres';
import { inject } from 'vitest';
import { freePort } from '../db/free-port.ts';
import { spawnNodeProcess, type NodeProcess } from '../db/node-process.ts';
import { createTestDatabase } from '../db/testing.ts';
import { ensureMeilisearchKeys } from './keys.ts';
import { createMeilisearchClient } from './meilisearch-client.ts';
import { startMeilisearch, type LocalMeilisearch } from './meilisearch-server.ts';
import { outboxBacklog } from './outbox.ts';
import { applyIndexSettings } from './settings.ts';
import { drainOutbox, type DrainResult } from './sync.ts';
export { eventually } from '../db/testing.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    meiliUrl: string;
    meiliMasterKey: string;
  }
}

/**
 * For the global setup: starts Meilisearch the way `make dev` does (or uses MEILI_URL and
 * MEILI_MASTER_KEY when given), on a free port in a temporary directory.
 */
export async function startTestMeilisearch(): Promise<{ url: string; masterKey: string; stop: () => Promise<void> }> {
  if (process.env.MEILI_URL) return { url: process.env.MEILI_URL, masterKey: process.env.MEILI_MASTER_KEY ?? '', stop: async () => {} };
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'policy-tracker-test-'));
  await chmod(tempDir, 0o755);
  const masterKey = randomBytes(24).toString('base64url');
  let meili: LocalMeilisearch | undefined;
  const stop = async () => {
    await meili?.stop().catch(() => {});
    await rm(tempDir, { recursive: true, force: true });
  };
  try {
    meili = await startMeilisearch({ dataDir: path.join(tempDir, 'meilisearch'), port: await freePort(), masterKey });
    return { url: meili.url, masterKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A test file's own index name on the shared Meilisearch, with the product's two keys for it. */
export async function createTestIndex() {
  const url = inject('meiliUrl');
  const masterKey = inject('meiliMasterKey');
  const indexName = `policies_${randomBytes(5).toString('hex')}`;
  const keys = await ensureMeilisearchKeys(url, masterKey, indexName);
  return {
    url,
    masterKey,
    indexName,
    keys,
    admin: createMeilisearchClient(url, keys.adminKey),
    /** The meilisearch client with the search-only key, for tests that check the index as the API sees it. */
    search: createMeilisearchClient(url, keys.searchKey),
  };
}

export type IndexerTestContext = Awaited<ReturnType<typeof createIndexerTestContext>>;

/** What an indexer test works on: its own database (db/testing.ts) and its own index. */
export async function createIndexerTestContext() {
  const database = await createTestDatabase();
  return { ...database, meili: await createTestIndex() };
}

/** What indexAll needs of a test context (createIndexerTestContext's, and the API's built on it). */
export type IndexableContext = { sql: Sql; meili: { admin: Meilisearch; indexName: string } };

/**
 * Makes the test's index match its database: creates the index with the product's settings if
 * needed, then drains the outbox until it is empty. Call it after writing policies and before
 * searching.
 */
export async function indexAll(ctx: IndexableContext, timeoutMs = 60_000): Promise<DrainResult> {
  const target = { sql: ctx.sql, client: ctx.meili.admin, indexName: ctx.meili.indexName };
  await applyIndexSettings(target.client, target.indexName);
  const deadline = Date.now() + timeoutMs;
  const total: DrainResult = { batches: 0, outboxRows: 0, upserted: 0, deleted: 0, requeued: 0 };
  for (;;) {
    const drained = await drainOutbox(target);
    for (const key of Object.keys(total) as (keyof DrainResult)[]) total[key] += drained[key];
    // Rows another indexer (a daemon in the same test) holds are its to finish.
    if ((await outboxBacklog(ctx.sql)) === 0) return total;
    if (Date.now() > deadline) throw new Error(`indexAll: the outbox is still not empty after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}


/** A real `npm run indexer` process (daemon unless given arguments), its output kept for assertions. */
export function startIndexer(env: NodeJS.ProcessEnv, args: string[] = []): NodeProcess {
  return spawnNodeProcess('indexer/main.ts', { env, args });
}
