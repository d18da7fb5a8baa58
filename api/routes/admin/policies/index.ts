import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { departments, policies } from '../../../../db/schema/index.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../deps.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import { adminPolicyListQuerySchema, policyIdsSchema, type AdminPolicyListQuery, type AdminPolicyRow } from '../../../shared/admin-schemas.ts';
import { policyIdParamSchema } from '../../../shared/search.ts';

/** A policy "has a warning" when it has no English translation (the spec). */
const untranslated = or(isNull(policies.englishTranslation), sql`btrim(${policies.englishTranslation}) = ''`)!;

function filterOf(query: AdminPolicyListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) {
    // The title as a substring, any case (policies_title_trgm_idx); digits also find the id.
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const byTitle = ilike(policies.title, pattern);
    conditions.push(/^\d{1,9}$/.test(query.search) ? or(byTitle, eq(policies.id, Number(query.search)))! : byTitle);
  }
  if (query.warningsOnly) conditions.push(untranslated);
  return conditions.length ? and(...conditions) : undefined;
}

function orderOf(query: AdminPolicyListQuery): SQL[] {
  const direction = query.sortDirection === 'desc' ? desc : asc;
  switch (query.sortBy) {
    case 'id':
      return [direction(policies.id)];
    case 'title':
      return [direction(policies.title), direction(policies.id)];
    case 'date':
      return [direction(policies.publishedOn), direction(policies.id)];
    default:
      // Unsorted: newest first, as the editor works on what just arrived.
      return [desc(policies.publishedOn), desc(policies.id)];
  }
}

/**
 * The Policy Management tab's calls (spec section 7): the paged, searchable, sortable list with
 * its total in X-Total-Count, and deleting one policy or many. The role guard is the admin app's.
 */
export function adminPolicyRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .use(jsonBodyLimit)
    .get('/policies', validate('query', adminPolicyListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const where = filterOf(query);
      const [rows, [total]] = await Promise.all([
        deps.db
          .select({
            id: policies.id,
            title: policies.title,
            time: policies.publishedOn,
            departmentId: policies.departmentId,
            department: { id: departments.id, code: departments.code, fullName: departments.fullName },
            impact: policies.impact,
            warning: sql<boolean>`${untranslated}`,
          })
          .from(policies)
          .innerJoin(departments, eq(departments.id, policies.departmentId))
          .where(where)
          .orderBy(...orderOf(query))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        deps.db.select({ total: count() }).from(policies).where(where),
      ]);
      c.header('X-Total-Count', String(total?.total ?? 0));
      return c.json(rows satisfies AdminPolicyRow[]);
    })
    .delete('/policies/:id', validate('param', policyIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      // Collections lose it by cascade; the outbox trigger takes it out of the index.
      const [deleted] = await deps.db.delete(policies).where(eq(policies.id, id)).returning({ id: policies.id });
      if (!deleted) throw notFound('Policy not found');
      return c.json({ id, message: 'Policy deleted' });
    })
    .post('/batch-delete-policies', validate('json', policyIdsSchema), async (c) => {
      const { policyIds } = c.req.valid('json');
      // One statement: every named policy that exists goes, or none does.
      const deleted = await deps.db.delete(policies).where(inArray(policies.id, policyIds)).returning({ id: policies.id });
      const deletedCount = deleted.length;
      return c.json({ deletedCount, message: `${deletedCount} ${deletedCount === 1 ? 'policy' : 'policies'} deleted` });
    });
}
