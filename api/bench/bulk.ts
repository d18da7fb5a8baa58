import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import { formatBytes, progress, request } from '../../indexer/bench/environment.ts';
import { ms, table } from '../../indexer/bench/measure.ts';
import type { CreatedApiKey } from '../shared/api-key-schemas.ts';
import { login } from './accounts.ts';
import type { ApiBenchContext } from './search.ts';

const section = 'bulk';

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(status)![1]) * 1024;
}

/** Samples a process's resident memory until stopped; the peak. */
function peakMemory(pid: number) {
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await residentBytes(pid).catch(() => peak));
      await sleep(20);
    }
  })();
  return async () => {
    sampling = false;
    await sampler;
    return peak;
  };
}

/**
 * The bulk download and a first sync through /changes at the data set's size, as a subscriber's
 * key reads them: the download read to its last byte and un-gzipped as it comes (lines counted),
 * its first byte, its size gzipped and not, and the API's resident memory before and at its peak
 * (streamed, it must not grow with the corpus); then every change from nothing, 100 a page.
 */
export async function benchBulk(context: ApiBenchContext & { apiPid: number }): Promise<string> {
  const cookie = await login(context, 'subscriber@example.com');
  const created = (
    await request(`${context.apiUrl}/api/user/api-keys`, {
      method: 'POST',
      headers: { Origin: context.appUrl, 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ name: `bench bulk ${new Date().toISOString()}` }),
    })
  ).json<CreatedApiKey>();
  const headers = { Authorization: `Bearer ${created.key}` };

  progress(section, 'bulk download');
  const before = await residentBytes(context.apiPid);
  const stopSampling = peakMemory(context.apiPid);
  const started = performance.now();
  const response = await fetch(`${context.apiUrl}/api/v1/bulk/policies.jsonl.gz`, { headers });
  if (response.status !== 200 || !response.body) throw new Error(`the bulk download answered ${response.status}`);
  let firstByte = 0;
  let gzipped = 0;
  let plain = 0;
  let lines = 0;
  const gunzip = createGunzip();
  gunzip.on('data', (chunk: Buffer) => {
    plain += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  });
  const ended = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject));
  for await (const chunk of Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
    if (firstByte === 0) firstByte = performance.now() - started;
    gzipped += chunk.length;
    if (!gunzip.write(chunk)) await new Promise((resolve) => gunzip.once('drain', resolve));
  }
  gunzip.end();
  await ended;
  const downloadTime = performance.now() - started;
  const peak = await stopSampling();
  if (lines !== context.policyCount) throw new Error(`the bulk download held ${lines} lines for ${context.policyCount} policies`);

  progress(section, 'sync from nothing through /changes');
  const syncStarted = performance.now();
  let pages = 0;
  let changes = 0;
  let cursor: string | null = null;
  for (let hasMore = true; hasMore; pages++) {
    const page: { changes: unknown[]; nextCursor: string; hasMore: boolean } = (
      await request(`${context.apiUrl}/api/v1/changes?pageSize=100${cursor ? `&cursor=${cursor}` : ''}`, { headers })
    ).json();
    changes += page.changes.length;
    cursor = page.nextCursor;
    hasMore = page.hasMore;
  }
  const syncTime = performance.now() - syncStarted;

  const perSecond = (count: number, elapsed: number) => Math.round(count / (elapsed / 1000)).toLocaleString('en');
  return [
    `## Bulk data and sync (${context.policyCount.toLocaleString('en')} policies, a subscriber's key)`,
    '',
    table(
      ['Read', 'Policies', 'First byte', 'Total time', 'Policies/s', 'Size (gzipped)', 'Size (JSON Lines)', 'API RSS before → peak'],
      [
        ['GET /api/v1/bulk/policies.jsonl.gz', lines.toLocaleString('en'), ms(firstByte), ms(downloadTime), perSecond(lines, downloadTime), formatBytes(gzipped), formatBytes(plain), `${formatBytes(before)} → ${formatBytes(peak)}`],
        [`GET /api/v1/changes from nothing (${pages.toLocaleString('en')} pages of 100)`, changes.toLocaleString('en'), '', ms(syncTime), perSecond(changes, syncTime), '', '', ''],
      ],
    ),
  ].join('\n');
}
