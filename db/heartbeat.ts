import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { packageRoot } from './package-root.ts';
import { daemonHeartbeats } from './schema/index.ts';

export type DaemonKind = 'indexer' | 'worker';

const version: string = (JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Rows of daemons gone quiet this long are someone else's past: each beat clears them. */
const forgetAfter = '1 day';

/**
 * Records that this daemon is alive, now and every `intervalMs`, in `daemon_heartbeats` (on
 * Postgres's clock, the one health compares with). A beat that fails (Postgres down) is reported
 * and the next one tries again; `onBeat` follows each beat that was recorded. `stop` removes the
 * row: a daemon stopped on purpose is gone, not dead. `id` names this process's row, for what it
 * records as its own (the worker's job holds).
 */
export async function startHeartbeat(
  db: Database,
  options: { kind: DaemonKind; intervalMs: number; activity: () => string; onError: (error: unknown) => void; onBeat?: () => void },
): Promise<{ id: string; stop: () => Promise<void> }> {
  const startedAt = new Date();
  const id = `${options.kind}:${os.hostname()}:${process.pid}:${startedAt.getTime()}`;
  const beat = async () => {
    const activity = options.activity();
    await db
      .insert(daemonHeartbeats)
      .values({ id, kind: options.kind, host: os.hostname(), pid: process.pid, version, activity, startedAt, lastSeenAt: sql`now()` })
      .onConflictDoUpdate({ target: daemonHeartbeats.id, set: { activity, lastSeenAt: sql`now()` } });
    await db.delete(daemonHeartbeats).where(lt(daemonHeartbeats.lastSeenAt, sql`now() - ${forgetAfter}::interval`));
  };
  await beat();
  options.onBeat?.();
  const timer = setInterval(() => void beat().then(() => options.onBeat?.(), options.onError), options.intervalMs);
  timer.unref();
  return {
    id,
    stop: async () => {
      clearInterval(timer);
      await db.delete(daemonHeartbeats).where(eq(daemonHeartbeats.id, id));
    },
  };
}
