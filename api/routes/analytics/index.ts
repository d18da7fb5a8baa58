import { Hono, type Context } from 'hono';
import { loadAnalytics, loadAnalyticsOverview } from '../../analytics/analytics.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthEnv } from '../../auth/session.ts';
import { hasFullAccess } from '../../billing/entitlement.ts';
import { sendAnswer } from '../../http/search-answer.ts';
import { validate } from '../../http/validation.ts';
import type { SearchReader } from '../../search/policy-index.ts';
import { analyticsOverviewQuerySchema, analyticsQuerySchema } from '../../shared/analytics.ts';

/**
 * Analytics, counted by Meilisearch under the search's criteria (api/analytics/analytics.ts):
 * - GET /api/analytics: one grouping per period (`groupBy`, `interval`, `from`, `to` and the search's filters);
 * - GET /api/analytics/overview: the Analytics, department and topic pages' one call.
 * Open to every reader, as search is: the counts are of what the reader may search.
 */
export function analyticsRoutes(deps: AppDeps) {
  // A query matches the full texts only for an entitled reader (docs/principles.md), as on search.
  const readerOf = async (c: Context<AuthEnv>): Promise<SearchReader> => ({
    entitled: await hasFullAccess(deps.db, c.var.user, deps.now()),
  });
  return new Hono<AuthEnv>()
    .get('/', validate('query', analyticsQuerySchema), async (c) => sendAnswer(c, await loadAnalytics(deps, c.req.valid('query'), await readerOf(c))))
    .get('/overview', validate('query', analyticsOverviewQuerySchema), async (c) =>
      sendAnswer(c, await loadAnalyticsOverview(deps, c.req.valid('query'), await readerOf(c))),
    );
}
