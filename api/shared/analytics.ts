import { z } from 'zod';
import { analyticsGroupings, analyticsIntervals, maxAnalyticsPeriods, periodStart, type AnalyticsGrouping, type AnalyticsInterval } from '../../vocabulary/analytics.ts';
import { optionalParam } from './params.ts';
import { searchQuerySchema, type PolicyCard, type SearchCriteria } from './search.ts';

/**
 * Analytics: counts of policies over time, grouped by department, topic, industry or importance,
 * under the search's own criteria (the dashboard's filters). Shared with the web app, which draws
 * the charts and opens the dashboard from every bar, filtered to exactly what it counts.
 */

export { analyticsGroupings, analyticsIntervals, maxAnalyticsPeriods, type AnalyticsGrouping, type AnalyticsInterval };

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2025-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'is not a valid calendar date');

/** The period asked for: its interval and its first and last days (defaults: analyticsRange). */
export const analyticsRangeSchema = z.object({
  interval: optionalParam(z.enum(analyticsIntervals, { error: `must be one of ${analyticsIntervals.join(', ')}` })).default('month'),
  from: optionalParam(day),
  to: optionalParam(day),
});

/** GET /api/analytics: a grouping over a range, and the search's filters. */
export const analyticsQuerySchema = searchQuerySchema.and(
  analyticsRangeSchema.extend({
    groupBy: optionalParam(z.enum(analyticsGroupings, { error: `must be one of ${analyticsGroupings.join(', ')}` })).default('department'),
  }),
);
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

/** GET /api/analytics/overview: every grouping at once, for a page. */
export const analyticsOverviewQuerySchema = searchQuerySchema.and(analyticsRangeSchema);

export type AnalyticsPoint = { period: string; count: number };
export type AnalyticsSeries = { key: string; label: string; points: AnalyticsPoint[] };

/** The answer of GET /api/analytics (and /api/v1/analytics). */
export type AnalyticsAnswer = {
  groupBy: AnalyticsGrouping;
  interval: AnalyticsInterval;
  from: string;
  to: string;
  series: AnalyticsSeries[];
  total: number;
};

/** A key's count in a whole range. */
export type AnalyticsCount = { key: string; label: string; count: number };

/**
 * The answer of GET /api/analytics/overview, a page's one call: the policies of each period in
 * total and by every grouping, the range's counts against the range just before it, and its most
 * important policies.
 */
export type AnalyticsOverview = {
  interval: AnalyticsInterval;
  from: string;
  to: string;
  /** Policies in each period, under the criteria. */
  totals: AnalyticsPoint[];
  series: Record<AnalyticsGrouping, AnalyticsSeries[]>;
  total: number;
  /** Each grouping's counts over the whole range, and over the previous range of the same length. */
  counts: Record<AnalyticsGrouping, AnalyticsCount[]>;
  previous: { from: string; to: string; total: number; counts: Record<AnalyticsGrouping, AnalyticsCount[]> };
  /** The range's most important policies, latest first among equals. */
  mostImportant: PolicyCard[];
};

/** A period: its key (its first day, YYYY-MM-DD; weeks start on Monday, UTC) and the days of it inside the range. */
export type AnalyticsPeriod = { period: string; from: string; to: string };

const dayMs = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

/** The range a request means: `to` defaults to today, `from` to a year before it (the start of that month or week). */
export function analyticsRange(asked: { interval: AnalyticsInterval; from?: string; to?: string }, today: Date): { interval: AnalyticsInterval; from: string; to: string } {
  const to = asked.to ?? isoDay(today.getTime());
  const from = asked.from ?? periodStart(isoDay(timeOf(to) - 364 * dayMs), asked.interval);
  return { interval: asked.interval, from, to };
}

function nextPeriodStart(start: string, interval: AnalyticsInterval): string {
  if (interval === 'week') return isoDay(timeOf(start) + 7 * dayMs);
  const date = new Date(timeOf(start));
  return isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** The periods of a range, each cut to the range's days. Throws a RangeError past maxAnalyticsPeriods or for a range that ends before it starts. */
export function analyticsPeriods(range: { interval: AnalyticsInterval; from: string; to: string }): AnalyticsPeriod[] {
  if (range.from > range.to) throw new RangeError('from must not be after to');
  const periods: AnalyticsPeriod[] = [];
  for (let start = periodStart(range.from, range.interval); start <= range.to; start = nextPeriodStart(start, range.interval)) {
    if (periods.length === maxAnalyticsPeriods) {
      throw new RangeError(`the range holds more than ${maxAnalyticsPeriods} ${range.interval}s: ask for a shorter range${range.interval === 'week' ? ' or by month' : ''}`);
    }
    const lastDay = isoDay(timeOf(nextPeriodStart(start, range.interval)) - dayMs);
    periods.push({ period: start, from: start < range.from ? range.from : start, to: lastDay > range.to ? range.to : lastDay });
  }
  return periods;
}

/** The range of the same number of days just before this one (what "rising" compares with). */
export function previousRange(range: { from: string; to: string }): { from: string; to: string } {
  const days = (timeOf(range.to) - timeOf(range.from)) / dayMs + 1;
  return { from: isoDay(timeOf(range.from) - days * dayMs), to: isoDay(timeOf(range.from) - dayMs) };
}

/**
 * The criteria of exactly the policies a count counts: the page's criteria, the key of its
 * grouping as the only value of that filter, and its days (within the criteria's own dates). The
 * dashboard or search page opened with them shows that count as its total.
 */
export function criteriaOfCount(
  criteria: Partial<SearchCriteria>,
  count: { grouping?: AnalyticsGrouping; key?: string; from: string; to: string },
): Partial<SearchCriteria> {
  const { page: _page, pageSize: _pageSize, ...kept } = criteria;
  const startDate = criteria.startDate && criteria.startDate > count.from ? criteria.startDate : count.from;
  const endDate = criteria.endDate && criteria.endDate < count.to ? criteria.endDate : count.to;
  const narrowed: Partial<SearchCriteria> = { ...kept, startDate, endDate };
  if (count.grouping === undefined || count.key === undefined) return narrowed;
  switch (count.grouping) {
    case 'department':
      return { ...narrowed, departments: [{ code: count.key }] };
    case 'topic':
      return { ...narrowed, topics: [count.key] };
    case 'industry':
      return { ...narrowed, industries: [count.key] };
    case 'importance':
      return { ...narrowed, minImportance: Number(count.key), maxImportance: Number(count.key) };
  }
}
