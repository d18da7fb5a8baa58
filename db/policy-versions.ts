import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';
import { parsePolicyFullContent } from './policy-content.ts';
import { policyVersions, users, type PolicyVersionSource } from './schema/index.ts';

/**
 * A policy's history (the policy_versions table): every state savePolicy wrote, newest first,
 * with who or what wrote it. Only savePolicy writes here, in its own transaction.
 */

/** A version's content: db/policies.ts's PolicyFields, as JSON (typed there; named loosely here so this module does not import its writer). */
export type PolicyVersionContent = { [field: string]: unknown };

export type PolicyVersionEntry = {
  version: number;
  source: PolicyVersionSource;
  user: { id: number; name: string } | null;
  restoredFrom: number | null;
  createdAt: Date;
  /** The version's title, what tells versions apart at a glance. */
  title: string;
};

/** Records `content` as version `version` of the policy; a version already recorded stays as it was. */
export async function recordVersion(
  tx: Transaction,
  entry: { policyId: number; version: number; content: PolicyVersionContent; source: PolicyVersionSource; userId: number | null; restoredFrom: number | null; at: Date },
): Promise<void> {
  await tx
    .insert(policyVersions)
    .values({
      policyId: entry.policyId,
      version: entry.version,
      content: entry.content,
      source: entry.source,
      userId: entry.userId,
      restoredFrom: entry.restoredFrom,
      createdAt: entry.at,
    })
    .onConflictDoNothing();
}

/** Whether version `version` of the policy is recorded. */
export async function hasVersion(tx: Transaction, policyId: number, version: number): Promise<boolean> {
  const [row] = await tx
    .select({ version: policyVersions.version })
    .from(policyVersions)
    .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.version, version)));
  return row !== undefined;
}

const entryColumns = {
  version: policyVersions.version,
  source: policyVersions.source,
  userId: policyVersions.userId,
  userName: users.name,
  restoredFrom: policyVersions.restoredFrom,
  createdAt: policyVersions.createdAt,
  title: sql<string>`coalesce(${policyVersions.content} ->> 'title', '')`,
};

function toEntry(row: {
  version: number;
  source: PolicyVersionSource;
  userId: number | null;
  userName: string | null;
  restoredFrom: number | null;
  createdAt: Date;
  title: string;
}): PolicyVersionEntry {
  return {
    version: row.version,
    source: row.source,
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt,
    title: row.title,
  };
}

/** The policy's versions, newest first. */
export async function listVersions(db: Pick<Database, 'select'>, policyId: number): Promise<PolicyVersionEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(policyVersions)
    .leftJoin(users, eq(users.id, policyVersions.userId))
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(desc(policyVersions.version));
  return rows.map(toEntry);
}

/** The newest recorded version of the policy (who wrote it last, and when), or null. */
export async function latestVersion(db: Pick<Database, 'select'>, policyId: number): Promise<PolicyVersionEntry | null> {
  const [row] = await db
    .select(entryColumns)
    .from(policyVersions)
    .leftJoin(users, eq(users.id, policyVersions.userId))
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(desc(policyVersions.version))
    .limit(1);
  return row ? toEntry(row) : null;
}

/** A version's content, as savePolicy's fields (its full_content in its one shape), or null when there is none. */
export async function loadVersionContent(db: Pick<Database, 'select'>, policyId: number, version: number): Promise<PolicyVersionContent | null> {
  const [row] = await db
    .select({ content: policyVersions.content })
    .from(policyVersions)
    .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.version, version)));
  if (!row) return null;
  return { ...row.content, fullContent: parsePolicyFullContent(row.content.fullContent) };
}
