import { progress, request } from '../../indexer/bench/environment.ts';
import { measure, ms, table, type LatencyStats } from '../../indexer/bench/measure.ts';
import type { CreatedApiKey } from '../shared/api-key-schemas.ts';
import { login } from './accounts.ts';
import { querySet, type ApiBenchContext, type BenchQuery } from './search.ts';

const section = 'public-api';
const subscriberEmail = 'subscriber@example.com';
const concurrencies = [1, 16] as const;
const requestsAt: Record<(typeof concurrencies)[number], number> = { 1: 600, 16: 2_000 };
const warmUp = 100;

type Leg = { name: string; run: (query: BenchQuery) => Promise<number> };

/** The web app's search params as /api/v1 takes them: lists comma-separated rather than JSON arrays. */
function publicParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, value.startsWith('[') ? (JSON.parse(value) as string[]).join(',') : value]),
  );
}

function totalOf(body: { total?: unknown }, label: string): number {
  if (typeof body.total !== 'number') throw new Error(`${label} answered an unexpected body`);
  return body.total;
}

/**
 * GET /api/v1/search with a subscriber's API key against GET /api/search with the same
 * subscriber's session, for the search section's queries, on one API process (its search answers
 * kept in memory as in production, so what differs is the key's lookup and counting and the
 * limits' upserts against the session's lookup). Both legs must report the same totals.
 */
export async function benchPublicApi(context: ApiBenchContext): Promise<string> {
  const cookie = await login(context, subscriberEmail);
  const created = (
    await request(`${context.apiUrl}/api/user/api-keys`, {
      method: 'POST',
      headers: { Origin: context.appUrl, 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ name: `bench ${new Date().toISOString()}` }),
    })
  ).json<CreatedApiKey>();
  const queries = querySet(context.policyCount);
  const session: Leg = {
    name: 'GET /api/search (session cookie)',
    run: async (query) => totalOf((await request(`${context.apiUrl}/api/search?${new URLSearchParams(query.params)}`, { headers: { Cookie: cookie } })).json(), query.label),
  };
  const key: Leg = {
    name: 'GET /api/v1/search (API key)',
    run: async (query) =>
      totalOf(
        (await request(`${context.apiUrl}/api/v1/search?${new URLSearchParams(publicParams(query.params))}`, { headers: { Authorization: `Bearer ${created.key}` } })).json(),
        query.label,
      ),
  };

  for (const query of queries) {
    const [viaSession, viaKey] = [await session.run(query), await key.run(query)];
    if (viaSession !== viaKey) throw new Error(`"${query.label}": /api/search found ${viaSession}, /api/v1/search ${viaKey}`);
  }

  const rows: (string | number)[][] = [];
  for (const concurrency of concurrencies) {
    const total = requestsAt[concurrency];
    // Session, key, key, session: a drift of the machine during the run weighs on both legs alike.
    const runs: { leg: Leg; stats: LatencyStats }[] = [];
    for (const leg of [session, key, key, session]) {
      progress(section, `${total} × ${leg.name} at concurrency ${concurrency}`);
      runs.push({ leg, stats: await measure((i) => leg.run(queries[i % queries.length]!), { total, concurrency, warmup: warmUp }) });
    }
    const p95Of = (leg: Leg) => runs.filter((run) => run.leg === leg).map((run) => run.stats.p95);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    for (const leg of [session, key]) {
      const legRuns = runs.filter((run) => run.leg === leg).map((run) => run.stats);
      rows.push([
        leg.name,
        concurrency,
        legRuns.reduce((sum, stats) => sum + stats.count, 0),
        legRuns.map((stats) => ms(stats.p50)).join(' / '),
        legRuns.map((stats) => ms(stats.p95)).join(' / '),
        ms(mean(legRuns.map((stats) => stats.perSecond))),
        leg === key ? `${(mean(p95Of(key)) / mean(p95Of(session))).toFixed(2)}× (target ≤ 1.10×)` : '-',
      ]);
    }
  }

  return [
    `## Public API (issue 34)`,
    '',
    `The search section's ${queries.length} queries, rotated, as the demo subscriber: once with its session, once with its API key (the key's lookup and count, the minute and day limits' upserts in Postgres, the entitlement read). One API process, answers kept in memory (SEARCH_CACHE_MB default); limits raised so none refuses. Each leg ran twice (session, key, key, session); p50/p95 per run.`,
    '',
    table(['Call', 'Concurrency', 'Requests', 'p50 (ms)', 'p95 (ms)', 'Requests/s', 'p95 key / session'], rows),
  ].join('\n');
}
