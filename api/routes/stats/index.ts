import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../../../db/client.ts';
import type { AuthEnv, SignedInEnv } from '../../auth/session.ts';
import type { AppDeps } from '../../app-deps.ts';

export type DatabaseStats = {
  policiesCount: number;
  usersCount: number;
  collectionsCount: number;
  /** Stories waiting for or in processing. */
  pendingStoriesCount: number;
  processedStoriesCount: number;
};

async function countEverything(db: Database): Promise<DatabaseStats> {
  const [row] = await db.execute<DatabaseStats>(sql`
    select (select count(*) from policies)::int as "policiesCount",
           (select count(*) from users)::int as "usersCount",
           (select count(*) from collections)::int as "collectionsCount",
           (select count(*) from pending_stories where status in ('pending', 'processing'))::int as "pendingStoriesCount",
           (select count(*) from pending_stories where status = 'processed')::int as "processedStoriesCount"`);
  return row!;
}

/** GET /api/admin/stats: the admin dashboard's counters, always fresh (the admin app guards it). */
export function adminStatsRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>().get('/', async (c) => c.json(await countEverything(deps.db)));
}

/** The public status page polls every 30 s; answers are shared for that long. */
const publicStatsMaxAgeMs = 30_000;

/**
 * GET /api/database-stats: public, because the public /status page polls it. Counts only, no
 * personal data. Cached per process so an anonymous caller cannot turn it into a stream of
 * full-table counts.
 */
export function databaseStatsRoutes(deps: AppDeps) {
  let cached: { stats: DatabaseStats; at: number } | null = null;
  return new Hono<AuthEnv>().get('/', async (c) => {
    const now = deps.now().getTime();
    if (!cached || now - cached.at >= publicStatsMaxAgeMs || now < cached.at) {
      cached = { stats: await countEverything(deps.db), at: now };
    }
    c.header('Cache-Control', `public, max-age=${publicStatsMaxAgeMs / 1000}`);
    return c.json(cached.stats);
  });
}
