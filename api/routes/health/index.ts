import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import { checkDaemon, checkDatabase, checkSearch } from '../../health/checks.ts';

/**
 * Whether every part the product needs is working: Postgres, Meilisearch, and the indexer that
 * keeps them in step (alive by its heartbeat, and keeping up: no outbox row waiting too long).
 * 200 when all is well; 503 with `degraded` naming the failing parts otherwise, because load
 * balancers, uptime checkers and orchestrators read the status code, not the body: a stack whose
 * writes no longer become searchable is not healthy, even if it still answers searches.
 */
export function healthRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    const [database, search, indexer] = await Promise.all([checkDatabase(deps), checkSearch(deps), checkDaemon(deps, 'indexer')]);
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

