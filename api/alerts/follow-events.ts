import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { followEvents, policyFollows } from '../../db/schema/index.ts';
import type { EffectivenessStatus } from '../../vocabulary/effectiveness.ts';
import type { FollowEventKind } from '../../vocabulary/follows.ts';
import { insertDeliveries, type NewDelivery } from './deliveries.ts';
import { deliveriesChannel, readerChannels } from './match.ts';
import { loadAlertReaders } from './readers.ts';
import type { AlertServices } from './services.ts';

/**
 * Follow alerts (issue 42 item 6, decision 026): what happens to a followed policy is recorded in
 * follow_events by triggers, in the transaction that wrote it (migration 0025); after commit, the
 * `match-follow-alerts` job turns a batch of events into deliveries, one per (follower, event,
 * channel), unique in Postgres, and the sender (./send.ts) sends them as it sends every alert.
 */

/** The triggers notify it when they record an event. */
export const followEventsChannel = 'follow_events';

/** The rule a follow alert comes from, as deliveries and unsubscribe links name it. */
export const followRuleId = (policyId: number) => `follow:${policyId}`;
export const followedPolicyOf = (ruleId: string): number | null => (ruleId.startsWith('follow:') ? Number(ruleId.slice('follow:'.length)) : null);

export type FollowEvent = { id: number; policyId: number; kind: FollowEventKind; otherPolicyId: number | null; status: EffectivenessStatus | null; since: string | null; transactionId: number };

const actingKinds: readonly FollowEventKind[] = ['amendedBy', 'replacedBy', 'repealedBy'];

/**
 * The events of one write that a follower is told in one notice: a status that a new amendment or
 * repeal of the same write causes is said by that link's notice, and so is the citation that comes
 * with it (an amending decision cites what it amends), as the detail page shows the stronger link.
 */
export function toldEvents(events: readonly FollowEvent[]): FollowEvent[] {
  const acting = events.filter((event) => actingKinds.includes(event.kind));
  const saidBy = (event: FollowEvent, others: readonly FollowEvent[]) => others.some((other) => other.transactionId === event.transactionId && other.policyId === event.policyId);
  return events.filter((event) => {
    if (event.kind === 'status' && (event.status === 'amended' || event.status === 'repealed')) return !saidBy(event, acting);
    if (event.kind === 'citedBy') return !saidBy(event, acting.filter((other) => other.otherPolicyId === event.otherPolicyId));
    return true;
  });
}

export type FollowOutcome = { events: number; deliveries: number };

/** What an event says, as the fan-out and the sender read it. */
const followEventColumns = {
  id: followEvents.id,
  policyId: followEvents.policyId,
  kind: followEvents.kind,
  otherPolicyId: followEvents.otherPolicyId,
  status: followEvents.status,
  since: followEvents.since,
  transactionId: followEvents.transactionId,
};

/**
 * Turns the events of up to `batchSize` writes into deliveries for the followers entitled to the
 * text now (the same readers other alerts go to), on e-mail and each enabled channel, due at once;
 * the events are marked in the same transaction. Returns null when no event waits.
 */
export async function fanOutFollowEvents(services: AlertServices, options: { now: Date; batchSize: number }): Promise<FollowOutcome | null> {
  const { db } = services;
  const { now } = options;
  // Whole writes at once, so one write's events are told together.
  const waiting: FollowEvent[] = await db
    .select(followEventColumns)
    .from(followEvents)
    .where(
      and(
        isNull(followEvents.fannedOutAt),
        sql`${followEvents.transactionId} in (select transaction_id from follow_events where fanned_out_at is null group by transaction_id order by min(id) limit ${options.batchSize})`,
      ),
    )
    .orderBy(asc(followEvents.id));
  if (waiting.length === 0) return null;

  const told = toldEvents(waiting);
  const followers = told.length
    ? await db.select({ userId: policyFollows.userId, policyId: policyFollows.policyId }).from(policyFollows).where(inArray(policyFollows.policyId, [...new Set(told.map((event) => event.policyId))]))
    : [];
  const readers = await loadAlertReaders(db, followers.map((follower) => follower.userId), now);
  const channels = await readerChannels(db, [...readers.values()].filter((reader) => reader.entitled).map((reader) => reader.userId));
  const deliveries: NewDelivery[] = told.flatMap((event) =>
    followers
      .filter((follower) => follower.policyId === event.policyId && readers.get(follower.userId)?.entitled)
      .flatMap((follower) =>
        ['email', ...(channels.get(follower.userId) ?? [])].map((channel) => ({
          userId: follower.userId,
          policyId: event.policyId,
          channel,
          ruleIds: [followRuleId(event.policyId)],
          matchedTerms: {},
          cadence: 'immediate' as const,
          dueAt: now,
          followEventId: event.id,
        })),
      ),
  );

  const written = await db.transaction(async (tx) => {
    // Another worker may have taken some of the batch meanwhile: only those still waiting here are
    // written (and the unique index would refuse a second delivery of an event anyway).
    const locked = await tx
      .select({ id: followEvents.id })
      .from(followEvents)
      .where(and(inArray(followEvents.id, waiting.map((event) => event.id)), isNull(followEvents.fannedOutAt)))
      .for('update', { skipLocked: true });
    const mine = new Set(locked.map((row) => row.id));
    if (mine.size === 0) return 0;
    const inserted = await insertDeliveries(tx, deliveries.filter((delivery) => mine.has(delivery.followEventId!)));
    await tx.update(followEvents).set({ fannedOutAt: now }).where(inArray(followEvents.id, [...mine]));
    if (inserted > 0) await tx.execute(sql`select pg_notify(${deliveriesChannel}, '')`);
    return inserted;
  });
  return { events: waiting.length, deliveries: written };
}

/** The events of these ids, for the sender to say what happened. */
export async function loadFollowEvents(db: Database, ids: readonly number[]): Promise<Map<number, FollowEvent>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(followEventColumns)
    .from(followEvents)
    .where(inArray(followEvents.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The followed policies of these (user, rule) pairs that are still followed, `${userId}|follow:${policyId}` → the policy's title. */
export async function liveFollowRules(db: Database, pairs: readonly { userId: number; ruleId: string }[]): Promise<Map<string, string>> {
  const follows = pairs.flatMap(({ userId, ruleId }) => {
    const policyId = followedPolicyOf(ruleId);
    return policyId === null ? [] : [{ userId, policyId }];
  });
  if (follows.length === 0) return new Map();
  const rows = await db.execute<{ user_id: number; policy_id: number; title: string }>(sql`
    select f.user_id, f.policy_id, p.title from policy_follows f join policies p on p.id = f.policy_id
    where (f.user_id, f.policy_id) in (${sql.join(
      follows.map((follow) => sql`(${follow.userId}::int, ${follow.policyId}::int)`),
      sql`, `,
    )})`);
  return new Map([...rows].map((row) => [`${row.user_id}|${followRuleId(row.policy_id)}`, row.title]));
}

/** Of `policyIds`, those `userId` still follows, with their titles: what an unsubscribe page names. */
export async function followedTitles(db: Database, userId: number, policyIds: readonly number[]): Promise<{ policyId: number; title: string }[]> {
  if (policyIds.length === 0) return [];
  const rows = await liveFollowRules(
    db,
    policyIds.map((policyId) => ({ userId, ruleId: followRuleId(policyId) })),
  );
  return policyIds.flatMap((policyId) => {
    const title = rows.get(`${userId}|${followRuleId(policyId)}`);
    return title === undefined ? [] : [{ policyId, title }];
  });
}

/** Stops the follows of `policyIds` (every follow when null): what a follow alert's unsubscribe link does. */
export async function stopFollowing(db: Pick<Database, 'delete'>, userId: number, policyIds: readonly number[] | null): Promise<void> {
  if (policyIds !== null && policyIds.length === 0) return;
  await db.delete(policyFollows).where(and(eq(policyFollows.userId, userId), policyIds === null ? undefined : inArray(policyFollows.policyId, [...policyIds])));
}

const statusWords: Record<EffectivenessStatus, string> = {
  in_force: 'is now in force',
  not_yet_in_force: 'is not yet in force',
  amended: 'is now amended',
  repealed: 'is now repealed',
  unknown: 'has a status no longer known',
};

/** What happened, in words: "“A” was amended by “B”", "“A” is now in force". */
export function followNotice(event: FollowEvent, followedTitle: string, otherTitle: string | null): string {
  const followed = `“${followedTitle}”`;
  const other = `“${otherTitle ?? ''}”`;
  switch (event.kind) {
    case 'amendedBy':
      return `${followed} was amended by ${other}`;
    case 'replacedBy':
      return `${followed} was replaced by a newer version, ${other}`;
    case 'repealedBy':
      return `${followed} was repealed by ${other}`;
    case 'citedBy':
      return `${followed} is cited by ${other}`;
    case 'status':
      return `${followed} ${statusWords[event.status ?? 'unknown']}`;
  }
}
