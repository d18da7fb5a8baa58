import type { MultiSearchQuery, MultiSearchResult } from 'meilisearch';
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
 * Analytics are counted by the index, never by scanning Postgres on a request: one multi-search
 * of the one search builder's filters (api/search/criteria-filters.ts), with one count-only query
 * per period whose facet distributions are the counts, so a chart counts exactly the policies the
 * search page lists for the same criteria, and through the same answer cache.
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
function countQuery(indexUid: string, criteria: SearchCriteria, reader: SearchReader, days: { from: string; to: string }, groupings: readonly AnalyticsGrouping[]): MultiSearchQuery {
  return {
    indexUid,
    q: criteria.q,
    attributesToSearchOn: searchableFieldsFor(reader),
    matchingStrategy,
    filter: filterWithin(criteria, days),
    page: 1,
    hitsPerPage: 0,
    facets: groupings.map((grouping) => facetFieldOf[facetOfGrouping[grouping]]),
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

function countsOf(grouping: AnalyticsGrouping, distribution: Distribution | undefined, criteria: SearchCriteria): AnalyticsCount[] {
  const values = distribution?.[facetFieldOf[facetOfGrouping[grouping]]] ?? {};
  const allowed = allowedKeys(grouping, criteria);
  return Object.entries(values)
    .filter(([key, count]) => key !== '' && count > 0 && (!allowed || allowed.has(key)))
    .map(([key, count]) => ({ key, total: count }))
    .sort(byKeyOrder(grouping))
    .map(({ key, total }) => ({ key, label: labelOf(grouping, key), count: total }));
}

function seriesOf(grouping: AnalyticsGrouping, periods: readonly AnalyticsPeriod[], results: readonly MultiSearchResult<unknown>[], criteria: SearchCriteria): AnalyticsSeries[] {
  const field = facetFieldOf[facetOfGrouping[grouping]];
  const allowed = allowedKeys(grouping, criteria);
  const totals = new Map<string, number>();
  for (const result of results) {
    for (const [key, count] of Object.entries(result.facetDistribution?.[field] ?? {})) {
      if (key !== '' && count > 0 && (!allowed || allowed.has(key))) totals.set(key, (totals.get(key) ?? 0) + count);
    }
  }
  return [...totals]
    .map(([key, total]) => ({ key, total }))
    .sort(byKeyOrder(grouping))
    .map(({ key }) => ({
      key,
      label: labelOf(grouping, key),
      points: periods.map(({ period }, index) => ({ period, count: results[index]!.facetDistribution?.[field]?.[key] ?? 0 })),
    }));
}

/** GET /api/analytics: one grouping's counts per period, and the range's total. */
export async function loadAnalytics(
  deps: AppDeps,
  request: SearchCriteria & { groupBy: AnalyticsGrouping; interval: AnalyticsInterval; from?: string; to?: string },
  reader: SearchReader,
): Promise<SearchAnswer<AnalyticsAnswer>> {
  const { range, periods } = rangeAndPeriods(request, deps.now());
  const indexUid = deps.search.indexName;
  const queries = [countQuery(indexUid, request, reader, range, []), ...periods.map((period) => countQuery(indexUid, request, reader, period, [request.groupBy]))];
  const shape: AnswerShape<unknown, AnalyticsAnswer> = {
    name: 'analytics',
    build: ([whole, ...perPeriod]) => ({
      groupBy: request.groupBy,
      interval: range.interval,
      from: range.from,
      to: range.to,
      series: seriesOf(request.groupBy, periods, perPeriod, request),
      total: whole!.totalHits ?? 0,
    }),
  };
  return deps.search.search(queries, reader, shape);
}

/**
 * GET /api/analytics/overview: a page's charts in one multi-search: the range (its total, every
 * grouping's counts and its most important policies), the range before it, and one count query
 * per period with every grouping's distribution.
 */
export async function loadAnalyticsOverview(
  deps: AppDeps,
  request: SearchCriteria & { interval: AnalyticsInterval; from?: string; to?: string },
  reader: SearchReader,
): Promise<SearchAnswer<AnalyticsOverview>> {
  const { range, periods } = rangeAndPeriods(request, deps.now());
  const before = previousRange(range);
  const indexUid = deps.search.indexName;
  const whole: MultiSearchQuery = {
    ...countQuery(indexUid, request, reader, range, analyticsGroupings),
    hitsPerPage: mostImportantCount,
    sort: [`${importanceField}:desc`, 'timestamp:desc'],
    attributesToRetrieve: [...cardFields],
  };
  const queries = [
    whole,
    countQuery(indexUid, request, reader, before, analyticsGroupings),
    ...periods.map((period) => countQuery(indexUid, request, reader, period, analyticsGroupings)),
  ];
  const countsByGrouping = (distribution: Distribution | undefined) =>
    Object.fromEntries(analyticsGroupings.map((grouping) => [grouping, countsOf(grouping, distribution, request)])) as Record<AnalyticsGrouping, AnalyticsCount[]>;
  const shape: AnswerShape<PolicyCardDocument, AnalyticsOverview> = {
    name: 'analytics overview',
    build: ([current, previous, ...perPeriod]) => ({
      interval: range.interval,
      from: range.from,
      to: range.to,
      totals: periods.map(({ period }, index) => ({ period, count: perPeriod[index]!.totalHits ?? 0 })),
      series: Object.fromEntries(analyticsGroupings.map((grouping) => [grouping, seriesOf(grouping, periods, perPeriod, request)])) as Record<AnalyticsGrouping, AnalyticsSeries[]>,
      total: current!.totalHits ?? 0,
      counts: countsByGrouping(current!.facetDistribution),
      previous: { ...before, total: previous!.totalHits ?? 0, counts: countsByGrouping(previous!.facetDistribution) },
      mostImportant: current!.hits.map((hit) => cardFromDocument(hit)),
    }),
  };
  return deps.search.search(queries, reader, shape);
}
