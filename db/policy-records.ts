import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { Sql } from 'postgres';
import { schema, type Database } from './client.ts';
import { departments, industries, policies, policyIndustries, policyTopics, topics } from './schema/index.ts';

/** The pool or a transaction: only reads here. */
type Reader = Pick<Database, 'select'>;

/**
 * The one read of a policy as its readers show it: its row, its department and its tags. The
 * search document (indexer/policy-documents.ts), the detail page and the admin editor
 * (api/policies/) all shape a policy from this record, so a new column reaches all of them here.
 * (db/policies.ts holds the one write.)
 */

/**
 * A policy that is not in the Trash. Every reader of policies (search document, detail page,
 * lists, collections, counts, the editor) reads through this condition, so a deleted policy is
 * gone from all of them and back in all of them when restored; only the Trash reads the others.
 */
export const livePolicy = isNull(policies.deletedAt);

/** Every column but the story the policy was made from, which no reader of a policy shows. */
const { storyText: _storyText, ...recordColumns } = getTableColumns(policies);

/**
 * The row's last change in milliseconds since the epoch, with the microseconds kept as a fraction:
 * two commits within one millisecond still differ, so the indexer can tell a write it raced with.
 * Triggers move updated_at on every change a policy's search document shows (tags, department and
 * tag renames included).
 */
export const policyStamp = sql<string>`(extract(epoch from ${policies.updatedAt}) * 1000)::text`;

export type PolicyIndustryTag = { id: number; name: string; impactAnalysis: string | null };
export type PolicyTopicTag = { id: number; code: string; name: string };
/** Industries by id; topics most relevant first, the order the badges show. */
export type PolicyTags = { industries: PolicyIndustryTag[]; topics: PolicyTopicTag[] };

export type PolicyRecord = Omit<typeof policies.$inferSelect, 'storyText'> & {
  department: { id: number; code: string; fullName: string };
  /** `updated_at` as policyStamp reads it. */
  stamp: string;
} & PolicyTags;

/** Each policy's tags, in two indexed reads whatever the number of policies. */
export async function loadPolicyTags(db: Reader, policyIds: readonly number[]): Promise<Map<number, PolicyTags>> {
  const tags = new Map<number, PolicyTags>(policyIds.map((id) => [id, { industries: [], topics: [] }]));
  if (policyIds.length === 0) return tags;
  const [industryRows, topicRows] = await Promise.all([
    db
      .select({ policyId: policyIndustries.policyId, id: industries.id, name: industries.name, impactAnalysis: policyIndustries.impactAnalysis })
      .from(policyIndustries)
      .innerJoin(industries, eq(industries.id, policyIndustries.industryId))
      .where(inArray(policyIndustries.policyId, [...policyIds]))
      .orderBy(asc(industries.id)),
    db
      .select({ policyId: policyTopics.policyId, id: topics.id, code: topics.code, name: topics.nameEn })
      .from(policyTopics)
      .innerJoin(topics, eq(topics.id, policyTopics.topicId))
      .where(inArray(policyTopics.policyId, [...policyIds]))
      .orderBy(desc(policyTopics.relevance), asc(topics.id)),
  ]);
  for (const { policyId, ...tag } of industryRows) tags.get(policyId)?.industries.push(tag);
  for (const { policyId, ...tag } of topicRows) tags.get(policyId)?.topics.push(tag);
  return tags;
}

/**
 * The records of the given live policies (`ids`; an id without one, or in the Trash, is left
 * out), or a page of every live policy after `afterId`; in id order either way. A caller that needs the row and its tags
 * from one snapshot (the search document's stamp must describe exactly the tags it carries) reads
 * in a repeatable-read transaction.
 */
export async function loadPolicyRecords(db: Reader, which: { ids: readonly number[] } | { afterId: number; limit: number }): Promise<PolicyRecord[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  const query = db
    .select({ ...recordColumns, department: { id: departments.id, code: departments.code, fullName: departments.fullName }, stamp: policyStamp })
    .from(policies)
    .innerJoin(departments, eq(departments.id, policies.departmentId))
    .where(and(livePolicy, 'ids' in which ? inArray(policies.id, [...which.ids]) : gt(policies.id, which.afterId)))
    .orderBy(asc(policies.id));
  const rows = 'ids' in which ? await query : await query.limit(which.limit);
  const tags = await loadPolicyTags(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, ...tags.get(row.id)! }));
}

const databases = new WeakMap<Sql, Database>();

/** Drizzle over a connection pool opened by db/client.ts's createDatabase (the indexer holds the pool alone). */
export function databaseOver(pool: Sql): Database {
  let database = databases.get(pool);
  if (!database) {
    database = drizzle(pool, { schema, casing: 'snake_case' }) as Database;
    databases.set(pool, database);
  }
  return database;
}
