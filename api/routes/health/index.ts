import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.ts';

type Check = { ok: boolean; error?: string };

/**
 * Whether every part the product needs is working: Postgres, Meilisearch, and the indexer that
 * keeps them in step (alive by its heartbeat, and keeping up: no outbox row waiting too long).
 * 200 when all is well; 503 with `degraded` naming the failing parts otherwise, because load
 * balancers, uptime checkers and orchestrators read the status code, not the body: a stack whose
 * writes no longer become searchable is not healthy, even if it still answers searches.
 */
export function healthRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    const [database, search, indexer] = await Promise.all([checkDatabase(deps), checkSearch(deps), checkIndexer(deps)]);
    const outbox = {
      ok: !database.ok || (database.outboxOldestAgeSeconds ?? 0) <= deps.config.HEALTH_OUTBOX_MAX_AGE_SECONDS,
      maxAgeSeconds: deps.config.HEALTH_OUTBOX_MAX_AGE_SECONDS,
    };
    // With Postgres down the indexer's state is unknown, not failing: name only the cause.
    const failing = [!database.ok && 'database', !search.ok && 'search', database.ok && !indexer.ok && 'indexer', !outbox.ok && 'outbox'].filter(
      (part) => part !== false,
    );
    return c.json({ status: failing.length ? 'degraded' : 'ok', failing, database, search, indexer, outbox }, failing.length ? 503 : 200);
  });
}

async function checkIndexer(deps: AppDeps): Promise<Check & { lastSeenSecondsAgo?: number | null; running?: number }> {
  try {
    const staleAfter = deps.config.HEALTH_DAEMON_STALE_SECONDS;
    const [row] = await deps.db.execute<{ last_seen_ago: number | null; running: number }>(sql`
      select extract(epoch from now() - max(last_seen_at))::float8 as last_seen_ago,
             count(*) filter (where last_seen_at > now() - make_interval(secs => ${staleAfter}))::int as running
      from daemon_heartbeats where kind = 'indexer'`);
    const lastSeenSecondsAgo = row?.last_seen_ago ?? null;
    const running = row?.running ?? 0;
    if (running > 0) return { ok: true, lastSeenSecondsAgo, running };
    const error = lastSeenSecondsAgo === null ? 'no indexer has run' : `no indexer seen for ${Math.round(lastSeenSecondsAgo)} s`;
    return { ok: false, error, lastSeenSecondsAgo, running };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function checkDatabase(deps: AppDeps): Promise<Check & { outboxBacklog?: number; outboxOldestAgeSeconds?: number | null }> {
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

async function checkSearch(deps: AppDeps): Promise<Check & { documents?: number }> {
  try {
    // The search key can only search: a zero-hit exhaustive page gives the exact document count.
    const [result] = await deps.search.multiSearch([{ indexUid: deps.search.indexName, q: '', hitsPerPage: 0, page: 1 }], { timeoutMs: 2000 });
    return { ok: true, documents: result!.totalHits ?? 0 };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
