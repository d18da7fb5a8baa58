import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { searchRebuilds, users } from '../../../../db/schema/index.ts';
import { closeAbandonedRebuilds, rebuildRequestChannel } from '../../../../indexer/rebuild-requests.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { checkDaemon, checkDatabase, checkSearch } from '../../../health/checks.ts';
import { conflict } from '../../../http/errors.ts';
import type { SearchRebuild, SystemStatus } from '../../../shared/admin-schemas.ts';
import { recentFreshness } from './freshness.ts';

/** Only one rebuild may be queued or running (search_rebuilds_one_active_key). */
export const rebuildRunningMessage = 'A reindex is already running';

async function latestRebuild(deps: AppDeps): Promise<SearchRebuild | null> {
  const [row] = await deps.db
    .select({ rebuild: searchRebuilds, requestedBy: users.name })
    .from(searchRebuilds)
    .leftJoin(users, eq(users.id, searchRebuilds.requestedBy))
    .orderBy(desc(searchRebuilds.id))
    .limit(1);
  if (!row) return null;
  const { rebuild } = row;
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: rebuild.id,
    status: rebuild.status,
    phase: rebuild.phase,
    documentsWritten: rebuild.documentsWritten,
    documentsTotal: rebuild.documentsTotal,
    requestedBy: row.requestedBy,
    requestedAt: rebuild.requestedAt.toISOString(),
    startedAt: iso(rebuild.startedAt),
    finishedAt: iso(rebuild.finishedAt),
    // On the server's clock, so a browser with a wrong clock still shows the right elapsed time.
    elapsedSeconds: rebuild.startedAt ? ((rebuild.finishedAt ?? deps.now()).getTime() - rebuild.startedAt.getTime()) / 1000 : null,
    error: rebuild.error,
  };
}

/**
 * The Dashboard tab's System Status (what health checks, with the worker and the translation
 * provider added) and Admin Tools' Reindex search. The role guard is the admin app's.
 */
export function adminSystemRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .get('/system-status', async (c) => {
      const [database, search, indexer, worker, freshness] = await Promise.all([
        checkDatabase(deps),
        checkSearch(deps),
        checkDaemon(deps, 'indexer'),
        checkDaemon(deps, 'worker'),
        recentFreshness(deps),
      ]);
      const status: SystemStatus = {
        database: { ok: database.ok, error: database.error ?? null },
        search: {
          ok: search.ok,
          error: search.error ?? null,
          documents: search.documents ?? null,
          outboxBacklog: database.outboxBacklog ?? null,
          outboxOldestAgeSeconds: database.outboxOldestAgeSeconds ?? null,
          freshness,
        },
        indexer: { running: indexer.ok, lastSeenSecondsAgo: indexer.lastSeenSecondsAgo ?? null },
        worker: { running: worker.ok, lastSeenSecondsAgo: worker.lastSeenSecondsAgo ?? null },
        translation: deps.config.LLM_BASE_URL && deps.config.LLM_MODEL
          ? { provider: 'llm', model: deps.config.LLM_MODEL }
          : { provider: 'rules', model: null },
      };
      return c.json(status);
    })
    .get('/search-rebuilds/latest', async (c) => c.json({ rebuild: await latestRebuild(deps) }))
    .post('/search-rebuilds', async (c) => {
      const user = c.get('user');
      await closeAbandonedRebuilds(deps.db.$client);
      const inserted = await deps.db.transaction(async (tx) => {
        const [row] = await tx.insert(searchRebuilds).values({ requestedBy: user.id }).onConflictDoNothing().returning({ id: searchRebuilds.id });
        // Delivered at commit: the indexer wakes for a request it can already see.
        if (row) await tx.execute(sql`select pg_notify(${rebuildRequestChannel}, ${String(row.id)})`);
        return row;
      });
      if (!inserted) throw conflict(rebuildRunningMessage);
      return c.json({ rebuild: await latestRebuild(deps), message: 'Reindex started' }, 202);
    });
}
