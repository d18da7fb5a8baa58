import { Hono } from 'hono';
import type { AppDeps } from '../../../app-deps.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import { countDatabaseStats } from '../../stats/database-stats.ts';

/** GET /api/admin/stats: the admin dashboard's counters, always fresh (the admin app guards it). */
export function adminStatsRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>().get('/', async (c) => c.json(await countDatabaseStats(deps.db)));
}
