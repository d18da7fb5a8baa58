import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { alertSettings, savedSearches } from '../../db/schema/index.ts';
import { followedPolicyOf, followedTitles, stopFollowing } from './follow-events.ts';
import { preferencesRuleName } from './rules.ts';
import { allRules, rulesOf, type UnsubscribeTarget } from './unsubscribe-links.ts';

/**
 * What an unsubscribe link does, for the user its signature names and nothing else: a saved
 * search's alert is turned off (the search stays, and can be turned on again), the notification
 * preferences' rule is muted (its departments and industries are kept), "all" does both for every
 * rule. A followed policy's link stops following it ("all" stops every follow: following a policy is
 * asking for its alerts). Deliveries already matched are skipped at sending time (api/alerts/send.ts
 * re-reads the rules).
 */
export async function unsubscribe(db: Database, target: UnsubscribeTarget, now: Date): Promise<void> {
  const all = target.ruleId === allRules;
  const searchIds = all ? [] : savedSearchIdsOf(target.ruleId);
  await db.transaction(async (tx) => {
    if (all || searchIds.length > 0) {
      const own = eq(savedSearches.userId, target.userId);
      await tx.update(savedSearches).set({ alert: 'off', updatedAt: now }).where(all ? own : and(own, inArray(savedSearches.id, searchIds)));
    }
    if (all || followedIdsOf(target.ruleId).length > 0) await stopFollowing(tx, target.userId, all ? null : followedIdsOf(target.ruleId));
    if (all || rulesOf(target.ruleId).includes('preferences')) {
      await tx
        .insert(alertSettings)
        .values({ userId: target.userId, preferencesUnsubscribed: true, updatedAt: now })
        .onConflictDoUpdate({ target: alertSettings.userId, set: { preferencesUnsubscribed: true, updatedAt: now } });
    }
  });
}

const followedIdsOf = (ruleId: string) => rulesOf(ruleId).flatMap((rule) => followedPolicyOf(rule) ?? []);
const savedSearchIdsOf = (ruleId: string) => rulesOf(ruleId).flatMap((rule) => (rule.startsWith('search:') ? [Number(rule.slice('search:'.length))] : []));

/**
 * The user turned an alert on or changed one (a saved search saved or edited, the preferences
 * saved): every unsubscribe link sent before is out of date.
 */
export async function bumpAlertsVersion(tx: Database | Transaction, userId: number, now: Date): Promise<void> {
  await tx
    .insert(alertSettings)
    .values({ userId, alertsVersion: 1, updatedAt: now })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { alertsVersion: sql`${alertSettings.alertsVersion} + 1`, updatedAt: now } });
}

/** The user's alerts version now, which a link must carry to act. */
export async function currentAlertsVersion(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ version: alertSettings.alertsVersion }).from(alertSettings).where(eq(alertSettings.userId, userId));
  return row?.version ?? 0;
}

/**
 * What the pages name, a phrase after "Stop" or "receive": every alert, the saved searches' alerts
 * and the preferences' by name; null when a rule is not the user's.
 */
export async function unsubscribeSubject(db: Database, target: UnsubscribeTarget): Promise<string | null> {
  if (target.ruleId === allRules) return 'all your alerts';
  const searchIds = savedSearchIdsOf(target.ruleId);
  const searches =
    searchIds.length === 0
      ? []
      : await db
          .select({ id: savedSearches.id, name: savedSearches.name })
          .from(savedSearches)
          .where(and(eq(savedSearches.userId, target.userId), inArray(savedSearches.id, searchIds)))
          .orderBy(savedSearches.id);
  if (searches.length !== new Set(searchIds).size) return null;
  const followedIds = [...new Set(followedIdsOf(target.ruleId))];
  const followed = await followedTitles(db, target.userId, followedIds);
  if (followed.length !== followedIds.length) return null;
  const phrases = searches.length > 0 ? [`alerts for ${listed(searches.map((search) => `“${search.name}”`))}`] : [];
  if (followed.length > 0) phrases.push(`following ${listed(followed.map((policy) => `“${policy.title}”`))}`);
  if (rulesOf(target.ruleId).includes('preferences')) phrases.push(`alerts from your ${preferencesRuleName.toLowerCase()}`);
  return listed(phrases);
}

/** "A", "A and B", "A, B and C". */
const listed = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
