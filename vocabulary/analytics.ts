/**
 * What analytics count by, declared once: the groupings and intervals, the periods (weeks start on
 * Monday, UTC), and the period values the index holds for each policy (indexer/policy-documents.ts)
 * so that one facet distribution counts every period of a range at once (api/analytics/analytics.ts).
 */

export const analyticsGroupings = ['department', 'topic', 'industry', 'importance'] as const;
export type AnalyticsGrouping = (typeof analyticsGroupings)[number];

export const analyticsIntervals = ['week', 'month'] as const;
export type AnalyticsInterval = (typeof analyticsIntervals)[number];

/** More periods than this in one call are refused: a longer range is asked by month. */
export const maxAnalyticsPeriods = 160;

/** The index fields holding a policy's period values, one per interval. */
export const periodFieldOf = { month: 'issuedMonth', week: 'issuedWeek' } as const satisfies Record<AnalyticsInterval, string>;

const dayMs = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The first day (YYYY-MM-DD) of the week or month holding a day: a period's key. */
export function periodStart(isoDate: string, interval: AnalyticsInterval): string {
  if (interval === 'month') return `${isoDate.slice(0, 7)}-01`;
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  // getUTCDay: Sunday 0 ... Saturday 6; weeks start on Monday.
  return isoDay(time - ((new Date(time).getUTCDay() + 6) % 7) * dayMs);
}

/** A policy's keys under each grouping: its identified department, topic codes, industry names, importance. */
export type GroupingKeys = Record<AnalyticsGrouping, readonly string[]>;

/**
 * A policy's period values for an interval: its period's key alone (counts every policy) and one
 * `period|grouping|key` per grouping key (counts a department, topic, industry or importance in
 * that period). The key comes last, so a key holding "|" still reads back whole.
 */
export function periodValues(publishedOn: string, interval: AnalyticsInterval, keys: GroupingKeys): string[] {
  const period = periodStart(publishedOn, interval);
  return [period, ...analyticsGroupings.flatMap((grouping) => keys[grouping].map((key) => `${period}|${grouping}|${key}`))];
}

/** What a period value counts: the period alone, or one grouping's key in it. */
export function readPeriodValue(value: string): { period: string; grouping?: AnalyticsGrouping; key?: string } {
  const period = value.slice(0, 10);
  if (value.length === 10) return { period };
  const rest = value.slice(11);
  const bar = rest.indexOf('|');
  return { period, grouping: rest.slice(0, bar) as AnalyticsGrouping, key: rest.slice(bar + 1) };
}

/**
 * The most period values one range can have in its facet distribution (every period of the longest
 * range, every key of every grouping): the index's maxValuesPerFacet must be at least this, or
 * Meilisearch would silently leave counts out.
 */
export function mostPeriodValues(keyCounts: Record<AnalyticsGrouping, number>): number {
  return maxAnalyticsPeriods * (1 + analyticsGroupings.reduce((sum, grouping) => sum + keyCounts[grouping], 0));
}
