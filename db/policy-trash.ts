import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from './client.ts';
import { livePolicy } from './policy-records.ts';
import { departments, policies, policyTombstones, users } from './schema/index.ts';

/**
 * The Trash: a deleted policy keeps its row (and its tags, versions, collections and story)
 * with `deleted_at` and `deleted_by` set, and every reader leaves it out (db/policy-records.ts's
 * `livePolicy`); the outbox trigger fires on the update, and the indexer, finding no live policy,
 * deletes its document. Restoring clears the mark (the trigger re-indexes it); purging deletes
 * the row for good, with what cascades from it.
 */

const inTrash = isNotNull(policies.deletedAt);

export type TrashedPolicy = {
  id: number;
  title: string;
  department: { id: number; code: string; fullName: string };
  deletedAt: Date;
  deletedBy: { id: number; name: string } | null;
};

/** Puts the live policies among `ids` in the Trash; those moved, with their titles. */
export async function trashPolicies(db: Executor, ids: readonly number[], by: { userId: number; at: Date }) {
  if (ids.length === 0) return [];
  return db
    .update(policies)
    .set({ deletedAt: by.at, deletedBy: by.userId })
    .where(and(inArray(policies.id, [...ids]), livePolicy))
    .returning({ id: policies.id, title: policies.title });
}

/**
 * Takes the policies among `ids` out of the Trash; those restored, with their titles. A policy
 * whose source URL a live policy has taken since fails on the unique index (a conflict).
 */
export async function restorePolicies(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .update(policies)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(inArray(policies.id, [...ids]), inTrash))
    .returning({ id: policies.id, title: policies.title });
}

/**
 * Deletes for good the policies in the Trash among `ids`, or all deleted at or before
 * `deletedBefore`; those purged. Each leaves a tombstone for the public API's sync: call it in a
 * transaction, so a purge never happens without one.
 */
export async function purgePolicies(db: Transaction, which: { ids: readonly number[] } | { deletedBefore: Date }) {
  if ('ids' in which && which.ids.length === 0) return [];
  const purged = await db
    .delete(policies)
    .where(and(inTrash, 'ids' in which ? inArray(policies.id, [...which.ids]) : lte(policies.deletedAt, which.deletedBefore)))
    .returning({ id: policies.id, title: policies.title, addedAt: policies.createdAt });
  if (purged.length > 0) await db.insert(policyTombstones).values(purged.map((policy) => ({ policyId: policy.id, addedAt: policy.addedAt })));
  return purged.map(({ id, title }) => ({ id, title }));
}

/** The Trash, most recently deleted first. */
export async function listTrash(db: Pick<Database, 'select'>): Promise<TrashedPolicy[]> {
  const rows = await db
    .select({
      id: policies.id,
      title: policies.title,
      department: { id: departments.id, code: departments.code, fullName: departments.fullName },
      deletedAt: policies.deletedAt,
      deletedById: policies.deletedBy,
      deletedByName: users.name,
    })
    .from(policies)
    .innerJoin(departments, eq(departments.id, policies.departmentId))
    .leftJoin(users, eq(users.id, policies.deletedBy))
    .where(inTrash)
    .orderBy(desc(policies.deletedAt), asc(policies.id));
  return rows.map(({ deletedById, deletedByName, deletedAt, ...row }) => ({
    ...row,
    deletedAt: deletedAt!,
    deletedBy: deletedById === null ? null : { id: deletedById, name: deletedByName ?? '' },
  }));
}

/**
 * "A policy already exists for this URL", decided once: the policy holding each of these source
 * URLs, live or in the Trash. A policy in the Trash holds its URL until it is purged, so that
 * restoring it stays possible: the intake takes in no story for its URL (api/stories/intake.ts), and
 * processing makes no second policy for it (api/processing/process.ts). A live holder wins over one
 * in the Trash (a URL both hold dates from before this rule).
 */
export async function policiesHoldingUrls(db: Pick<Database, 'select'>, urls: readonly string[]): Promise<Map<string, { id: number; inTrash: boolean }>> {
  const holders = new Map<string, { id: number; inTrash: boolean }>();
  if (urls.length === 0) return holders;
  const rows = await db
    .select({ id: policies.id, url: policies.sourceUrl, deletedAt: policies.deletedAt })
    .from(policies)
    .where(inArray(policies.sourceUrl, [...urls]))
    .orderBy(sql`${policies.deletedAt} is not null`, asc(policies.id));
  for (const row of rows) if (row.url && !holders.has(row.url)) holders.set(row.url, { id: row.id, inTrash: row.deletedAt !== null });
  return holders;
}
