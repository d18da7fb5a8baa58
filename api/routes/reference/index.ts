import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../app-deps.ts';
import { loadDepartments, loadIndustries, loadTopics } from '../../reference/lists.ts';

/**
 * Reference lists change only with a deploy or an admin edit; the web app keeps them 5 minutes
 * (spec section 9), and the ETag turns its revalidations into bodiless 304s.
 */
const cacheable = createMiddleware(async (c, next) => {
  await next();
  if (c.res.status === 200 || c.res.status === 304) c.res.headers.set('Cache-Control', 'public, max-age=300');
});
const revalidated = etag();

/** GET /api/departments, /api/industries, /api/topics: the filter options, from SQL. */
export function referenceRoutes(deps: AppDeps) {
  return new Hono()
    .get('/departments', cacheable, revalidated, async (c) => c.json(await loadDepartments(deps.db)))
    .get('/industries', cacheable, revalidated, async (c) => c.json(await loadIndustries(deps.db)))
    .get('/topics', cacheable, revalidated, async (c) => c.json(await loadTopics(deps.db)));
}
