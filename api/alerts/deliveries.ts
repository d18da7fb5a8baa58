import { randomUUID } from 'node:crypto';
import { addMinutes, addSeconds } from 'date-fns';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { alertDeliveries } from '../../db/schema/index.ts';
import type { DeliveryTiming } from '../../vocabulary/deliveries.ts';
import type { TermMatch } from '../shared/search.ts';

/**
 * The one owner of a delivery's state (STYLE 12). A delivery is written `pending` by the matching
 * transaction, at most once per (user, policy, channel) by the unique index; a sender claims it
 * (`sending`, with a token and a lease), sends, then marks it `sent`. The guarantees:
 * - Never dropped: a failed send goes back to `pending` with a backoff (1, 2, 4, ... minutes) until
 *   ALERT_SEND_ATTEMPTS; a sender that died holding a claim is found by its lease running out.
 * - Never twice, but for one bounded case: a sender killed after the message left and before the
 *   mark leaves a claim whose lease runs out; that delivery is sent once more (its first claim may
 *   have been lost before sending). If that second claim is lost too, the delivery is failed, not
 *   sent a third time: at most one extra message per delivery, ever. The e-mail's Message-ID is the
 *   delivery's, so a mail system that de-duplicates drops even that one.
 */

/** `matchedTerms`: by rule id, the Chinese terms a rule found the policy through in its Chinese text only. */
export type NewDelivery = { userId: number; policyId: number; channel: string; ruleIds: string[]; matchedTerms: Record<string, TermMatch[]>; cadence: DeliveryTiming; dueAt: Date; followEventId?: number };

/**
 * In the matching transaction: the deliveries not already there (a policy alerts a channel once; a
 * follow event, with `followEventId`, alerts a follower's channel once). All of one kind per call.
 */
export async function insertDeliveries(tx: Transaction, deliveries: readonly NewDelivery[]): Promise<number> {
  const follow = deliveries.some((delivery) => delivery.followEventId !== undefined);
  const once = follow
    ? { target: [alertDeliveries.userId, alertDeliveries.followEventId, alertDeliveries.channel], where: sql`${alertDeliveries.followEventId} is not null` }
    : { target: [alertDeliveries.userId, alertDeliveries.policyId, alertDeliveries.channel], where: sql`${alertDeliveries.followEventId} is null` };
  let inserted = 0;
  for (let start = 0; start < deliveries.length; start += 2000) {
    const rows = await tx
      .insert(alertDeliveries)
      .values(deliveries.slice(start, start + 2000).map((delivery) => ({ ...delivery, state: 'pending' as const })))
      .onConflictDoNothing(once)
      .returning({ id: alertDeliveries.id });
    inserted += rows.length;
  }
  return inserted;
}

export type ClaimedDelivery = {
  id: number;
  userId: number;
  policyId: number;
  channel: string;
  ruleIds: string[];
  matchedTerms: Record<string, TermMatch[]>;
  cadence: DeliveryTiming;
  attempts: number;
  /** Set for a follow alert: the event it tells (api/alerts/follow-events.ts). */
  followEventId: number | null;
};

export type DeliveryClaim = { token: string; deliveries: ClaimedDelivery[] };

/**
 * Fails the deliveries whose sender was lost a second time (a lease ran out on a claim that was
 * itself a lost claim's retry): sending again could be a third message.
 */
export async function failTwiceLostDeliveries(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(alertDeliveries)
    .set({ state: 'failed', claimToken: null, claimedUntil: null, lastError: 'Its sender was lost twice while sending; not sent again (it may have arrived)' })
    .where(and(eq(alertDeliveries.state, 'sending'), sql`${alertDeliveries.claimedUntil} < ${now.toISOString()}::timestamptz`, sql`${alertDeliveries.lostClaims} >= 1`))
    .returning({ id: alertDeliveries.id });
  return rows.length;
}

/**
 * Claims every due delivery of up to `groups` (user, channel, cadence) groups, so a digest takes
 * all of its reader's matches at once. Due: pending and past its time, or sending under a lease
 * that ran out (its sender was lost; counted in `lost_claims`). One statement; SKIP LOCKED lets
 * several senders take disjoint rows.
 */
export async function claimDueDeliveries(db: Database, options: { now: Date; leaseSeconds: number; groups: number }): Promise<DeliveryClaim> {
  const token = randomUUID();
  // A raw statement's parameters go to postgres.js as they are: instants as ISO text, cast.
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const claimable = sql`((d.state = 'pending' and d.due_at <= ${now}) or (d.state = 'sending' and d.claimed_until < ${now} and d.lost_claims = 0))`;
  const rows = await db.execute<{ id: number; user_id: number; policy_id: number; channel: string; rule_ids: string[]; matched_terms: Record<string, TermMatch[]>; cadence: DeliveryTiming; attempts: number; follow_event_id: number | null }>(sql`
    with due_groups as (
      select d.user_id, d.channel, d.cadence from alert_deliveries d
      where ${claimable}
      group by d.user_id, d.channel, d.cadence
      order by min(d.due_at)
      limit ${options.groups}
    ), picked as (
      select d.id from alert_deliveries d
      join due_groups g on g.user_id = d.user_id and g.channel = d.channel and g.cadence = d.cadence
      where ${claimable}
      for update of d skip locked
    )
    update alert_deliveries s
    set state = 'sending',
        lost_claims = s.lost_claims + (case when s.state = 'sending' then 1 else 0 end),
        attempts = s.attempts + 1,
        claim_token = ${token},
        claimed_until = ${addSeconds(options.now, options.leaseSeconds).toISOString()}::timestamptz
    where s.id in (select id from picked)
    returning s.id, s.user_id, s.policy_id, s.channel, s.rule_ids, s.matched_terms, s.cadence, s.attempts, s.follow_event_id`);
  return {
    token,
    deliveries: [...rows]
      .map((row) => ({ id: row.id, userId: row.user_id, policyId: row.policy_id, channel: row.channel, ruleIds: row.rule_ids, matchedTerms: row.matched_terms, cadence: row.cadence, attempts: row.attempts, followEventId: row.follow_event_id }))
      .sort((a, b) => a.id - b.id),
  };
}

/** After the message left: sent, with the message the Outbox shows. Only rows still under this claim. */
export async function markSent(tx: Transaction, token: string, ids: readonly number[], messageId: number, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(alertDeliveries)
    .set({ state: 'sent', sentAt: now, messageId, claimToken: null, claimedUntil: null, lastError: null })
    .where(and(inArray(alertDeliveries.id, [...ids]), eq(alertDeliveries.claimToken, token)));
}

/** A send that failed: retried after a backoff doubling from one minute, or failed for good after `maxAttempts`. */
export async function markAttemptFailed(db: Database, token: string, deliveries: readonly ClaimedDelivery[], options: { error: string; now: Date; maxAttempts: number }): Promise<void> {
  for (const delivery of deliveries) {
    const final = delivery.attempts >= options.maxAttempts;
    await db
      .update(alertDeliveries)
      .set({
        state: final ? 'failed' : 'pending',
        dueAt: final ? undefined : addMinutes(options.now, 2 ** (delivery.attempts - 1)),
        lastError: options.error.slice(0, 500),
        claimToken: null,
        claimedUntil: null,
      })
      .where(and(eq(alertDeliveries.id, delivery.id), eq(alertDeliveries.claimToken, token)));
  }
}

/** Not to be sent, ever (the reader lost their subscription, unsubscribed, or the channel is gone). */
export async function markSkipped(db: Database, token: string, ids: readonly number[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(alertDeliveries)
    .set({ state: 'skipped', lastError: reason, claimToken: null, claimedUntil: null })
    .where(and(inArray(alertDeliveries.id, [...ids]), eq(alertDeliveries.claimToken, token)));
}
