import { setTimeout as sleep } from 'node:timers/promises';
import type { ListenMeta } from 'postgres';
import { rebuildIndex, type RebuildProgress } from './rebuild.ts';
import type { SearchTarget } from './sync.ts';

/** The API notifies this channel when it queues a rebuild; polling is the safety net. */
export const rebuildRequestChannel = 'search_rebuild_requested';

/** A running rebuild writes its progress this often; the write is its heartbeat. */
const progressIntervalMs = 1000;

/** A running rebuild whose heartbeat is older than this belongs to an indexer that died. */
export const rebuildStaleSeconds = 60;

type Claimed = { id: number };

/**
 * Closes rebuilds left `running` by an indexer that died, so the one-at-a-time rule doesn't keep
 * the next request out forever. Run by the API before it queues one, and by the daemon before it claims.
 */
export async function closeAbandonedRebuilds(sql: SearchTarget['sql']): Promise<number> {
  const closed = await sql`
    update search_rebuilds
       set status = 'failed', finished_at = now(), error = 'The indexer stopped during the rebuild'
     where status = 'running' and heartbeat_at < now() - make_interval(secs => ${rebuildStaleSeconds})
    returning id`;
  return closed.length;
}

/** Claims the oldest queued rebuild, if any: one indexer gets it, however many run. */
async function claimRebuild(sql: SearchTarget['sql']): Promise<Claimed | null> {
  await closeAbandonedRebuilds(sql);
  const [claimed] = await sql<Claimed[]>`
    update search_rebuilds
       set status = 'running', started_at = now(), heartbeat_at = now(),
           documents_total = (select count(*)::int from policies where deleted_at is null)
     where id = (select id from search_rebuilds where status = 'queued' order by id limit 1 for update skip locked)
    returning id`;
  return claimed ?? null;
}

/** Runs one claimed rebuild, writing its progress, and closes it as succeeded or failed. */
export async function runClaimedRebuild(target: SearchTarget, id: number, log: (line: string) => void): Promise<void> {
  let latest: RebuildProgress = { phase: 'loading', documents: 0 };
  // Writes one after another, so an older progress never lands after a newer one.
  let saving: Promise<unknown> = Promise.resolve();
  const saveProgress = () => {
    const { phase, documents } = latest;
    saving = saving
      .then(() => target.sql`
        update search_rebuilds set phase = ${phase}, documents_written = ${documents}, heartbeat_at = now()
         where id = ${id} and status = 'running'`)
      .catch((error: unknown) => log(`[indexer] rebuild ${id}: progress not saved: ${String(error)}`));
  };
  // Every second, progress or not: the write is also the heartbeat (a swap can run long without progress).
  const heartbeat = setInterval(saveProgress, progressIntervalMs);
  /** Stops the progress writes, lets the last one land, then writes the outcome. */
  const finish = async (writeOutcome: () => Promise<unknown>) => {
    clearInterval(heartbeat);
    await saving;
    await writeOutcome();
  };
  try {
    log(`[indexer] rebuild ${id}: started`);
    const result = await rebuildIndex(target, {
      onProgress: (progress) => {
        const newPhase = progress.phase !== latest.phase;
        latest = progress;
        if (newPhase) saveProgress();
      },
    });
    await finish(() => target.sql`
      update search_rebuilds
         set status = 'succeeded', finished_at = now(), heartbeat_at = now(), phase = 'done',
             documents_written = ${result.documents}, result = ${JSON.stringify(result)}::jsonb
       where id = ${id}`);
    log(`[indexer] rebuild ${id}: ${result.documents} documents in ${(result.durationMs / 1000).toFixed(1)} s`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finish(() => target.sql`
      update search_rebuilds set status = 'failed', finished_at = now(), error = ${message.slice(0, 2000)}
       where id = ${id}`);
    log(`[indexer] rebuild ${id} failed: ${message}`);
  }
}

/**
 * Beside the outbox sync, in the daemon: waits for rebuild requests and runs them one at a time.
 * Returns when `signal` aborts (a rebuild in hand is abandoned to the stale rule: the new index it
 * was building is removed by the next rebuild, and the live index was never touched).
 */
export async function serveRebuildRequests(
  target: SearchTarget,
  options: { pollSeconds: number; log: (line: string) => void; signal: AbortSignal },
): Promise<void> {
  const { signal, log } = options;
  let wake: () => void = () => {};
  const notify = () => wake();
  signal.addEventListener('abort', notify);
  let listening: ListenMeta | null = null;
  try {
    while (!signal.aborted) {
      try {
        listening ??= await target.sql.listen(rebuildRequestChannel, notify);
        const claimed = await claimRebuild(target.sql);
        if (claimed) {
          await runClaimedRebuild(target, claimed.id, log);
          continue;
        }
      } catch (error) {
        log(`[indexer] rebuild requests: ${error instanceof Error ? error.message : String(error)}`);
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        void sleep(options.pollSeconds * 1000, undefined, { signal }).then(resolve, resolve);
      });
    }
  } finally {
    signal.removeEventListener('abort', notify);
    await listening?.unlisten().catch(() => {});
  }
}
