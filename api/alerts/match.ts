import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alertChannels, policyArrivals } from '../../db/schema/index.ts';
import type { DeliveryTiming } from '../../vocabulary/deliveries.ts';
import { criteriaOf } from '../shared/saved-search-schemas.ts';
import { uncachedSearch, type PolicySearch } from '../search/cached-search.ts';
import { crossLanguageLimit, crossLanguagePlan, mergedHits, type CrossLanguagePlan } from '../search/cross-language.ts';
import type { LlmTerms } from '../search/llm-terms.ts';
import { buildChineseMatch, buildPolicyMatch } from '../search/policy-match.ts';
import type { SearchReader } from '../search/policy-index.ts';
import type { SearchCriteria, TermMatch } from '../shared/search.ts';
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

type Match = {
  userId: number;
  policyId: number;
  ruleIds: string[];
  cadences: DeliveryTiming[];
  /** The Chinese terms each rule found the policy through, for the rules that found it only in its Chinese text. */
  matchedTerms: Record<string, TermMatch[]>;
};

/** Distinct queries whose cross-language plans are made at once. */
const plansInFlight = 2;

/**
 * Which of the policies each rule's search shows, as one entry per (reader, policy): the search
 * page's English query and its Chinese matches (the same cross-language plan, api/search/cross-language.ts),
 * each restricted to the batch.
 */
async function matchRules(services: AlertServices, rules: readonly AlertRule[], policyIds: readonly number[]): Promise<{ matches: Map<string, Match>; queries: number }> {
  if (!services.search) throw new Error('Alerts need the search index: set MEILI_URL (and a key) for the worker');
  const search = services.search;
  // Every reader here is entitled, so each rule searches what its reader may read: everything.
  const reader = { entitled: true };
  // Rules with the same criteria (many readers follow "CSRC", or the same words) share one query.
  const shared = new Map<string, { rules: AlertRule[]; criteria: SearchCriteria; plan: CrossLanguagePlan | null }>();
  for (const rule of rules) {
    const criteria = criteriaOf(rule.query);
    const key = JSON.stringify(criteria);
    const entry = shared.get(key);
    if (entry) entry.rules.push(rule);
    else shared.set(key, { rules: [rule], criteria, plan: null });
  }
  const distinct = [...shared.values()];
  await planChineseMatches(uncachedSearch(search), services.llmTerms, distinct, reader);

  // Each distinct search's English query, then its Chinese matches' queries (one per combination).
  const searches = distinct.map((entry) => ({
    ...entry,
    queries: [
      buildPolicyMatch(entry.criteria, search.indexName, reader, policyIds),
      ...(entry.plan ? buildChineseMatch(entry.plan, entry.criteria, search.indexName, { policyIds, limit: policyIds.length }) : []),
    ],
  }));
  const matches = new Map<string, Match>();
  const record = (rule: AlertRule, policyId: number, terms: TermMatch[] | null) => {
    const key = `${rule.userId}:${policyId}`;
    const match = matches.get(key) ?? { userId: rule.userId, policyId, ruleIds: [], cadences: [], matchedTerms: {} };
    match.ruleIds.push(rule.ruleId);
    match.cadences.push(rule.frequency);
    if (terms) match.matchedTerms[rule.ruleId] = terms;
    matches.set(key, match);
  };

  // Whole searches per request, up to `queriesPerRequest` queries each.
  const chunks: (typeof searches)[] = [];
  let size = queriesPerRequest;
  for (const entry of searches) {
    if (size + entry.queries.length > queriesPerRequest) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(entry);
    size += entry.queries.length;
  }
  let next = 0;
  const runChunks = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const { results } = await search.multiSearch<{ id: number }>(chunk.flatMap((entry) => entry.queries), { timeoutMs: 120_000 });
      let at = 0;
      for (const entry of chunk) {
        const [english, ...chinese] = results.slice(at, (at += entry.queries.length));
        const inEnglish = new Set(english!.hits.map((hit) => hit.id));
        const inChinese = entry.plan ? mergedHits(chinese, entry.plan).filter(({ hit }) => !inEnglish.has(hit.id)) : [];
        for (const rule of entry.rules) {
          for (const id of inEnglish) record(rule, id, null);
          for (const { hit, matched } of inChinese) record(rule, hit.id, matched);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: requestsInFlight }, runChunks));
  return { matches, queries: distinct.length };
}

/**
 * Each distinct search's cross-language plan, made once per English query (the plan depends on
 * the query and the index only, never on the filters): the search page's own, for an entitled reader.
 */
async function planChineseMatches(search: PolicySearch, llmTerms: LlmTerms | null, searches: { criteria: SearchCriteria; plan: CrossLanguagePlan | null }[], reader: SearchReader): Promise<void> {
  const plans = new Map<string, CrossLanguagePlan | null>();
  const texts = [...new Set(searches.flatMap((entry) => (entry.criteria.q ? [entry.criteria.q] : [])))];
  let next = 0;
  const planNext = async () => {
    while (next < texts.length) {
      const q = texts[next++]!;
      // The page's limit is not used: the match queries ask for every policy of the batch.
      plans.set(q, await crossLanguagePlan(search, q, reader, crossLanguageLimit, llmTerms));
    }
  };
  await Promise.all(Array.from({ length: plansInFlight }, planNext));
  for (const entry of searches) entry.plan = entry.criteria.q ? (plans.get(entry.criteria.q) ?? null) : null;
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
      matchedTerms: match.matchedTerms,
      cadence,
      dueAt,
    }));
  });
}
