import { progress, request } from '../../indexer/bench/environment.ts';
import { measure, ms, table } from '../../indexer/bench/measure.ts';
import { demoPassword } from '../dev/demo-users.ts';
import type { ApiBenchContext } from './search.ts';

const section = 'admin';
const requestsPerCall = 200;

export async function signInAsAdmin(context: ApiBenchContext): Promise<string> {
  const response = await request(`${context.apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: context.appUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin@example.com', password: demoPassword }),
  });
  const cookie = (response.headers['set-cookie'] ?? []).find((header) => /^(__Host-)?session=/.test(header));
  if (!cookie) throw new Error('POST /api/auth/login set no session cookie for the admin');
  return cookie.split(';')[0]!;
}

/** Halfway through the list: the page an admin paging through everything reaches. */
const deepPage = (context: ApiBenchContext) => Math.max(1, Math.floor(context.policyCount / 200));

/**
 * The back office's reads (issue 15): the Policy Management list for each sort, with a title search
 * and with warnings only, and the dashboard's stats, each at concurrency 1 as one admin uses them.
 * Every answer must be a full page (or the whole match) with its X-Total-Count.
 */
export async function benchAdmin(context: ApiBenchContext): Promise<string> {
  const cookie = await signInAsAdmin(context);
  const get = async (path: string) => {
    const response = await request(`${context.apiUrl}${path}`, { headers: { Cookie: cookie } });
    return response;
  };
  const listCalls: { label: string; query: string }[] = [
    { label: 'newest first (default)', query: '' },
    { label: 'sortBy=id asc', query: 'sortBy=id&sortDirection=asc' },
    { label: 'sortBy=id desc', query: 'sortBy=id&sortDirection=desc' },
    { label: 'sortBy=title asc', query: 'sortBy=title&sortDirection=asc' },
    { label: 'sortBy=title desc', query: 'sortBy=title&sortDirection=desc' },
    { label: 'sortBy=date asc', query: 'sortBy=date&sortDirection=asc' },
    { label: 'sortBy=date desc', query: 'sortBy=date&sortDirection=desc' },
    { label: `page ${deepPage(context)} (deep), sortBy=title`, query: `page=${deepPage(context)}&sortBy=title` },
    { label: 'title search "data security"', query: 'search=data%20security' },
    { label: 'title search "Notice", sortBy=date desc', query: 'search=Notice&sortBy=date&sortDirection=desc' },
    { label: 'warnings only', query: 'warningsOnly=true' },
    { label: 'warnings only, sortBy=title', query: 'warningsOnly=true&sortBy=title' },
    { label: 'translation=machine, sortBy=date asc', query: 'translation=machine&sortBy=date&sortDirection=asc' },
  ];
  const rows: (string | number)[][] = [];
  for (const call of listCalls) {
    const path = `/api/admin/policies?${call.query}`;
    const check = await get(path);
    const total = Number(check.headers['x-total-count']);
    const rowsOnPage = check.json<unknown[]>().length;
    if (!Number.isFinite(total) || (total > 0 && rowsOnPage === 0)) throw new Error(`${path} answered ${rowsOnPage} rows of ${total}`);
    progress(section, `${requestsPerCall} GET ${path}`);
    const stats = await measure(() => get(path), { total: requestsPerCall, concurrency: 1, warmup: 10 });
    rows.push([`GET /api/admin/policies: ${call.label}`, total.toLocaleString('en'), ms(stats.p50), ms(stats.p95), ms(stats.p99), '< 50 ms']);
  }
  progress(section, `${requestsPerCall} GET /api/admin/stats`);
  const stats = await measure(() => get('/api/admin/stats'), { total: requestsPerCall, concurrency: 1, warmup: 10 });
  rows.push(['GET /api/admin/stats', '-', ms(stats.p50), ms(stats.p95), ms(stats.p99), '< 20 ms']);

  return [
    `## Back office (issue 15)`,
    '',
    `${requestsPerCall} requests per call at concurrency 1, signed in as an admin; page size 100. Matches: the call's X-Total-Count.`,
    '',
    table(['Call', 'Matches', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'Target p95'], rows),
  ].join('\n');
}
