import { sql } from 'drizzle-orm';
import type { DaemonKind } from '../../db/heartbeat.ts';
import type { AppDeps } from '../app-deps.ts';

/** The checks behind GET /api/health and the back office's System Status: each says ok or why not. */

export type Check = { ok: boolean; error?: string };

/** Whether a daemon of `kind` is alive: a heartbeat newer than HEALTH_DAEMON_STALE_SECONDS. */
export async function checkDaemon(deps: AppDeps, kind: DaemonKind): Promise<Check & { lastSeenSecondsAgo?: number | null; running?: number }> {
  try {
    const staleAfter = deps.config.HEALTH_DAEMON_STALE_SECONDS;
    const [row] = await deps.db.execute<{ last_seen_ago: number | null; running: number }>(sql`
      select extract(epoch from now() - max(last_seen_at))::float8 as last_seen_ago,
             count(*) filter (where last_seen_at > now() - make_interval(secs => ${staleAfter}))::int as running
      from daemon_heartbeats where kind = ${kind}`);
    const lastSeenSecondsAgo = row?.last_seen_ago ?? null;
    const running = row?.running ?? 0;
    if (running > 0) return { ok: true, lastSeenSecondsAgo, running };
    const error = lastSeenSecondsAgo === null ? `no ${kind} has run` : `no ${kind} seen for ${Math.round(lastSeenSecondsAgo)} s`;
    return { ok: false, error, lastSeenSecondsAgo, running };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Postgres answers, and the search outbox's backlog and its oldest row's age. */
export async function checkDatabase(deps: AppDeps): Promise<Check & { outboxBacklog?: number; outboxOldestAgeSeconds?: number | null }> {
  try {
    const [row] = await deps.db.execute<{ backlog: number; oldest_age: number | null }>(sql`
      select count(*)::int as backlog,
             extract(epoch from now() - min(enqueued_at))::float8 as oldest_age
      from search_outbox`);
    return { ok: true, outboxBacklog: row?.backlog ?? 0, outboxOldestAgeSeconds: row?.oldest_age ?? null };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Meilisearch answers a search, and how many documents the index holds. */
export async function checkSearch(deps: AppDeps): Promise<Check & { documents?: number }> {
  try {
    // The search key can only search: a zero-hit exhaustive page gives the exact document count.
    const {
      results: [result],
    } = await deps.meilisearch.multiSearch([{ indexUid: deps.meilisearch.indexName, q: '', hitsPerPage: 0, page: 1 }], { timeoutMs: 2000 });
    return { ok: true, documents: result!.totalHits ?? 0 };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
