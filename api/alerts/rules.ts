import { and, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { industries, notificationPreferences, savedSearches } from '../../db/schema/index.ts';
import { alertFrequencies } from '../../vocabulary/alerts.ts';
import type { DeliveryTiming } from '../../vocabulary/deliveries.ts';
import { notificationFrequencies } from '../../vocabulary/notifications.ts';
import { readStoredQuery } from '../saved-searches/stored-query.ts';
import type { SavedSearchQuery } from '../shared/saved-search-schemas.ts';

/** Whether a timing is one of `choices` (a saved search's or the preferences'), narrowed to them. */
function offeredBy<Choice extends string>(choices: readonly Choice[]) {
  return (timing: DeliveryTiming): timing is DeliveryTiming & Choice => (choices as readonly string[]).includes(timing);
}

/**
 * A standing rule a subscriber follows: one of their saved searches with alerts on, or their
 * notification preferences (departments and industries) read as a search. The matcher reads every
 * rule from here and runs `criteriaOf(rule.query)` (api/shared/saved-search-schemas.ts) through the
 * one search builder, so a rule finds what the same search shows.
 */
export type AlertRule = {
  userId: number;
  ruleId: `search:${number}` | 'preferences';
  name: string;
  query: SavedSearchQuery;
  /** When it alerts: a saved search's choice (never 'off' here) or the preferences' frequency. */
  frequency: DeliveryTiming;
};

/** The preferences' rule is named so in messages and unsubscribe pages. */
export const preferencesRuleName = 'Notification preferences';

export type AlertRuleFilter = {
  /** Only these users' rules (e.g. a digest run for the users due now). */
  userIds?: readonly number[];
  /** Only rules of these timings. */
  frequencies?: readonly DeliveryTiming[];
};

/**
 * Every rule with alerts on, saved searches first, each group by user and id. Preferences that
 * follow no department and no industry are no rule: they would match every policy, which is not
 * what a form left empty asks for. Whether the user may receive a policy (an entitled reader) is
 * the matcher's check, at matching time.
 */
export async function alertRules(db: Database, filter: AlertRuleFilter = {}): Promise<AlertRule[]> {
  if (filter.userIds && filter.userIds.length === 0) return [];
  const searchConditions: SQL[] = [ne(savedSearches.alert, 'off')];
  const preferenceConditions: SQL[] = [
    sql`(jsonb_array_length(${notificationPreferences.departmentIds}) > 0 or jsonb_array_length(${notificationPreferences.industryIds}) > 0)`,
  ];
  if (filter.userIds) {
    searchConditions.push(inArray(savedSearches.userId, [...filter.userIds]));
    preferenceConditions.push(inArray(notificationPreferences.userId, [...filter.userIds]));
  }
  if (filter.frequencies) {
    const searchFrequencies = filter.frequencies.filter(offeredBy(alertFrequencies));
    searchConditions.push(searchFrequencies.length ? inArray(savedSearches.alert, searchFrequencies) : sql`false`);
    const preferenceFrequencies = filter.frequencies.filter(offeredBy(notificationFrequencies));
    preferenceConditions.push(preferenceFrequencies.length ? inArray(notificationPreferences.frequency, preferenceFrequencies) : sql`false`);
  }

  const [searches, preferences, industryNames] = await Promise.all([
    db
      .select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name, query: savedSearches.query, alert: savedSearches.alert })
      .from(savedSearches)
      .where(and(...searchConditions))
      .orderBy(savedSearches.userId, savedSearches.id),
    db
      .select({
        userId: notificationPreferences.userId,
        frequency: notificationPreferences.frequency,
        departmentIds: notificationPreferences.departmentIds,
        industryIds: notificationPreferences.industryIds,
      })
      .from(notificationPreferences)
      .where(and(...preferenceConditions))
      .orderBy(notificationPreferences.userId),
    db.select({ id: industries.id, name: industries.name }).from(industries),
  ]);
  const industryNameOf = new Map(industryNames.map((industry) => [industry.id, industry.name]));

  return [
    ...searches.flatMap((search): AlertRule[] => {
      let query: SavedSearchQuery;
      try {
        query = readStoredQuery(search.query);
      } catch {
        // A query stored before a rule of the search changed: it matches nothing rather than stopping every alert.
        return [];
      }
      return [{ userId: search.userId, ruleId: `search:${search.id}`, name: search.name, query, frequency: search.alert as DeliveryTiming }];
    }),
    ...preferences.map((preference): AlertRule => {
      const industryList = preference.industryIds.flatMap((id) => industryNameOf.get(id) ?? []);
      return {
        userId: preference.userId,
        ruleId: 'preferences',
        name: preferencesRuleName,
        query: {
          q: '',
          ...(preference.departmentIds.length ? { departments: preference.departmentIds.map((id) => ({ id })) } : {}),
          ...(industryList.length ? { industries: industryList } : {}),
        },
        frequency: preference.frequency,
      };
    }),
  ];
}

/** The saved search a rule id names, or undefined for the preferences' rule. */
export function savedSearchIdOf(ruleId: AlertRule['ruleId']): number | undefined {
  return ruleId === 'preferences' ? undefined : Number(ruleId.slice('search:'.length));
}

