import os from 'node:os';
import { progress, request } from '../../indexer/bench/environment.ts';
import { measure, ms, table, type LatencyStats } from '../../indexer/bench/measure.ts';
import { filterOf, filterParts } from '../search/criteria-filters.ts';
import { compare } from '../search/filter.ts';
import { searchableFieldsFor } from '../search/policy-index.ts';
import { analyticsQueries, overviewQueries } from '../analytics/analytics.ts';
import { analyticsRange } from '../shared/analytics.ts';
import { searchQuerySchema } from '../shared/search.ts';
import { facetFieldOf } from '../../vocabulary/search-index.ts';
import { matchingStrategy } from '../../vocabulary/search-order.ts';
import type { ApiBenchContext } from './search.ts';

const section = 'analytics';
const calls = 40;

/** The calls the analytics pages make (each page makes one), and one grouping through /api/analytics. */
const pageCalls: { label: string; path: '/api/analytics/overview' | '/api/analytics'; params: Record<string, string> }[] = [
  { label: 'Analytics page, a year by month', path: '/api/analytics/overview', params: { interval: 'month', from: '2025-11-01', to: '2026-10-31' } },
  { label: 'Analytics page, a year by week', path: '/api/analytics/overview', params: { interval: 'week', from: '2025-11-03', to: '2026-11-01' } },
  { label: 'department page (CSRC), a year by month', path: '/api/analytics/overview', params: { departments: '["CSRC"]', interval: 'month', from: '2025-11-01', to: '2026-10-31' } },
  { label: 'topic page (FINTECH) + importance ≥ 6, a year by month', path: '/api/analytics/overview', params: { topics: '["FINTECH"]', minImportance: '6', interval: 'month', from: '2025-11-01', to: '2026-10-31' } },
  { label: 'GET /api/analytics, topics by month, two years', path: '/api/analytics', params: { groupBy: 'topic', interval: 'month', from: '2024-11-01', to: '2026-10-31' } },
];

/**
 * One Meilisearch facet query on the same filters: the criteria and the call's whole range, every
 * grouping's distribution, no hits (what one chart would cost if it were a single query).
 */
function oneFacetQuery(context: ApiBenchContext, params: Record<string, string>): string {
  const criteria = searchQuerySchema.parse(params);
  const range = analyticsRange({ interval: params.interval === 'week' ? 'week' : 'month', from: params.from, to: params.to }, new Date());
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
  return JSON.stringify({
    queries: [
      {
        indexUid: context.indexName,
        q: criteria.q,
        attributesToSearchOn: searchableFieldsFor({ entitled: false }),
        matchingStrategy,
        filter: [...(filterOf(filterParts(criteria)) ?? []), compare('timestamp', '>=', day(range.from)), compare('timestamp', '<=', day(range.to))],
        page: 1,
        hitsPerPage: 0,
        facets: [facetFieldOf.departments, facetFieldOf.topics, facetFieldOf.industries, facetFieldOf.importance],
      },
    ],
  });
}

/** The call's own multi-search, as the API builds it for a visitor, to send straight to Meilisearch. */
function callQueries(context: ApiBenchContext, call: (typeof pageCalls)[number]): string {
  const criteria = searchQuerySchema.parse(call.params);
  const range = analyticsRange({ interval: call.params.interval === 'week' ? 'week' : 'month', from: call.params.from, to: call.params.to }, new Date());
  const build = call.path === '/api/analytics' ? analyticsQueries : overviewQueries;
  return JSON.stringify({ queries: build(context.indexName, criteria, { entitled: false }, range) });
}

async function timeCalls(run: () => Promise<void>): Promise<LatencyStats> {
  return measure(run, { total: calls, concurrency: 1, warmup: 3 });
}

/**
 * The analytics calls over HTTP as a visitor makes them: (a) through an API that keeps no answer
 * (SEARCH_CACHE_MB=0), (b) through the product's API, where a repeated call is served from memory
 * until the index changes, (c) the call's own multi-search, straight to Meilisearch (what of (a)
 * is Meilisearch's work), and (d) one Meilisearch facet query on the same filters and range,
 * straight to Meilisearch, the floor a page's one multi-search is compared with.
 */
export async function benchAnalytics(context: ApiBenchContext & { uncachedApiUrl: string }): Promise<string> {
  const rows: (string | number)[][] = [];
  for (const call of pageCalls) {
    progress(section, call.label);
    const query = new URLSearchParams(call.params);
    const ask = (base: string) => async () => {
      const response = await request(`${base}${call.path}?${query}`);
      if (response.status !== 200) throw new Error(`${call.path} answered ${response.status}: ${response.text.slice(0, 200)}`);
    };
    const uncached = await timeCalls(ask(context.uncachedApiUrl));
    const cached = await timeCalls(ask(context.apiUrl));
    const straight = (body: string) => async () => {
      const response = await request(`${context.meiliUrl}/multi-search`, { method: 'POST', headers: { Authorization: `Bearer ${context.searchKey}`, 'Content-Type': 'application/json' }, body });
      if (response.status !== 200) throw new Error(`Meilisearch answered ${response.status}`);
    };
    const own = await timeCalls(straight(callQueries(context, call)));
    const facet = await timeCalls(straight(oneFacetQuery(context, call.params)));
    rows.push([call.label, ms(uncached.p50), ms(uncached.p95), ms(cached.p50), ms(cached.p95), ms(own.p95), ms(facet.p95), `${(uncached.p95 / facet.p95).toFixed(1)}×`, `${(own.p95 / facet.p95).toFixed(1)}×`]);
  }
  return [
    `## Analytics (${context.policyCount.toLocaleString('en')} policies)`,
    '',
    `Each call ${calls} times in a row (after 3 warm-up calls), as a visitor, load average at the start ${os.loadavg()[0]!.toFixed(1)} (the machine is shared).`,
    '',
    table(['Call', 'uncached p50 ms', 'uncached p95 ms', 'cached p50 ms', 'cached p95 ms', "the call's multi-search in Meilisearch p95 ms", 'one facet query p95 ms', 'uncached p95 ÷ facet p95', 'its multi-search ÷ facet p95'], rows),
    '',
    'A page is one multi-search of two count-only queries, whatever the number of periods: the range (one facet distribution of its period values, vocabulary/analytics.ts, which counts every period by every grouping, and its 8 most important policies) and the range before it (every grouping\'s counts); `GET /api/analytics` is one query. "One facet query" is a single count-only query on the same filters and the whole range (every grouping\'s facets), sent straight to Meilisearch.',
  ].join('\n');
}
