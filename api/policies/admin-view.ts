import { and, asc, count, desc, eq, exists, gte, ilike, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { parsePolicyFullContent } from '../../db/policy-content.ts';
import { livePolicy, loadPolicyRecords } from '../../db/policy-records.ts';
import { departments, pendingStories, policies, users } from '../../db/schema/index.ts';

import { notFound } from '../http/errors.ts';
import type { AdminPolicy, AdminPolicyListQuery, AdminPolicyRow, AdminPolicySource } from '../shared/admin-schemas.ts';
import { policyTagsOf } from './reads.ts';

/** The Policy Management tab's reads (spec section 7): the paged, searchable, sortable list, and the policy as the editor opens it. */

/** The source filter (adminPolicySources): where the policy's story came from, if it has one, or that an admin edited it. */
function sourceFilter(source: AdminPolicySource, db: Database): SQL {
  const storyOf = (producer?: 'import' | 'source') =>
    exists(
      db
        .select({ one: sql`1` })
        .from(pendingStories)
        .where(and(eq(pendingStories.policyId, policies.id), producer ? eq(pendingStories.producer, producer) : undefined)),
    );
  switch (source) {
    case 'import':
      return storyOf('import');
    case 'scraper':
      return storyOf('source');
    case 'none':
      return not(storyOf());
    case 'edited':
      return sql`cardinality(${policies.editedFields}) > 0`;
  }
}

function filterOf(query: AdminPolicyListQuery, db: Database): SQL | undefined {
  // Policies in the Trash are listed in the Trash only.
  const conditions: SQL[] = [livePolicy];
  if (query.search) {
    // The title as a substring, any case (policies_title_trgm_idx); digits also find the id.
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const byTitle = ilike(policies.title, pattern);
    conditions.push(/^\d{1,9}$/.test(query.search) ? or(byTitle, eq(policies.id, Number(query.search)))! : byTitle);
  }
  // "Show warnings only": untranslated, or an issuer or a date the analyser could not find. The
  // status filter picks any of the three translation statuses.
  if (query.warningsOnly) conditions.push(or(eq(policies.translationStatus, 'pending'), eq(policies.issuerIdentified, false), eq(policies.dateKnown, false))!);
  else if (query.translation) conditions.push(eq(policies.translationStatus, query.translation));
  if (query.departmentId !== undefined) conditions.push(eq(policies.departmentId, query.departmentId));
  if (query.impactMin !== undefined) conditions.push(gte(policies.impact, query.impactMin));
  if (query.impactMax !== undefined) conditions.push(lte(policies.impact, query.impactMax));
  if (query.dateFrom) conditions.push(gte(policies.publishedOn, query.dateFrom));
  if (query.dateTo) conditions.push(lte(policies.publishedOn, query.dateTo));
  if (query.source) conditions.push(sourceFilter(query.source, db));
  return and(...conditions);
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

/** One page of the list, and how many policies the filter matches in all. */
export async function listAdminPolicies(db: Database, query: AdminPolicyListQuery): Promise<{ rows: AdminPolicyRow[]; total: number }> {
  const where = filterOf(query, db);
  // The page's ids first, from the sort's index alone, then their rows: a deep page walks index
  // entries, not whole rows.
  const page = db
    .select({ id: policies.id })
    .from(policies)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: policies.id,
        title: policies.title,
        time: policies.publishedOn,
        departmentId: policies.departmentId,
        department: { id: departments.id, code: departments.code, fullName: departments.fullName },
        impact: policies.impact,
        translationStatus: policies.translationStatus,
        issuerIdentified: policies.issuerIdentified,
        dateKnown: policies.dateKnown,
      })
      .from(page)
      .innerJoin(policies, eq(policies.id, page.id))
      .innerJoin(departments, eq(departments.id, policies.departmentId))
      .orderBy(...orderOf(query)),
    // A title search is counted with count(department_id), a NOT NULL column outside the
    // (title, id) index: with count(*) Postgres reads every title from that covering index
    // (its cost model prices ilike like `=`), 85 ms at 100k policies; needing a column outside
    // it, it takes the trigram index: 27 ms. Without a search, count(*) reads the smallest index.
    db.select({ total: count(query.search ? policies.departmentId : undefined) }).from(policies).where(where),
  ]);
  // What is unknown is said only when it is: a row as it was otherwise.
  const said = rows.map(({ issuerIdentified, dateKnown, ...row }) => ({
    ...row,
    ...(issuerIdentified ? {} : { issuerIdentified: false as const }),
    ...(dateKnown ? {} : { dateKnown: false as const }),
  }));
  return { rows: said, total: total?.total ?? 0 };
}

/** The policy as the editor opens it: every stored field, its tags, and the translation's review. */
export async function loadAdminPolicy(db: Database, id: number): Promise<AdminPolicy> {
  const [policy] = await loadPolicyRecords(db, { ids: [id] });
  if (!policy) throw notFound('Policy not found');
  const [reviewer] = policy.translationReviewedBy
    ? await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, policy.translationReviewedBy))
    : [];
  return {
    id: policy.id,
    title: policy.title,
    time: policy.publishedOn,
    description: policy.description,
    impact: policy.impact,
    departmentId: policy.departmentId,
    department: policy.department,
    source_url: policy.sourceUrl,
    chinese_title: policy.chineseTitle,
    document_number: policy.documentNumber,
    chinese_original: policy.chineseOriginal,
    english_translation: policy.englishTranslation,
    translation: {
      status: policy.translationStatus,
      reviewedAt: policy.translationReviewedAt?.toISOString() ?? null,
      reviewedBy: reviewer ?? null,
    },
    tags: policyTagsOf(policy),
    fullContent: parsePolicyFullContent(policy.fullContent),
    editedFields: policy.editedFields,
    importanceReasons: policy.importanceReasons,
    dateKnown: policy.dateKnown,
    issuerIdentified: policy.issuerIdentified,
    updatedAt: policy.updatedAt.toISOString(),
    version: policy.version,
  };
}
