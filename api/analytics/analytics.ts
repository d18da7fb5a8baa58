import type { MultiSearchQuery } from 'meilisearch';
import { indexSettings } from '../../indexer/settings.ts';
import { periodFieldOf, readPeriodValue } from '../../vocabulary/analytics.ts';
import { topicList } from '../../db/reference-data.ts';
import { departmentCodeOf, departmentList } from '../../vocabulary/departments.ts';
import { importanceField } from '../../vocabulary/importance.ts';
import { facetFieldOf, type FacetName } from '../../vocabulary/search-index.ts';
import type { AppDeps } from '../app-deps.ts';
import { badRequest } from '../http/errors.ts';
import type { AnswerShape, SearchAnswer } from '../search/cached-search.ts';
import { filterOf, filterParts } from '../search/criteria-filters.ts';
import { compare } from '../search/filter.ts';
import { cardFields, searchableFieldsFor, type SearchReader } from '../search/policy-index.ts';
import { matchingStrategy } from '../../vocabulary/search-order.ts';
import { cardFromDocument, type PolicyCardDocument } from '../shared/policy-card.ts';
import {
  analyticsGroupings,
  analyticsPeriods,
  analyticsRange,
  previousRange,
  type AnalyticsAnswer,
  type AnalyticsCount,
  type AnalyticsGrouping,
  type AnalyticsInterval,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type AnalyticsSeries,
} from '../shared/analytics.ts';
import type { SearchCriteria } from '../shared/search.ts';

/**
 * Analytics are counted by the index, never by scanning Postgres on a request: a count-only query
 * of the one search builder's filters (api/search/criteria-filters.ts) and the range's days, whose
 * one facet distribution of the period values (vocabulary/analytics.ts) counts every period, in
 * total and by every grouping, whatever the number of periods; so a chart counts exactly the
 * policies the search page lists for the same criteria, and through the same answer cache.
 */

const facetOfGrouping = { department: 'departments', topic: 'topics', industry: 'industries', importance: 'importance' } as const satisfies Record<AnalyticsGrouping, FacetName>;

/** Policies the overview lists as the range's most important. */
export const mostImportantCount = 8;

type Range = { interval: AnalyticsInterval; from: string; to: string };
type Distribution = Record<string, Record<string, number>>;

const unixSeconds = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / 1000;

/** The criteria's filters, and the days of a range (the index's timestamp is each day's UTC midnight). */
function filterWithin(criteria: SearchCriteria, days: { from: string; to: string }): string[] {
  return [...(filterOf(filterParts(criteria)) ?? []), compare('timestamp', '>=', unixSeconds(days.from)), compare('timestamp', '<=', unixSeconds(days.to))];
}

/** A count-only query of the days under the criteria; `hitsPerPage: 0` makes Meilisearch count every hit exactly. */
function countQuery(indexUid: string, criteria: SearchCriteria, reader: SearchReader, days: { from: string; to: string }, facets: readonly string[]): MultiSearchQuery {
  return {
    indexUid,
    q: criteria.q,
    attributesToSearchOn: searchableFieldsFor(reader),
    matchingStrategy,
    filter: filterWithin(criteria, days),
    page: 1,
    hitsPerPage: 0,
    facets: [...facets],
  };
}

/** The range a request asks for, and its periods; a range too long or upside down is the caller's error. */
function rangeAndPeriods(asked: { interval: AnalyticsInterval; from?: string; to?: string }, today: Date): { range: Range; periods: AnalyticsPeriod[] } {
  const range = analyticsRange(asked, today);
  try {
    return { range, periods: analyticsPeriods(range) };
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message);
    throw error;
  }
}

const departmentNames = new Map<string, string>(departmentList.map((department) => [department.code, department.fullName]));
const topicNames = new Map<string, string>(topicList.map((topic) => [topic.code, topic.nameEn]));

function labelOf(grouping: AnalyticsGrouping, key: string): string {
  switch (grouping) {
    case 'department':
      return departmentNames.get(key) ?? key;
    case 'topic':
      return topicNames.get(key) ?? key;
    case 'industry':
      return key;
    case 'importance':
      return `Importance ${key}`;
  }
}

/**
 * The keys a grouping may show. When the criteria filter the grouping's own field, only the values
 * chosen: a policy tagged with two topics, counted under a topic the filter did not choose, would
 * open a search page listing that topic's policies outside the filter too, so its bar would lie.
 */
function allowedKeys(grouping: AnalyticsGrouping, criteria: SearchCriteria): Set<string> | null {
  switch (grouping) {
    case 'department':
      return criteria.departments?.length
        ? new Set(criteria.departments.flatMap((department) => ('code' in department ? [department.code] : [departmentCodeOf(department.id) ?? ''])))
        : null;
    case 'topic':
      return criteria.topics?.length ? new Set(criteria.topics) : null;
    case 'industry':
      return criteria.industries?.length ? new Set(criteria.industries) : null;
    case 'importance':
      return null;
  }
}

const byKeyOrder = (grouping: AnalyticsGrouping) => (a: { key: string; total: number }, b: { key: string; total: number }) =>
  // Importance reads as a scale, highest first; the others by size, then by name.
  grouping === 'importance' ? Number(b.key) - Number(a.key) : b.total - a.total || a.key.localeCompare(b.key);

/** A grouping's counts from a facet distribution of its own field (the previous range's). */
function countsOf(grouping: AnalyticsGrouping, distribution: Distribution | undefined, criteria: SearchCriteria): AnalyticsCount[] {
  return keyedCounts(grouping, Object.entries(distribution?.[facetFieldOf[facetOfGrouping[grouping]]] ?? {}), criteria).map(({ key, total }) => ({ key, label: labelOf(grouping, key), count: total }));
}

/** The keys a grouping may show with their counts, in the order charts list them. */
function keyedCounts(grouping: AnalyticsGrouping, counts: Iterable<[string, number]>, criteria: SearchCriteria): { key: string; total: number }[] {
  const allowed = allowedKeys(grouping, criteria);
  return [...counts]
    .filter(([key, count]) => key !== '' && count > 0 && (!allowed || allowed.has(key)))
    .map(([key, total]) => ({ key, total }))
    .sort(byKeyOrder(grouping));
}

/** Counts by period, in total and by each grouping's key, read from one facet distribution of period values. */
type PeriodCounts = { totals: Map<string, number>; byGrouping: Record<AnalyticsGrouping, Map<string, Map<string, number>>> };

function periodCountsOf(interval: AnalyticsInterval, distribution: Distribution | undefined): PeriodCounts {
  const counts: PeriodCounts = { totals: new Map(), byGrouping: { department: new Map(), topic: new Map(), industry: new Map(), importance: new Map() } };
  for (const [value, count] of Object.entries(distribution?.[periodFieldOf[interval]] ?? {})) {
    const { period, grouping, key } = readPeriodValue(value);
    if (grouping === undefined || key === undefined) {
      counts.totals.set(period, count);
      continue;
    }
    const byPeriod = counts.byGrouping[grouping].get(key) ?? new Map<string, number>();
    byPeriod.set(period, count);
    counts.byGrouping[grouping].set(key, byPeriod);
  }
  return counts;
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

/** A grouping's series over the periods, each key's total the sum of its periods (a policy is in one period). */
function seriesOf(grouping: AnalyticsGrouping, periods: readonly AnalyticsPeriod[], counts: PeriodCounts, criteria: SearchCriteria): { series: AnalyticsSeries[]; counts: AnalyticsCount[] } {
  const byKey = counts.byGrouping[grouping];
  const keys = keyedCounts(grouping, [...byKey].map(([key, byPeriod]) => [key, sum(byPeriod.values())] as [string, number]), criteria);
  return {
    series: keys.map(({ key }) => ({
      key,
      label: labelOf(grouping, key),
      points: periods.map(({ period }) => ({ period, count: byKey.get(key)?.get(period) ?? 0 })),
    })),
    counts: keys.map(({ key, total }) => ({ key, label: labelOf(grouping, key), count: total })),
  };
}

/** The distribution that counts a range's periods could be cut short by maxValuesPerFacet: then it must not be read as counts. */
function checkComplete(distribution: Distribution | undefined, interval: AnalyticsInterval): Distribution | undefined {
  const values = Object.keys(distribution?.[periodFieldOf[interval]] ?? {}).length;
  if (values >= indexSettings.faceting.maxValuesPerFacet) throw new Error(`the period facet holds ${values} values, the most Meilisearch returns: counts would be missing`);
  return distribution;
}

/** The one query of GET /api/analytics (the bench sends it straight to Meilisearch too). */
export function analyticsQueries(indexUid: string, criteria: SearchCriteria, reader: SearchReader, range: Range): MultiSearchQuery[] {
  return [countQuery(indexUid, criteria, reader, range, [periodFieldOf[range.interval]])];
}

/** The two queries of GET /api/analytics/overview: the range with its most important policies, and the range before it. */
export function overviewQueries(indexUid: string, criteria: SearchCriteria, reader: SearchReader, range: Range): MultiSearchQuery[] {
  const whole: MultiSearchQuery = {
    ...countQuery(indexUid, criteria, reader, range, [periodFieldOf[range.interval]]),
    hitsPerPage: mostImportantCount,
    sort: [`${importanceField}:desc`, 'timestamp:desc'],
    attributesToRetrieve: [...cardFields],
  };
  return [whole, countQuery(indexUid, criteria, reader, previousRange(range), analyticsGroupings.map((grouping) => facetFieldOf[facetOfGrouping[grouping]]))];
}

/** GET /api/analytics: one grouping's counts per period, and the range's total: one count-only query. */
export async function loadAnalytics(
  deps: AppDeps,
  request: SearchCriteria & { groupBy: AnalyticsGrouping; interval: AnalyticsInterval; from?: string; to?: string },
  reader: SearchReader,
): Promise<SearchAnswer<AnalyticsAnswer>> {
  const { range, periods } = rangeAndPeriods(request, deps.now());
  const queries = analyticsQueries(deps.search.indexName, request, reader, range);
  const shape: AnswerShape<unknown, AnalyticsAnswer> = {
    // The queries are the same for every grouping: the name tells the answers apart.
    name: `analytics by ${request.groupBy}`,
    build: ([whole]) => ({
      groupBy: request.groupBy,
      interval: range.interval,
      from: range.from,
      to: range.to,
      series: seriesOf(request.groupBy, periods, periodCountsOf(range.interval, checkComplete(whole!.facetDistribution, range.interval)), request).series,
      total: whole!.totalHits ?? 0,
    }),
  };
  return deps.search.search(queries, reader, shape);
}

/**
 * GET /api/analytics/overview: a page's charts in one multi-search of two queries, whatever the
 * number of periods: the range (its total, its period values' distribution, which gives every
 * period's and every grouping's counts, and its most important policies), and the range of the
 * same number of days before it (every grouping's counts, from the groupings' own facets, as its
 * days need not fall on whole periods).
 */
export async function loadAnalyticsOverview(
  deps: AppDeps,
  request: SearchCriteria & { interval: AnalyticsInterval; from?: string; to?: string },
  reader: SearchReader,
): Promise<SearchAnswer<AnalyticsOverview>> {
  const { range, periods } = rangeAndPeriods(request, deps.now());
  const before = previousRange(range);
  const queries = overviewQueries(deps.search.indexName, request, reader, range);
  const shape: AnswerShape<PolicyCardDocument, AnalyticsOverview> = {
    name: 'analytics overview',
    build: ([current, previous]) => {
      const counts = periodCountsOf(range.interval, checkComplete(current!.facetDistribution, range.interval));
      const byGrouping = Object.fromEntries(analyticsGroupings.map((grouping) => [grouping, seriesOf(grouping, periods, counts, request)])) as Record<AnalyticsGrouping, ReturnType<typeof seriesOf>>;
      const perGrouping = <Value>(pick: (grouping: AnalyticsGrouping) => Value) => Object.fromEntries(analyticsGroupings.map((grouping) => [grouping, pick(grouping)])) as Record<AnalyticsGrouping, Value>;
      return {
        interval: range.interval,
        from: range.from,
        to: range.to,
        totals: periods.map(({ period }) => ({ period, count: counts.totals.get(period) ?? 0 })),
        series: perGrouping((grouping) => byGrouping[grouping].series),
        total: current!.totalHits ?? 0,
        counts: perGrouping((grouping) => byGrouping[grouping].counts),
        previous: { ...before, total: previous!.totalHits ?? 0, counts: perGrouping((grouping) => countsOf(grouping, previous!.facetDistribution, request)) },
        mostImportant: current!.hits.map((hit) => cardFromDocument(hit)),
      };
    },
  };
  return deps.search.search(queries, reader, shape);
}
