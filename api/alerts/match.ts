import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MultiSearchQuery } from 'meilisearch';
import { alertChannels, policyArrivals } from '../../db/schema/index.ts';
import type { DeliveryTiming } from '../../vocabulary/deliveries.ts';
import { criteriaOf } from '../shared/saved-search-schemas.ts';
import { buildPolicyMatch } from '../search/policy-match.ts';
import { insertDeliveries, type NewDelivery } from './deliveries.ts';
import { loadAlertReaders, type AlertReader } from './readers.ts';
import { alertRules, type AlertRule } from './rules.ts';
import { soonestCadence } from './schedule.ts';
import type { AlertServices } from './services.ts';

/** Notified when deliveries are due now, so the sender runs at once rather than at its next minute. */
export const deliveriesChannel = 'alert_deliveries';

/** Rules per multi-search request, and requests in flight at once. */
const queriesPerRequest = 250;
const requestsInFlight = 2;

export type MatchOutcome = { policies: number; rules: number; queries: number; deliveries: number };

/**
 * Matches a batch of the policies that became searchable for the first time (policy_arrivals,
 * written by the indexer) against every rule with alerts on, through the index: each rule's query
 * is the search page's own (api/search/policy-search.ts), restricted to the batch's ids. Only rules
 * of readers entitled to the policies' text count. The deliveries (one per reader, policy and
 * channel) and the batch's `matched_at` are written in one transaction; no transaction is held
 * across Meilisearch. Returns null when no policy waits.
 */
export async function matchArrivals(services: AlertServices, options: { now: Date; batchSize: number }): Promise<MatchOutcome | null> {
  const { db, now } = { db: services.db, now: options.now };
  const waiting = await db
    .select({ policyId: policyArrivals.policyId })
    .from(policyArrivals)
    .where(isNull(policyArrivals.matchedAt))
    .orderBy(asc(policyArrivals.searchableAt), asc(policyArrivals.policyId))
    .limit(options.batchSize);
  if (waiting.length === 0) return null;
  const policyIds = waiting.map((row) => row.policyId);

  const rules = await alertRules(db);
  const readers = await loadAlertReaders(db, rules.map((rule) => rule.userId), now);
  const live = rules.filter((rule) => {
    const reader = readers.get(rule.userId);
    return reader?.entitled && !(rule.ruleId === 'preferences' && reader.preferencesUnsubscribed);
  });
  const { matches, queries } = await matchRules(services, live, policyIds);
  const deliveries = await deliveriesFor(services, matches, readers, now);

  const written = await db.transaction(async (tx) => {
    // Another matcher may have taken some of the batch meanwhile: only those still unmatched here
    // are written (and the unique index would refuse a second delivery anyway).
    const locked = await tx
      .select({ policyId: policyArrivals.policyId })
      .from(policyArrivals)
      .where(and(inArray(policyArrivals.policyId, policyIds), isNull(policyArrivals.matchedAt)))
      .for('update', { skipLocked: true });
    const mine = new Set(locked.map((row) => row.policyId));
    if (mine.size === 0) return 0;
    const inserted = await insertDeliveries(tx, deliveries.filter((delivery) => mine.has(delivery.policyId)));
    await tx.update(policyArrivals).set({ matchedAt: now }).where(inArray(policyArrivals.policyId, [...mine]));
    if (deliveries.some((delivery) => delivery.cadence === 'immediate' && mine.has(delivery.policyId))) await tx.execute(sql`select pg_notify(${deliveriesChannel}, '')`);
    return inserted;
  });
  return { policies: policyIds.length, rules: live.length, queries, deliveries: written };
}

type Match = { userId: number; policyId: number; ruleIds: string[]; cadences: DeliveryTiming[] };

/** Which of the policies each rule's search shows, as one entry per (reader, policy). */
async function matchRules(services: AlertServices, rules: readonly AlertRule[], policyIds: readonly number[]): Promise<{ matches: Map<string, Match>; queries: number }> {
  if (!services.search) throw new Error('Alerts need the search index: set MEILI_URL (and a key) for the worker');
  const search = services.search;
  // Rules with the same criteria (many readers follow "CSRC", or the same words) share one query.
  const queries = new Map<string, { rules: AlertRule[]; query: MultiSearchQuery }>();
  for (const rule of rules) {
    const criteria = criteriaOf(rule.query);
    // Every reader here is entitled, so each rule searches what its reader may read: everything.
    const key = JSON.stringify(criteria);
    const shared = queries.get(key);
    if (shared) shared.rules.push(rule);
    else queries.set(key, { rules: [rule], query: buildPolicyMatch(criteria, search.indexName, { entitled: true }, policyIds) });
  }

  const matches = new Map<string, Match>();
  const distinct = [...queries.values()];
  const chunks: (typeof distinct)[] = [];
  for (let start = 0; start < distinct.length; start += queriesPerRequest) chunks.push(distinct.slice(start, start + queriesPerRequest));
  let next = 0;
  const runChunks = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const { results } = await search.multiSearch<{ id: number }>(chunk.map((entry) => entry.query), { timeoutMs: 120_000 });
      results.forEach((result, index) => {
        for (const rule of chunk[index]!.rules) {
          for (const hit of result.hits) {
            const key = `${rule.userId}:${hit.id}`;
            const match = matches.get(key) ?? { userId: rule.userId, policyId: hit.id, ruleIds: [], cadences: [] };
            match.ruleIds.push(rule.ruleId);
            match.cadences.push(rule.frequency);
            matches.set(key, match);
          }
        }
      });
    }
  };
  await Promise.all(Array.from({ length: requestsInFlight }, runChunks));
  return { matches, queries: distinct.length };
}

/** Each reader's enabled Slack and webhook channels, as deliveries name them ('channel:<id>'). */
export async function readerChannels(db: AlertServices['db'], userIds: readonly number[]): Promise<Map<number, string[]>> {
  const ids = [...new Set(userIds)];
  const channels = ids.length
    ? await db
        .select({ id: alertChannels.id, userId: alertChannels.userId })
        .from(alertChannels)
        .where(and(inArray(alertChannels.userId, ids), eq(alertChannels.enabled, true)))
    : [];
  const channelsOf = new Map<number, string[]>();
  for (const channel of channels) channelsOf.set(channel.userId, [...(channelsOf.get(channel.userId) ?? []), `channel:${channel.id}`]);
  return channelsOf;
}

/** Each match once per channel of its reader: e-mail, and every enabled Slack or webhook channel. */
async function deliveriesFor(services: AlertServices, matches: Map<string, Match>, readers: Map<number, AlertReader>, now: Date): Promise<NewDelivery[]> {
  const channelsOf = await readerChannels(services.db, [...matches.values()].map((match) => match.userId));

  // Digest times depend only on the cadences and the zone: computed once per pair, not per match.
  const times = new Map<string, ReturnType<typeof soonestCadence>>();
  return [...matches.values()].flatMap((match) => {
    const zone = readers.get(match.userId)?.timeZone ?? 'UTC';
    const key = `${[...new Set(match.cadences)].sort().join(',')}|${zone}`;
    const { cadence, dueAt } = times.get(key) ?? times.set(key, soonestCadence(match.cadences, zone, now)).get(key)!;
    return ['email', ...(channelsOf.get(match.userId) ?? [])].map((channel) => ({
      userId: match.userId,
      policyId: match.policyId,
      channel,
      ruleIds: [...new Set(match.ruleIds)],
      cadence,
      dueAt,
    }));
  });
}
