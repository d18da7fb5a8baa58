import type { EnqueuedTaskPromise } from 'meilisearch';
import { loadPolicyDocuments, readAllPolicyDocuments } from './policy-documents.ts';
import { applyIndexSettings, ensureIndex } from './settings.ts';
import { markIndexChanged } from './index-state.ts';
import type { SearchTarget } from './sync.ts';
import { taskSucceeded } from './tasks.ts';
import { differenceCount, repairIndex, verifyIndex } from './verify.ts';

export type RebuildProgress = { phase: 'loading' | 'catching up' | 'swapping' | 'checking'; documents: number };

export type RebuildResult = {
  documents: number;
  /** Documents changed during the load, written into the new index before the swap. */
  caughtUp: number;
  /** Policies changed around the swap, put back in the outbox for the indexer. */
  requeued: number;
  durationMs: number;
};

/**
 * The rebuild reads 1,000 policies a page (a request stays far below Meilisearch's 100 MB
 * payload limit even for long texts) and keeps up to 32 pages enqueued. Meilisearch indexes all
 * the additions waiting for an index as one batch, and a large batch costs much less per document
 * than a small one, each batch's merge into the index growing with the index. Measured on 100,000
 * demo policies (2-core machine): 4 pages of 1,000 in flight, 392 documents/s; 16 of 2,000,
 * 468/s (batches of 30,000 at 517/s); 8 of 5,000, 475/s.
 */
const rebuildPageSize = 1000;
const rebuildInFlight = 32;
/** A batch of 32 pages takes a minute or more on a large index. */
const loadingTimeoutMs = 600_000;

/**
 * Builds a fresh index from Postgres beside the live one and swaps it in, so search answers
 * throughout. Writes keep flowing through the outbox into the live index meanwhile; those the
 * new index missed are found by comparing stamps, twice: before the swap (written straight into
 * the new index) and after it (enqueued, so the indexer applies them to what is now live). The
 * second comparison reads Postgres after the swap, so any write it does not see commits after
 * the swap and reaches the new index through its own outbox row.
 */
export async function rebuildIndex(
  target: SearchTarget,
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildResult> {
  const started = Date.now();
  const report = options.onProgress ?? (() => {});
  const lock = await target.sql.reserve();
  try {
    // One rebuild per index at a time: a second one would delete the first one's new index.
    const [locked] = await lock<{ ok: boolean }[]>`select pg_try_advisory_lock(hashtext(${`search-rebuild:${target.indexName}`})) as ok`;
    if (!locked?.ok) throw new Error(`a rebuild of ${target.indexName} is already running`);
    try {
      await deleteLeftoverRebuilds(target);
      const building = { ...target, indexName: `${rebuildPrefix(target.indexName)}${Date.now()}` };
      try {
        return await buildAndSwap(target, building, options.batchSize ?? rebuildPageSize, report, started);
      } catch (error) {
        // Should this fail too, the next rebuild removes the leftover.
        await deleteRebuildIndex(target, building.indexName).catch(() => {});
        throw error;
      }
    } finally {
      await lock`select pg_advisory_unlock(hashtext(${`search-rebuild:${target.indexName}`}))`;
    }
  } finally {
    lock.release();
  }
}

async function buildAndSwap(
  live: SearchTarget,
  building: SearchTarget,
  batchSize: number,
  report: (progress: RebuildProgress) => void,
  started: number,
): Promise<RebuildResult> {
  // Settings first, so every document is indexed once, with the final settings.
  await applyIndexSettings(building.client, building.indexName);
  const index = building.client.index(building.indexName);
  let documents = 0;
  // A few batches in flight keep Meilisearch busy while the next page is read.
  const inFlight: EnqueuedTaskPromise[] = [];
  for await (const page of readAllPolicyDocuments(building.sql, batchSize)) {
    inFlight.push(index.addDocuments(page, { primaryKey: 'id' }));
    if (inFlight.length >= rebuildInFlight) await taskSucceeded(building.client, inFlight.shift()!, loadingTimeoutMs);
    documents += page.length;
    report({ phase: 'loading', documents });
  }
  for (const task of inFlight) await taskSucceeded(building.client, task, loadingTimeoutMs);

  report({ phase: 'catching up', documents });
  const changed = await verifyIndex(building);
  const upserts = await loadPolicyDocuments(building.sql, [...changed.missing, ...changed.stale]);
  if (upserts.length > 0) await taskSucceeded(building.client, index.addDocuments(upserts, { primaryKey: 'id' }), 300_000);
  if (changed.extra.length > 0) await taskSucceeded(building.client, index.deleteDocuments(changed.extra), 300_000);

  report({ phase: 'swapping', documents });
  await ensureIndex(live.client, live.indexName);
  await swapAndDeleteOld(live, building.indexName);
  await markIndexChanged(live.sql);

  report({ phase: 'checking', documents });
  const requeued = await repairIndex(live.sql, await verifyIndex(live));
  return { documents, caughtUp: differenceCount(changed), requeued, durationMs: Date.now() - started };
}

/**
 * Swaps the built index in and deletes the old one. A swap task belongs to no index, and
 * Meilisearch shows such tasks only to keys that reach every index (the admin key reaches
 * policies and policies_* only), so its outcome is read another way: Meilisearch processes tasks
 * in the order they were enqueued, so once the deletion enqueued after the swap is done, so is the
 * swap; and the swap carries the index's creation time with it.
 */
async function swapAndDeleteOld(live: SearchTarget, builtIndexName: string): Promise<void> {
  const built = await live.client.getRawIndex(builtIndexName);
  await live.client.swapIndexes([{ indexes: [live.indexName, builtIndexName], rename: false }]);
  await taskSucceeded(live.client, live.client.deleteIndex(builtIndexName), 300_000);
  const now = await live.client.getRawIndex(live.indexName);
  if (now.createdAt !== built.createdAt) throw new Error(`swapping ${builtIndexName} into ${live.indexName} failed`);
}

function rebuildPrefix(indexName: string): string {
  return `${indexName}_rebuild_`;
}

/** New indexes of rebuilds that died before their swap (the advisory lock says none is running). */
async function deleteLeftoverRebuilds(target: SearchTarget): Promise<void> {
  const { results } = await target.client.getIndexes({ limit: 1000 });
  for (const index of results) {
    if (index.uid.startsWith(rebuildPrefix(target.indexName))) await deleteRebuildIndex(target, index.uid);
  }
}

/**
 * Cancels what a dead rebuild left enqueued (up to rebuildInFlight pages, a minute or more of
 * Meilisearch's time), then deletes its index: everything enqueued after those tasks, this
 * rebuild's and the daemon's writes, would otherwise wait for them. The cancelation is not
 * waited for: like a swap it belongs to no index, so the admin key cannot read it back, and
 * Meilisearch runs cancelations before any other enqueued task, so before the deletion.
 */
async function deleteRebuildIndex(target: SearchTarget, indexName: string): Promise<void> {
  await target.client.tasks.cancelTasks({ indexUids: [indexName], statuses: ['enqueued', 'processing'] });
  await taskSucceeded(target.client, target.client.deleteIndex(indexName));
}
