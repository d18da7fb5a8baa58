import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.ts';

type Check = { ok: boolean; error?: string };

/**
 * Liveness of every part the product needs. 200 when all is well; 503 naming the failing part,
 * so a load balancer or `make dev` can wait on it.
 */
export function healthRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    const [database, search] = await Promise.all([checkDatabase(deps), checkSearch(deps)]);
    const healthy = database.ok && search.ok;
    return c.json(
      {
        status: healthy ? 'ok' : 'degraded',
        failing: [!database.ok && 'database', !search.ok && 'search'].filter(Boolean),
        database,
        search,
      },
      healthy ? 200 : 503,
    );
  });
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
