import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Database } from '../../../../db/client.ts';
import { parsePolicyFullContent } from '../../../../db/policy-content.ts';
import { PolicyWriteError, savePolicy, type PolicyFields } from '../../../../db/policies.ts';
import { departments, policies, users } from '../../../../db/schema/index.ts';
import { recordAudit } from '../../../auth/audit.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../deps.ts';
import { jsonBodyLimit, policyBodyLimit } from '../../../http/body-limit.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import {
  adminPolicyListQuerySchema,
  policyIdsSchema,
  policyUpdateSchema,
  translationSaveSchema,
  translationsSaveSchema,
  type AdminPolicy,
  type AdminPolicyListQuery,
  type AdminPolicyRow,
} from '../../../shared/admin-schemas.ts';
import { policyIdParamSchema } from '../../../shared/search.ts';
import { loadTags } from '../../policies/policy-reads.ts';

function filterOf(query: AdminPolicyListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) {
    // The title as a substring, any case (policies_title_trgm_idx); digits also find the id.
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const byTitle = ilike(policies.title, pattern);
    conditions.push(/^\d{1,9}$/.test(query.search) ? or(byTitle, eq(policies.id, Number(query.search)))! : byTitle);
  }
  // "Show warnings only" is the untranslated ones; the status filter picks any of the three.
  const status = query.warningsOnly ? 'pending' : query.translation;
  if (status) conditions.push(eq(policies.translationStatus, status));
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
    .get('/policies', validate('query', adminPolicyListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const where = filterOf(query);
      // The page's ids first, from the sort's index alone, then their rows: a deep page walks index
      // entries, not whole rows.
      const page = deps.db
        .select({ id: policies.id })
        .from(policies)
        .where(where)
        .orderBy(...orderOf(query))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .as('page');
      const [rows, [total]] = await Promise.all([
        deps.db
          .select({
            id: policies.id,
            title: policies.title,
            time: policies.publishedOn,
            departmentId: policies.departmentId,
            department: { id: departments.id, code: departments.code, fullName: departments.fullName },
            impact: policies.impact,
            translationStatus: policies.translationStatus,
          })
          .from(page)
          .innerJoin(policies, eq(policies.id, page.id))
          .innerJoin(departments, eq(departments.id, policies.departmentId))
          .orderBy(...orderOf(query)),
        // A title search is counted with count(department_id), a NOT NULL column outside the
        // (title, id) index: with count(*) Postgres reads every title from that covering index
        // (its cost model prices ilike like `=`), 85 ms at 100k policies; needing a column outside
        // it, it takes the trigram index: 27 ms. Without a search, count(*) reads the smallest index.
        deps.db.select({ total: count(query.search ? policies.departmentId : undefined) }).from(policies).where(where),
      ]);
      c.header('X-Total-Count', String(total?.total ?? 0));
      return c.json(rows satisfies AdminPolicyRow[]);
    })
    .get('/policies/:id', validate('param', policyIdParamSchema), async (c) => {
      return c.json(await loadAdminPolicy(deps.db, c.req.valid('param').id));
    })
    .patch('/policies/:id', policyBodyLimit, validate('param', policyIdParamSchema), validate('json', policyUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      if (body.id !== undefined && body.id !== id) throw badRequest('id: must match the policy in the address');
      const fields: Partial<PolicyFields> = {
        title: body.title,
        publishedOn: body.time,
        description: body.description,
        impact: body.impact,
        departmentId: body.departmentId,
        sourceUrl: body.source_url,
        chineseOriginal: body.chinese_original,
        englishTranslation: body.english_translation,
        fullContent: body.fullContent,
        industryIds: body.tags?.flatMap((tag) => ('industryId' in tag ? [tag.industryId] : [])),
        topicIds: body.tags?.flatMap((tag) => ('topicId' in tag ? [tag.topicId] : [])),
      };
      await saveAsAdmin(deps, c, id, fields, body.translationReviewed);
      return c.json({ id, message: 'Policy updated' });
    })
    .post('/policies/:id/translation', policyBodyLimit, validate('param', policyIdParamSchema), validate('json', translationSaveSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { translation } = c.req.valid('json');
      // A translation an admin saves is one an admin has reviewed, changed or not.
      await saveAsAdmin(deps, c, id, { englishTranslation: translation }, translation === null ? undefined : true);
      return c.json({ id, message: 'Translation saved' });
    })
    .patch('/policies/:id/translations', policyBodyLimit, validate('param', policyIdParamSchema), validate('json', translationsSaveSchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      await saveAsAdmin(
        deps,
        c,
        id,
        { englishTranslation: body.english_translation, chineseOriginal: body.chinese_original },
        body.english_translation === null ? undefined : true,
      );
      return c.json({ id, message: 'Translations updated' });
    })
    .delete('/policies/:id', validate('param', policyIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      // Collections lose it by cascade; the outbox trigger takes it out of the index.
      const deleted = await deletePolicies(deps, c, [id]);
      if (deleted.length === 0) throw notFound('Policy not found');
      return c.json({ id, message: 'Policy deleted' });
    })
    .post('/batch-delete-policies', jsonBodyLimit, validate('json', policyIdsSchema), async (c) => {
      const { policyIds } = c.req.valid('json');
      const deletedCount = (await deletePolicies(deps, c, policyIds)).length;
      return c.json({ deletedCount, message: `${deletedCount} ${deletedCount === 1 ? 'policy' : 'policies'} deleted` });
    });
}

/** Deletes the policies that exist among `ids`, each with its audit row (its title kept there), in one transaction. */
async function deletePolicies(deps: AppDeps, c: Context<SignedInEnv>, ids: number[]) {
  const user = c.get('user');
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const deleted = await tx.delete(policies).where(inArray(policies.id, ids)).returning({ id: policies.id, title: policies.title });
    const ip = clientIp(c);
    await recordAudit(
      tx,
      deleted.map((policy) => ({ action: 'policy_deleted' as const, actorId: user.id, subject: `policy:${policy.id}`, ip, details: { title: policy.title }, at })),
    );
    return deleted;
  });
}

/**
 * One admin save: the policy write and its audit row in one transaction; the index follows by the
 * outbox. The audit row names the fields changed, not their text (documents are long).
 */
async function saveAsAdmin(deps: AppDeps, c: Context<SignedInEnv>, id: number, fields: Partial<PolicyFields>, translationReviewed?: boolean) {
  const user = c.get('user');
  const at = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      const { changed } = await savePolicy(tx, id, fields, { kind: 'admin', userId: user.id, at, translationReviewed });
      await recordAudit(tx, { action: 'policy_updated', actorId: user.id, subject: `policy:${id}`, ip: clientIp(c), details: { changed }, at });
    });
  } catch (error) {
    if (!(error instanceof PolicyWriteError)) throw error;
    if (error.reason === 'not_found') throw notFound(error.message);
    throw new AppError('bad_request', error.message);
  }
}

/** The policy as the editor opens it: every stored field, its tags, and the translation's review. */
async function loadAdminPolicy(db: Database, id: number): Promise<AdminPolicy> {
  const [row] = await db
    .select({
      policy: policies,
      department: { id: departments.id, code: departments.code, fullName: departments.fullName },
      reviewer: { id: users.id, name: users.name },
    })
    .from(policies)
    .innerJoin(departments, eq(departments.id, policies.departmentId))
    .leftJoin(users, eq(users.id, policies.translationReviewedBy))
    .where(eq(policies.id, id));
  if (!row) throw notFound('Policy not found');
  const { policy } = row;
  const tags = await loadTags(db, [id]);
  return {
    id: policy.id,
    title: policy.title,
    time: policy.publishedOn,
    description: policy.description,
    impact: policy.impact,
    departmentId: policy.departmentId,
    department: row.department,
    source_url: policy.sourceUrl,
    chinese_original: policy.chineseOriginal,
    english_translation: policy.englishTranslation,
    translation: {
      status: policy.translationStatus,
      reviewedAt: policy.translationReviewedAt?.toISOString() ?? null,
      reviewedBy: row.reviewer?.id ? { id: row.reviewer.id, name: row.reviewer.name ?? '' } : null,
    },
    tags: tags.get(id) ?? [],
    fullContent: parsePolicyFullContent(policy.fullContent),
    editedFields: policy.editedFields,
    importanceReasons: policy.importanceReasons,
    updatedAt: policy.updatedAt.toISOString(),
  };
}
