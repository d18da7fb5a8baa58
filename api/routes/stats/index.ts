import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthEnv } from '../../auth/session.ts';
import type { DatabaseStats } from '../../shared/database-stats.ts';
import { countDatabaseStats } from './database-stats.ts';

/** The public status page polls every 30 s; answers are shared for that long. */
const publicStatsMaxAgeMs = 30_000;

/**
 * GET /api/database-stats: public, because the public /status page polls it. Counts only, no
 * personal data. Cached per process so an anonymous caller cannot turn it into a stream of
 * full-table counts. (The admin dashboard's fresh counts: api/routes/admin/stats.)
 */
export function databaseStatsRoutes(deps: AppDeps) {
  let cached: { stats: DatabaseStats; at: number } | null = null;
  return new Hono<AuthEnv>().get('/', async (c) => {
    const now = deps.now().getTime();
    if (!cached || now - cached.at >= publicStatsMaxAgeMs || now < cached.at) {
      cached = { stats: await countDatabaseStats(deps.db), at: now };
    }
    c.header('Cache-Control', `public, max-age=${publicStatsMaxAgeMs / 1000}`);
    return c.json(cached.stats);
  });
}
