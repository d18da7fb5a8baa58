import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthEnv } from '../../auth/session.ts';
import type { ScraperStatus } from '../../shared/source-schemas.ts';
import { summariseSources } from '../../sources/health.ts';
import { loadSources } from '../../sources/sources.ts';

/** The public status page polls every 30 s; answers are shared for that long. */
const publicStatusMaxAgeMs = 30_000;

/**
 * GET /api/scraper-status: public, as the /status page is: whether the scrapers run
 * (SCRAPERS_ENABLED), on what schedule, and each source's state and last run time. No reasons, URLs
 * or counts: those are the back office's. Cached per process, as /api/database-stats is.
 */
export function scraperStatusRoutes(deps: AppDeps) {
  let cached: { status: ScraperStatus; at: number } | null = null;
  return new Hono<AuthEnv>().get('/', async (c) => {
    const now = deps.now();
    if (!cached || now.getTime() - cached.at >= publicStatusMaxAgeMs || now.getTime() < cached.at) {
      const sources = await summariseSources(deps.db, await loadSources(deps.db), deps.config, now);
      cached = {
        status: {
          scrapersEnabled: deps.config.SCRAPERS_ENABLED,
          schedule: deps.config.SOURCES_CRON,
          sources: sources.map((source) => ({ code: source.code, name: source.name, state: source.state, lastRunAt: source.lastRun?.finishedAt ?? null })),
        },
        at: now.getTime(),
      };
    }
    c.header('Cache-Control', `public, max-age=${publicStatusMaxAgeMs / 1000}`);
    return c.json(cached.status);
  });
}
