import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import { departments, industries, topics } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { Department, Industry, Topic } from '../../shared/search.ts';

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
    .get('/departments', cacheable, revalidated, async (c) => {
      const rows: Department[] = await deps.db
        .select({ id: departments.id, code: departments.code, fullName: departments.fullName })
        .from(departments)
        .orderBy(asc(departments.id));
      return c.json(rows);
    })
    .get('/industries', cacheable, revalidated, async (c) => {
      const rows: Industry[] = await deps.db
        .select({ id: industries.id, name: industries.name, color: industries.color })
        .from(industries)
        .orderBy(asc(industries.id));
      return c.json(rows);
    })
    .get('/topics', cacheable, revalidated, async (c) => {
      const rows: Topic[] = await deps.db
        .select({ id: topics.id, code: topics.code, name_en: topics.nameEn })
        .from(topics)
        .orderBy(asc(topics.id));
      return c.json(rows);
    });
}
