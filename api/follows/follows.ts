import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { livePolicy } from '../../db/policy-records.ts';
import { policies, policyFollows } from '../../db/schema/index.ts';
import { bumpAlertsVersion } from '../alerts/unsubscribe.ts';
import { notFound } from '../http/errors.ts';
import type { FollowedPolicy } from '../shared/follow-schemas.ts';

/**
 * The policies a reader follows (issue 42 item 6): they are told when one is amended, replaced,
 * repealed or cited, or its status changes. Following is per user; a followed policy moved to
 * the Trash is left out of the list until it is restored.
 */

export async function loadFollows(db: Database, userId: number): Promise<FollowedPolicy[]> {
  const rows = await db
    .select({ policyId: policies.id, title: policies.title, effectiveness: policies.effectivenessStatus, followedAt: policyFollows.createdAt })
    .from(policyFollows)
    .innerJoin(policies, eq(policies.id, policyFollows.policyId))
    .where(and(eq(policyFollows.userId, userId), livePolicy))
    .orderBy(desc(policyFollows.createdAt), desc(policies.id));
  return rows.map((row) => ({ ...row, followedAt: row.followedAt.toISOString() }));
}

/**
 * Follows `policyId` (a live policy, else 404); following it again changes nothing. True when it was
 * not followed before. Following turns an alert on: the unsubscribe links sent before stop working
 * (api/alerts/unsubscribe-links.ts), so an old e-mail can't stop the follow just made.
 */
export async function follow(db: Database, userId: number, policyId: number, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [policy] = await tx.select({ id: policies.id }).from(policies).where(and(eq(policies.id, policyId), livePolicy)).for('share');
    if (!policy) throw notFound('Policy not found');
    const inserted = await tx.insert(policyFollows).values({ userId, policyId, createdAt: at }).onConflictDoNothing().returning({ policyId: policyFollows.policyId });
    if (inserted.length > 0) await bumpAlertsVersion(tx, userId, at);
    return inserted.length > 0;
  });
}

/** Stops following `policyId`; 404 when it was not followed. */
export async function unfollow(db: Database, userId: number, policyId: number): Promise<void> {
  const deleted = await db
    .delete(policyFollows)
    .where(and(eq(policyFollows.userId, userId), eq(policyFollows.policyId, policyId)))
    .returning({ policyId: policyFollows.policyId });
  if (deleted.length === 0) throw notFound('You do not follow this policy');
}
