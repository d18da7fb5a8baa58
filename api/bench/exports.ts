import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatBytes, progress } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { maxExportRows } from '../shared/export-schemas.ts';
import { signInAsAdmin } from './admin.ts';
import type { ApiBenchContext } from './search.ts';

const section = 'exports';
const policyRuns = 20;

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(status)![1]) * 1024;
}

/** One export, read to its last byte as a browser saving it would: the time, the size and the API's peak RSS meanwhile. */
async function timedExport(context: ApiBenchContext, apiPid: number, cookie: string, path: string) {
  let peak = await residentBytes(apiPid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await residentBytes(apiPid).catch(() => peak));
      await sleep(20);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${context.apiUrl}${path}`, { headers: { Cookie: cookie } });
  const bytes = (await response.arrayBuffer()).byteLength;
  const elapsed = performance.now() - started;
  sampling = false;
  await sampler;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return { elapsed, bytes, peak, rows: response.headers.get('x-export-rows') };
}

/**
 * Exports (issue 33), on a fresh API process with the hourly limit lifted: PDF and Word of the
 * longest policy (p95 of 20 each), and CSV and Excel of a 10,000-policy collection and of a search
 * of about 10,000 results, with the API's peak resident memory during each list export.
 */
export async function benchExports(context: ApiBenchContext & { apiPid: number }): Promise<string> {
  const cookie = await signInAsAdmin(context);
  const [longest] = await context.sql<{ id: number; characters: number }[]>`
    select id, length(coalesce(chinese_original, '')) + length(coalesce(english_translation, '')) as characters
    from policies where deleted_at is null order by 2 desc limit 1`;
  const rows: string[][] = [];
  for (const format of ['pdf', 'docx'] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < policyRuns + 2; run += 1) {
      const result = await timedExport(context, context.apiPid, cookie, `/api/policies/${longest!.id}/export?format=${format}`);
      // The first two warm the process (the font read, the code paths): a server makes many.
      if (run >= 2) times.push(result.elapsed);
      bytes = result.bytes;
    }
    const stats = summarize(times);
    rows.push([`${format === 'pdf' ? 'PDF' : 'Word'} of the longest policy (${longest!.characters.toLocaleString('en')} characters), ${policyRuns} runs`, `p50 ${ms(stats.p50)} ms, p95 ${ms(stats.p95)} ms; ${formatBytes(bytes)}`, '< 1 s (p95)']);
  }

  // A collection of exactly 10,000 policies, and a search cut by date to at most 10,000 results.
  const [admin] = await context.sql<{ id: number }[]>`select id from users where email = 'admin@example.com'`;
  await context.sql`delete from collections where user_id = ${admin!.id} and name = 'Bench export'`;
  const [collection] = await context.sql<{ id: number }[]>`insert into collections (user_id, name) values (${admin!.id}, 'Bench export') returning id`;
  await context.sql`insert into policy_collections (collection_id, policy_id) select ${collection!.id}, id from policies where deleted_at is null order by id limit ${maxExportRows}`;
  const [cut] = await context.sql<{ day: string }[]>`
    select (published_on + 1)::text as day from policies where deleted_at is null order by published_on desc offset ${maxExportRows - 1} limit 1`;
  const idle = await residentBytes(context.apiPid);
  const lists = [
    ['CSV', 'collection', `/api/collections/${collection!.id}/export?format=csv`, '< 3 s'],
    ['Excel', 'collection', `/api/collections/${collection!.id}/export?format=xlsx`, '< 5 s'],
    ['CSV', 'search', `/api/search/export?format=csv&startDate=${cut!.day}`, '< 3 s'],
    ['Excel', 'search', `/api/search/export?format=xlsx&startDate=${cut!.day}`, '< 5 s'],
  ] as const;
  for (const [name, what, path, target] of lists) {
    progress(section, `${name} of a ${what}`);
    const result = await timedExport(context, context.apiPid, cookie, path);
    rows.push([
      `${name} of a ${what}, ${Number(result.rows).toLocaleString('en')} rows`,
      `${(result.elapsed / 1000).toFixed(2)} s, ${formatBytes(result.bytes)}; API RSS peak ${formatBytes(result.peak)} (idle ${formatBytes(idle)})`,
      target,
    ]);
  }
  await context.sql`delete from collections where id = ${collection!.id}`;
  return ['## Exports (issue 33)', '', 'One subscriber (the admin) at a time, each file read to its last byte; API RSS sampled every 20 ms from /proc.', '', table(['Measure', 'Result', 'Target'], rows)].join('\n');
}
