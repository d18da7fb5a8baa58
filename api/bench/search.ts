import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Sql } from 'postgres';
import { progress, request } from '../../indexer/bench/environment.ts';
import { measure, ms, summarize, table, type LatencyStats } from '../../indexer/bench/measure.ts';
import { buildPolicySearch } from '../search/policy-search.ts';
import { buildSuggestionSearch } from '../search/suggestions.ts';
import { criteriaParams } from '../shared/criteria-params.ts';
import { answerInstantSearch, type InstantSearchRequest } from '../shared/instant-search-client.ts';
import { searchQuerySchema, type SearchCriteria, type SearchResponse } from '../shared/search.ts';
import { importanceField } from '../../vocabulary/importance.ts';
import { facetFieldOf } from '../../vocabulary/search-index.ts';
import { instantSearchIndexOf, shownSort } from '../../vocabulary/search-order.ts';

export type ApiBenchContext = {
  /** Where the bench sends requests (loopback). */
  apiUrl: string;
  /** The API's APP_URL: the Origin its CSRF guard expects. */
  appUrl: string;
  sql: Sql;
  meiliUrl: string;
  searchKey: string;
  indexName: string;
  policyCount: number;
};

const section = 'search';

/**
 * Postgres full-text search is not part of the product: the bench adds this index to its own
 * data set for leg (d), and drops it before measuring writes (indexer section).
 */
const fullTextIndex = 'bench_policies_fts_idx';

export async function dropFullTextIndex(sql: Sql): Promise<void> {
  await sql.unsafe(`drop index if exists ${fullTextIndex}`);
}

async function ensureFullTextIndex(sql: Sql): Promise<void> {
  const [exists] = await sql`select 1 from pg_indexes where indexname = ${fullTextIndex}`;
  if (exists) return;
  progress(section, `creating the GIN index for leg (d) (to_tsvector('english', title || ' ' || description)); not in the product schema`);
  const started = performance.now();
  await sql.unsafe(`create index ${fullTextIndex} on policies using gin (to_tsvector('english', title || ' ' || description))`);
  await sql`analyze policies`;
  progress(section, `  created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

type QueryParams = Record<string, string>;
export type BenchQuery = { label: string; params: QueryParams; criteria: SearchCriteria };

/** The mixed query set: what the search page and the dashboard ask most, plus the hard cases. */
export function querySet(policyCount: number): BenchQuery[] {
  // Page 200 at 20 a page needs 4,000 results; on a small data set, the deepest page that has results.
  const deepPage = Math.max(1, Math.min(200, Math.floor(policyCount / 20) - 1));
  const raw: { label: string; params: QueryParams }[] = [
    { label: 'all policies, latest first', params: {} },
    { label: 'empty query + department, importance ≥ 6', params: { departments: '["CSRC","PBOC"]', minImportance: '6' } },
    { label: 'empty query + date range', params: { startDate: '2024-03-01', endDate: '2024-08-31' } },
    { label: 'one word: semiconductor', params: { q: 'semiconductor' } },
    { label: 'two words: data security', params: { q: 'data security' } },
    { label: 'Chinese: 证券', params: { q: '证券' } },
    { label: 'Chinese: 数据安全', params: { q: '数据安全' } },
    { label: 'typo: semicondutor', params: { q: 'semicondutor' } },
    { label: 'one word + industry and topic filters (facet counts per filter)', params: { q: 'market', industries: '["Financial Services"]', topics: '["CAPMKT"]' } },
    { label: 'two words + department filter, oldest first', params: { q: 'foreign exchange', departments: '["SAFE","PBOC"]', sortBy: 'oldest' } },
    { label: `deep page: page ${deepPage}`, params: { page: String(deepPage) } },
  ];
  return raw.map(({ label, params }) => ({ label, params, criteria: searchQuerySchema.parse(params) }));
}

type Leg = { name: string; run: (query: BenchQuery) => Promise<number> };

/** The product: GET /api/search over HTTP. Answers the total it reported. */
function apiLeg(name: string, apiUrl: string): Leg {
  return {
    name,
    run: async (query) => {
      const response = await request(`${apiUrl}/api/search?${new URLSearchParams(query.params)}`);
      const body = response.json<{ total?: unknown; policies?: unknown }>();
      if (typeof body.total !== 'number' || !Array.isArray(body.policies)) throw new Error(`GET /api/search answered an unexpected body for "${query.label}"`);
      return body.total;
    },
  };
}

/**
 * The requests the dashboard's widgets make for a query (the page, then one count request per
 * refined list, as the algoliasearch helper writes them), for its search client.
 */
function dashboardRequests(criteria: SearchCriteria): InstantSearchRequest[] {
  const indexName = instantSearchIndexOf(shownSort(criteria.sortBy, criteria.q || undefined));
  const lists = {
    [facetFieldOf.departments]: criteria.departments?.map((department) => ('code' in department ? department.code : String(department.id))) ?? [],
    [facetFieldOf.industries]: criteria.industries ?? [],
    [facetFieldOf.topics]: criteria.topics ?? [],
  };
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
  const numericFilters = [
    ...(criteria.minImportance !== undefined ? [`${importanceField}>=${criteria.minImportance}`] : []),
    ...(criteria.startDate ? [`timestamp>=${day(criteria.startDate)}`] : []),
    ...(criteria.endDate ? [`timestamp<=${day(criteria.endDate)}`] : []),
  ];
  const facetFilters = (without?: string) =>
    Object.entries(lists).flatMap(([attribute, values]) => (attribute === without || !values.length ? [] : [values.map((value) => `${attribute}:${value}`)]));
  const base = { query: criteria.q, numericFilters, page: criteria.page - 1 };
  return [
    { indexName, params: { ...base, facets: Object.values(facetFieldOf), facetFilters: facetFilters(), hitsPerPage: criteria.pageSize } },
    ...Object.entries(lists)
      .filter(([, values]) => values.length)
      .map(([attribute]) => ({ indexName, params: { ...base, facets: [attribute], facetFilters: facetFilters(attribute), hitsPerPage: 0, page: 0 } })),
  ];
}

/**
 * The dashboard: its InstantSearch client (api/shared/instant-search-client.ts) answering the
 * widgets' requests for the query through GET /api/search over HTTP. Answers the total.
 */
function dashboardLeg(name: string, apiUrl: string): Leg {
  const ask = async (criteria: SearchCriteria): Promise<SearchResponse> => (await request(`${apiUrl}/api/search?${new URLSearchParams(criteriaParams(criteria))}`)).json<SearchResponse>();
  return { name, run: async (query) => (await answerInstantSearch(dashboardRequests(query.criteria), ask)).results[0]!.nbHits };
}

/** POSTs a multi-search body (to Meilisearch, or to the forwarder in front of it); answers the first result's count. */
async function postMultiSearch(url: string, body: string, searchKey?: string): Promise<number> {
  const response = await request(url, {
    method: 'POST',
    headers: { ...(searchKey ? { Authorization: `Bearer ${searchKey}` } : {}), 'Content-Type': 'application/json' },
    body,
  });
  const answer = response.json<{ results?: { totalHits?: number; estimatedTotalHits?: number; hits?: unknown[] }[] }>();
  const first = answer.results?.[0];
  if (!first) throw new Error(`${url} answered a multi-search without results`);
  return first.totalHits ?? first.estimatedTotalHits ?? first.hits?.length ?? 0;
}

/** POST /multi-search straight to Meilisearch with the search key. */
const meilisearchDirect = (context: ApiBenchContext, body: string) => postMultiSearch(`${context.meiliUrl}/multi-search`, body, context.searchKey);

/** The bench's requests come from a visitor: the same queries, matching what a visitor may read. */
const visitor = { entitled: false };

/**
 * Exactly the request the API sends, built by the API's own builder (buildPolicySearch), posted as
 * a multi-search (the page plus one count-only query per filtered facet) by `send`:
 * (b) to Meilisearch directly, with the search key; (f) to the bare forwarder in front of it.
 */
function multiSearchLeg(name: string, context: ApiBenchContext, send: (body: string) => Promise<number>): Leg {
  const bodies = new Map<BenchQuery, string>();
  return {
    name,
    run: async (query) => {
      let body = bodies.get(query);
      if (!body) {
        body = JSON.stringify({ queries: buildPolicySearch(query.criteria, context.indexName, visitor) });
        bodies.set(query, body);
      }
      return send(body);
    },
  };
}

/** The same filters as the search API, in SQL. */
function filterConditions(sql: Sql, criteria: SearchCriteria) {
  const conditions = [];
  if (criteria.departments?.length) {
    const ids = criteria.departments.flatMap((department) => ('id' in department ? [department.id] : []));
    const codes = criteria.departments.flatMap((department) => ('code' in department ? [department.code] : []));
    conditions.push(sql`(p.department_id = any(${sql.array(ids, 23)}::int[])
      or p.department_id in (select d.id from departments d where d.code = any(${sql.array(codes, 25)}::text[])))`);
  }
  if (criteria.industries?.length) {
    conditions.push(sql`exists (select 1 from policy_industries pi join industries i on i.id = pi.industry_id
      where pi.policy_id = p.id and i.name = any(${sql.array(criteria.industries, 25)}::text[]))`);
  }
  if (criteria.topics?.length) {
    conditions.push(sql`exists (select 1 from policy_topics pt join topics t on t.id = pt.topic_id
      where pt.policy_id = p.id and t.code = any(${sql.array(criteria.topics, 25)}::text[]))`);
  }
  if (criteria.minImportance !== undefined && criteria.minImportance > 0) conditions.push(sql`p.impact >= ${criteria.minImportance}`);
  if (criteria.maxImportance !== undefined && criteria.maxImportance < 10) conditions.push(sql`p.impact <= ${criteria.maxImportance}`);
  if (criteria.startDate) conditions.push(sql`p.published_on >= ${criteria.startDate}::date`);
  if (criteria.endDate) conditions.push(sql`p.published_on <= ${criteria.endDate}::date`);
  return conditions;
}

/**
 * A page of results ordered by date and the exact count, as two statements run side by side
 * (what a straightforward SQL implementation of the spec would do). Answers the count.
 */
function sqlLeg(name: string, sql: Sql, textCondition: (q: string) => ReturnType<Sql>): Leg {
  const where = (criteria: SearchCriteria) =>
    [...(criteria.q ? [textCondition(criteria.q)] : []), ...filterConditions(sql, criteria)].reduce((all, condition) => sql`${all} and ${condition}`, sql`true`);
  return {
    name,
    run: async ({ criteria }) => {
      const order = criteria.sortBy === 'oldest' ? sql`p.published_on asc, p.id asc` : sql`p.published_on desc, p.id desc`;
      const [, counted] = await Promise.all([
        sql`select p.id, p.title, p.description, p.published_on, p.department_id, p.impact
            from policies p where ${where(criteria)}
            order by ${order} limit ${criteria.pageSize} offset ${(criteria.page - 1) * criteria.pageSize}`,
        sql<{ count: number }[]>`select count(*)::int as count from policies p where ${where(criteria)}`,
      ]);
      return counted[0]!.count;
    },
  };
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** (c) What the spec's help text describes: partial, case-insensitive matching of title and description. */
function ilikeLeg(sql: Sql): Leg {
  return sqlLeg('(c) Postgres ILIKE baseline', sql, (q) => sql`(p.title ilike ${likePattern(q)} or p.description ilike ${likePattern(q)})`);
}

/** (d) Postgres full-text search over title and description, served by the bench's GIN index. */
function fullTextLeg(sql: Sql): Leg {
  return sqlLeg(
    '(d) Postgres full-text (GIN)',
    sql,
    (q) => sql`to_tsvector('english', p.title || ' ' || p.description) @@ websearch_to_tsquery('english', ${q})`,
  );
}

/**
 * A freshly started API process is slower for its first thousands of requests (V8 compiles its hot
 * code as it goes). Measured on this machine, the default listing served from memory: p95 2.76 ms
 * over a new process's first 3,100 requests, 1.13 ms after 12,000 more. A server runs for days, so
 * the HTTP legs are warmed with this many requests (round-robin over the set) before anything is
 * timed; Meilisearch gets the same.
 */
const warmUpRequests = 3_000;

/** Seconds each leg gets at each concurrency (bounded by a request count either way). */
const legBudgetSeconds = 10;
const concurrencies = [1, 16] as const;

type LegResult = { stats: LatencyStats; perQuery: LatencyStats[] };

/**
 * Runs a leg over the query set, round-robin, sized to take about `legBudgetSeconds` from the
 * mean latency seen so far (at least three passes over the set, so the SQL baselines at 1,000,000
 * policies, seconds a query, finish in minutes; at most 4,000 requests).
 */
async function runLeg(leg: Leg, queries: BenchQuery[], concurrency: number, meanMs: number): Promise<LegResult> {
  const parallel = Math.min(concurrency, os.availableParallelism());
  const wanted = Math.ceil(((legBudgetSeconds * 1000) / Math.max(meanMs, 0.05)) * parallel);
  const passes = Math.max(3, Math.min(Math.ceil(wanted / queries.length), Math.floor(4_000 / queries.length)));
  const total = passes * queries.length;
  const perQuery = queries.map((): number[] => []);
  const warmup = queries.length;
  let calls = 0;
  const stats = await measure(
    async (i) => {
      const recorded = calls++ >= warmup;
      const started = performance.now();
      await leg.run(queries[i % queries.length]!);
      if (recorded) perQuery[i % queries.length]!.push(performance.now() - started);
    },
    { total, concurrency, warmup },
  );
  progress(section, `  ${leg.name} at concurrency ${concurrency}: ${total} requests, p95 ${ms(stats.p95)} ms, ${stats.perSecond.toFixed(0)} req/s`);
  return { stats, perQuery: perQuery.map((latencies) => summarize(latencies)) };
}

/**
 * Two passes over the set: the first warms caches and records each leg's result counts for the
 * table, the second is timed to size the runs.
 */
async function calibrate(leg: Leg, queries: BenchQuery[]): Promise<{ meanMs: number; totals: number[] }> {
  const totals: number[] = [];
  for (const query of queries) totals.push(await leg.run(query));
  const started = performance.now();
  for (const query of queries) await leg.run(query);
  return { meanMs: (performance.now() - started) / queries.length, totals };
}

const suggestionPrefixes = ['sem', 'semicon', 'fin', 'financ', 'secur', 'bank', 'expo', 'data sec', 'foreign ex', '证', '证券', '数据'];
/** The API's default number of suggestions. */
const suggestionLimit = 5;

export type SearchBenchContext = ApiBenchContext & {
  /** A second API process with SEARCH_CACHE_MB=0: the search path with nothing kept in memory. */
  uncachedApiUrl: string;
  /** The bare forwarder (api/bench/forwarder.ts): the floor of any Node process in front of Meilisearch. */
  forwarderUrl: string;
};

type SuggestionLeg = { name: string; run: (q: string) => Promise<unknown> };

function suggestionApiLeg(name: string, apiUrl: string): SuggestionLeg {
  return {
    name,
    run: async (q) => {
      const response = await request(`${apiUrl}/api/search/suggest?${new URLSearchParams({ q })}`);
      const body = response.json<{ suggestions?: unknown }>();
      if (!Array.isArray(body.suggestions)) throw new Error(`GET /api/search/suggest answered an unexpected body for "${q}"`);
    },
  };
}

/** The suggestion query the API sends for a prefix (its own builder), posted straight to Meilisearch. */
function suggestionMeiliLeg(context: ApiBenchContext): SuggestionLeg {
  const bodies = new Map(
    suggestionPrefixes.map((q) => [q, JSON.stringify({ queries: [buildSuggestionSearch(q, suggestionLimit, context.indexName, visitor)] })]),
  );
  return { name: '(b) Meilisearch direct, the same query', run: (q) => meilisearchDirect(context, bodies.get(q)!) };
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

export async function benchSearch(context: SearchBenchContext): Promise<string> {
  await ensureFullTextIndex(context.sql);
  const queries = querySet(context.policyCount);
  const ours = apiLeg('(a) ours: GET /api/search', context.apiUrl);
  const uncached = apiLeg('(a0) ours, nothing kept in memory (SEARCH_CACHE_MB=0)', context.uncachedApiUrl);
  const dashboard = dashboardLeg("(i) the dashboard's InstantSearch client → GET /api/search", context.apiUrl);
  const dashboardUncached = dashboardLeg("(i0) the dashboard's client, nothing kept in memory", context.uncachedApiUrl);
  const meili = multiSearchLeg('(b) Meilisearch direct', context, (body) => meilisearchDirect(context, body));
  const floor = multiSearchLeg('(f) floor: a bare Node forwarder', context, (body) => postMultiSearch(`${context.forwarderUrl}/multi-search`, body));
  const legs = [ours, uncached, dashboard, dashboardUncached, meili, floor, ilikeLeg(context.sql), fullTextLeg(context.sql)];
  const [, , , , , , ilike, fullText] = legs as [Leg, Leg, Leg, Leg, Leg, Leg, Leg, Leg];

  progress(section, `warming the HTTP legs up with ${warmUpRequests.toLocaleString('en')} requests each`);
  for (const leg of [ours, uncached, dashboard, dashboardUncached, meili, floor]) {
    for (let i = 0; i < warmUpRequests; i++) await leg.run(queries[i % queries.length]!);
  }
  progress(section, `${queries.length} queries × ${legs.length} legs; a first pass sizes each run to ~${legBudgetSeconds} s`);
  const calibration = new Map<Leg, { meanMs: number; totals: number[] }>();
  for (const leg of legs) calibration.set(leg, await calibrate(leg, queries));

  const results = new Map<string, LegResult>();
  const key = (leg: Leg, concurrency: number) => `${leg.name}@${concurrency}`;
  for (const concurrency of concurrencies) {
    for (const leg of legs) {
      const meanMs = concurrency === 1 ? calibration.get(leg)!.meanMs : results.get(key(leg, 1))!.stats.mean;
      results.set(key(leg, concurrency), await runLeg(leg, queries, concurrency, meanMs));
    }
  }

  progress(section, 'suggestions: GET /api/search/suggest with prefixes of real words, and the same query sent to Meilisearch');
  const suggestionLegs = [
    suggestionApiLeg('(a) ours: GET /api/search/suggest', context.apiUrl),
    suggestionApiLeg('(a0) ours, nothing kept in memory', context.uncachedApiUrl),
    suggestionMeiliLeg(context),
  ];
  const suggestions = new Map<string, LatencyStats>();
  for (const concurrency of concurrencies) {
    for (const leg of suggestionLegs) {
      const run = (i: number) => leg.run(suggestionPrefixes[i % suggestionPrefixes.length]!);
      suggestions.set(`${leg.name}@${concurrency}`, await measure(run, { total: 2_000, concurrency, warmup: concurrency === 1 ? 1_000 : suggestionPrefixes.length }));
    }
  }

  const p95 = (leg: Leg, concurrency: number) => results.get(key(leg, concurrency))!.stats.p95;
  const classP95 = (leg: Leg, concurrency: number, index: number) => results.get(key(leg, concurrency))!.perQuery[index]!.p95;
  const mismatches = queries.filter((_, index) => [ours, uncached, dashboard, dashboardUncached].some((leg) => calibration.get(leg)!.totals[index] !== calibration.get(meili)!.totals[index]));
  const suggestionP95 = (leg: SuggestionLeg, concurrency: number) => suggestions.get(`${leg.name}@${concurrency}`)!.p95;
  const [oursSuggest, uncachedSuggest, meiliSuggest] = suggestionLegs as [SuggestionLeg, SuggestionLeg, SuggestionLeg];

  const perClass = (concurrency: number) =>
    table(
      ['Query class', 'Meili p95', '(f) floor p95', '(f) ÷ Meili', '(a0) nothing kept p95', '(a0) ÷ Meili', '(a) ours p95', '(a) ÷ Meili'],
      queries.map((query, index) => {
        const direct = classP95(meili, concurrency, index);
        return [
          query.label,
          ms(direct),
          ms(classP95(floor, concurrency, index)),
          ratio(classP95(floor, concurrency, index), direct),
          ms(classP95(uncached, concurrency, index)),
          ratio(classP95(uncached, concurrency, index), direct),
          ms(classP95(ours, concurrency, index)),
          ratio(classP95(ours, concurrency, index), direct),
        ];
      }),
    );

  return [
    `## Search (issues 4 and 18): ${context.policyCount.toLocaleString('en')} policies`,
    '',
    `The same ${queries.length}-query mixed set, round-robin, against each leg, as a visitor; latencies in ms, client side (this process), warm caches; the HTTP legs first served ${warmUpRequests.toLocaleString('en')} unmeasured requests each. (a) is the API as deployed: an answer asked before since the index last changed comes from memory, so in this repeated set every request after the first of each class does. (a0) is a second API process with SEARCH_CACHE_MB=0: the search path itself, what a query never asked before costs (a miss in (a) costs the same: it reads nothing more). (f) is the floor of any such path: a bare Node process (api/bench/forwarder.ts) that passes the same multi-search body to Meilisearch and its answer back byte for byte, with no parsing; what it adds over (b) is the extra HTTP hop itself, and what (a0) adds over (f) is the API's own work. (i) and (i0) are the dashboard since decision 012: its InstantSearch client (api/shared/instant-search-client.ts) given the requests the widgets make for the query (the page, and a count request per refined list, answered from the page's answer), asking (a) and (a0) respectively.`,
    '',
    table(
      ['Leg', 'Concurrency', 'Requests', 'p50', 'p95', 'p99', 'Requests/s'],
      concurrencies.flatMap((concurrency) =>
        legs.map((leg) => {
          const { stats } = results.get(key(leg, concurrency))!;
          return [leg.name, concurrency, stats.count, ms(stats.p50), ms(stats.p95), ms(stats.p99), stats.perSecond.toFixed(0)];
        }),
      ),
    ),
    '',
    table(
      ['Ratio / figure (p95, mixed set)', 'Concurrency 1', 'Concurrency 16', 'Target'],
      [
        ['(f) floor: bare forwarder ÷ Meilisearch direct', ratio(p95(floor, 1), p95(meili, 1)), ratio(p95(floor, 16), p95(meili, 16)), '-'],
        ['(a0) nothing kept ÷ Meilisearch direct', ratio(p95(uncached, 1), p95(meili, 1)), ratio(p95(uncached, 16), p95(meili, 16)), '≤ 1.2×'],
        ['(a) ours ÷ Meilisearch direct', ratio(p95(ours, 1), p95(meili, 1)), ratio(p95(ours, 16), p95(meili, 16)), '≤ 1.2×'],
        ["(i) the dashboard's client ÷ (a)", ratio(p95(dashboard, 1), p95(ours, 1)), ratio(p95(dashboard, 16), p95(ours, 16)), '-'],
        ["(i0) the dashboard's client, nothing kept ÷ (a0)", ratio(p95(dashboardUncached, 1), p95(uncached, 1)), ratio(p95(dashboardUncached, 16), p95(uncached, 16)), '-'],
        ['ours', `${ms(p95(ours, 1))} ms`, `${ms(p95(ours, 16))} ms`, '< 30 ms at concurrency 16'],
        ['ILIKE baseline (c) ÷ (a0)', ratio(p95(ilike, 1), p95(uncached, 1)), ratio(p95(ilike, 16), p95(uncached, 16)), '≥ 10×'],
        ['Postgres full-text (d) ÷ (a0)', ratio(p95(fullText, 1), p95(uncached, 1)), ratio(p95(fullText, 16), p95(uncached, 16)), '-'],
      ],
    ),
    '',
    'Per query class, p95 in ms and the ratio to Meilisearch direct (targets: every class ≤ 1.2×; the default listing and the facet counts of an empty query ≤ 0.5×, served from memory). At concurrency 1:',
    '',
    perClass(1),
    '',
    'At concurrency 16 (the classes share the 16 connections, so each waits behind the others):',
    '',
    perClass(16),
    '',
    'Per query at concurrency 1, with the SQL baselines: p95 in ms, and the number of results each leg reported (the legs do not match the same things: Meilisearch also searches key points and tags, with typo tolerance and prefixes (the full translation and the Chinese original are a subscriber\'s to search, so a visitor\'s Chinese query matches only Chinese in titles and descriptions); ILIKE matches the whole query as one substring of the English title or description; full-text matches English word stems).',
    '',
    table(
      ['Query', '(a0) p95', 'Meili p95', 'ILIKE p95', 'FTS p95', 'results: (a0) / Meili / ILIKE / FTS'],
      queries.map((query, index) => [
        query.label,
        ...[uncached, meili, ilike, fullText].map((leg) => ms(classP95(leg, 1, index))),
        [uncached, meili, ilike, fullText].map((leg) => calibration.get(leg)!.totals[index]!.toLocaleString('en')).join(' / '),
      ]),
    ),
    mismatches.length ? `\n**the API and Meilisearch direct reported different totals for: ${mismatches.map((query) => query.label).join('; ')}**` : '',
    '',
    `Suggestions: GET /api/search/suggest?q= with prefixes of real words (${suggestionPrefixes.map((prefix) => `"${prefix}"`).join(', ')}), 2,000 requests a leg (after 1,000 unmeasured ones at concurrency 1); (b) posts the API's own suggestion query for the prefix to Meilisearch.`,
    '',
    table(
      ['Leg', 'Concurrency', 'p50', 'p95', 'p99', 'Requests/s', 'p95 ÷ (b)'],
      concurrencies.flatMap((concurrency) =>
        suggestionLegs.map((leg) => {
          const stats = suggestions.get(`${leg.name}@${concurrency}`)!;
          return [leg.name, concurrency, ms(stats.p50), ms(stats.p95), ms(stats.p99), stats.perSecond.toFixed(0), ratio(stats.p95, suggestionP95(meiliSuggest, concurrency))];
        }),
      ),
    ),
    '',
    `Targets: suggestions ≤ 1.2× the same query sent directly (measured: (a) ${ratio(suggestionP95(oursSuggest, 1), suggestionP95(meiliSuggest, 1))} and ${ratio(suggestionP95(oursSuggest, 16), suggestionP95(meiliSuggest, 16))}, (a0) ${ratio(suggestionP95(uncachedSuggest, 1), suggestionP95(meiliSuggest, 1))} and ${ratio(suggestionP95(uncachedSuggest, 16), suggestionP95(meiliSuggest, 16))} at concurrency 1 and 16); p95 < 15 ms.`,
    '',
    'Our API always returns facet counts (departments, industries, topics, importance); a query with facet filters costs one extra count-only Meilisearch query per filtered facet, in the same multi-search. (b) sends the identical multi-search. (c) and (d) return the page and an exact count(*) (two statements in parallel) and no facet counts.',
  ].join('\n');
}
