import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { alertSettings, savedSearches } from '../../db/schema/index.ts';
import { preferencesRuleName } from './rules.ts';
import { allRules, type UnsubscribeTarget } from './unsubscribe-links.ts';

/**
 * What an unsubscribe link does, for the user its signature names and nothing else: a saved
 * search's alert is turned off (the search stays, and can be turned on again), the notification
 * preferences' rule is muted (its departments and industries are kept), "all" does both for every
 * rule. Deliveries already matched are skipped at sending time (api/alerts/send.ts re-reads the rules).
 */
export async function unsubscribe(db: Database, target: UnsubscribeTarget, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (target.ruleId === allRules || target.ruleId.startsWith('search:')) {
      const own = eq(savedSearches.userId, target.userId);
      const which = target.ruleId === allRules ? own : and(own, eq(savedSearches.id, Number(target.ruleId.slice('search:'.length))));
      await tx.update(savedSearches).set({ alert: 'off', updatedAt: now }).where(which);
    }
    if (target.ruleId === allRules || target.ruleId === 'preferences') {
      await tx
        .insert(alertSettings)
        .values({ userId: target.userId, preferencesUnsubscribed: true, updatedAt: now })
        .onConflictDoUpdate({ target: alertSettings.userId, set: { preferencesUnsubscribed: true, updatedAt: now } });
    }
  });
}

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

/** What the confirmation page names: the saved search's name, the preferences, or every alert; null when the rule is not the user's. */
export async function unsubscribeSubject(db: Database, target: UnsubscribeTarget): Promise<string | null> {
  if (target.ruleId === allRules) return 'all your alerts';
  if (target.ruleId === 'preferences') return `alerts from your ${preferencesRuleName.toLowerCase()}`;
  const [search] = await db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, target.userId), eq(savedSearches.id, Number(target.ruleId.slice('search:'.length)))));
  return search ? `alerts for “${search.name}”` : null;
}
