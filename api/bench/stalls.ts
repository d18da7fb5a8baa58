import { databaseOver } from '../../db/policy-records.ts';
import { savePolicy } from '../../db/policies.ts';
import { progress } from '../../indexer/bench/environment.ts';
import { ms, table } from '../../indexer/bench/measure.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { signInAsAdmin } from './admin.ts';
import type { ApiBenchContext } from './search.ts';

/**
 * `make bench --only stalls` (issue 41 items 1-3): how long a cheap request (GET /api/health,
 * asked back to back) waits while a heavy call runs beside it. A call that holds the event loop
 * delays every other request by as long as it holds it; the target is 100 ms at worst.
 */

const section = 'stalls';
const longSource = 'bench-stalls://long-policy';
const longCharacters = 450_000;
/** Idle health latency, for comparison: this many probes with nothing else running. */
const idleProbes = 50;

type Probe = { latencies: number[]; statuses: Map<number, number> };

/** GET /api/health back to back until `running` settles; each answer's time from request to last byte. */
async function probeDuring<T>(apiUrl: string, running: Promise<T>): Promise<{ probe: Probe; result: T; elapsed: number }> {
  const started = performance.now();
  let done = false;
  const settled = running.finally(() => {
    done = true;
  });
  const probe: Probe = { latencies: [], statuses: new Map() };
  const probing = (async () => {
    while (!done) {
      const at = performance.now();
      const response = await fetch(`${apiUrl}/api/health`);
      await response.arrayBuffer();
      probe.latencies.push(performance.now() - at);
      probe.statuses.set(response.status, (probe.statuses.get(response.status) ?? 0) + 1);
    }
  })();
  const result = await settled;
  const elapsed = performance.now() - started;
  await probing;
  return { probe, result, elapsed };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : 0;
};

/** One call read to its last byte: its status. */
async function call(url: string, init: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.status;
}

const statusText = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => (count > 1 ? `${count} × ${status}` : String(status))).join(', ');
};

/** A policy of about 450,000 characters: the labelled set's real documents, one after another, repeated. Made once per data set. */
async function ensureLongPolicy(context: ApiBenchContext): Promise<{ id: number; characters: number }> {
  const [stored] = await context.sql<{ id: number; characters: number }[]>`
    select id, length(chinese_original) as characters from policies where source_url = ${longSource} and deleted_at is null`;
  if (stored) return stored;
  const documents = loadLabelledSet().map((document) => document.story.chineseText.trim());
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < longCharacters; index += 1) {
    const text = documents[index % documents.length]!;
    parts.push(text);
    length += text.length + 1;
  }
  const chineseOriginal = parts.join('\n').slice(0, longCharacters);
  const { id } = await databaseOver(context.sql).transaction((tx) =>
    savePolicy(
      tx,
      null,
      { title: '全国政策文件汇编（基准测试用）', publishedOn: '2024-01-01', departmentId: 1, chineseOriginal, sourceUrl: longSource },
      { kind: 'analyser', at: new Date() },
    ),
  );
  return { id, characters: chineseOriginal.length };
}

/** Real Chinese text of exactly `characters` characters, from the labelled set's documents. */
function realText(characters: number): string {
  let text = '';
  for (const document of loadLabelledSet()) {
    text += document.story.chineseText;
    if (text.length >= characters) break;
  }
  return text.slice(0, characters);
}

export async function benchStalls(context: ApiBenchContext): Promise<string> {
  const cookie = await signInAsAdmin(context);
  const headers = { Cookie: cookie, Origin: context.appUrl };
  const long = await ensureLongPolicy(context);
  const [largestDemo] = await context.sql<{ id: number; characters: number }[]>`
    select id, length(coalesce(chinese_original, '')) + length(coalesce(english_translation, '')) as characters
    from policies where deleted_at is null and source_url is distinct from ${longSource} order by 2 desc limit 1`;
  const allIds = (await context.sql<{ id: number }[]>`select id from policies where deleted_at is null order by id limit 1000`).map((row) => row.id);

  const exportOf = (id: number, format: 'pdf' | 'docx') => call(`${context.apiUrl}/api/policies/${id}/export?format=${format}`, { headers });
  const words = (characters: number) =>
    call(`${context.apiUrl}/api/reading/words`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ text: realText(characters) }) });
  const preview = (policyIds: number[]) =>
    call(`${context.apiUrl}/api/admin/reprocess-policies/preview`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ policyIds, overwriteEdited: false }),
    });
  // The bound of a preview (api/processing/preview.ts), with the long policy among them.
  const previewBatch = [long.id, ...allIds.filter((id) => id !== long.id).slice(0, 199)];

  const heavy: [string, () => Promise<number[]>][] = [
    [`PDF of the largest demo policy (${largestDemo!.characters.toLocaleString('en')} characters)`, async () => [await exportOf(largestDemo!.id, 'pdf')]],
    [`Word of the largest demo policy`, async () => [await exportOf(largestDemo!.id, 'docx')]],
    [`PDF of a ${long.characters.toLocaleString('en')}-character policy (real text repeated)`, async () => [await exportOf(long.id, 'pdf')]],
    [`Word of the ${long.characters.toLocaleString('en')}-character policy`, async () => [await exportOf(long.id, 'docx')]],
    ['Four parallel PDF exports of the largest demo policy by one subscriber', () => Promise.all(Array.from({ length: 4 }, () => exportOf(largestDemo!.id, 'pdf')))],
    ['POST /api/reading/words, 20,000 characters', async () => [await words(20_000)]],
    ['POST /api/reading/words, 20,000 characters, four in parallel', () => Promise.all(Array.from({ length: 4 }, () => words(20_000)))],
    ['POST /api/reading/words, 5,000 characters, four in parallel', () => Promise.all(Array.from({ length: 4 }, () => words(5_000)))],
    [`Batch Reprocess preview of ${allIds.length.toLocaleString('en')} policies`, async () => [await preview(allIds)]],
    [`Batch Reprocess preview of ${previewBatch.length} policies, the ${long.characters.toLocaleString('en')}-character one among them`, async () => [await preview(previewBatch)]],
  ];

  // Warm the process (the font, the dictionary, the code paths): a server in service has done each before.
  await exportOf(largestDemo!.id, 'pdf');
  await exportOf(largestDemo!.id, 'docx');
  await words(100);

  const idle: number[] = [];
  for (let index = 0; index < idleProbes; index += 1) {
    const at = performance.now();
    await (await fetch(`${context.apiUrl}/api/health`)).arrayBuffer();
    idle.push(performance.now() - at);
  }
  const rows: string[][] = [[`Nothing else (${idleProbes} probes)`, '-', '-', String(idle.length), ms(median(idle)), ms(Math.max(...idle))]];
  for (const [name, run] of heavy) {
    progress(section, name);
    const { probe, result, elapsed } = await probeDuring(context.apiUrl, run());
    const probeStatuses = [...probe.statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
    rows.push([name, statusText(result), `${(elapsed / 1000).toFixed(2)} s`, `${probe.latencies.length} (${probeStatuses})`, ms(median(probe.latencies)), ms(Math.max(...probe.latencies))]);
  }
  return [
    '## Stalls (issue 41): health latency while a heavy call runs',
    '',
    'One process of the API; `GET /api/health` (a Postgres query and a Meilisearch search) asked back to back while each heavy call runs, signed in as the admin (who exports as a subscriber does). Delay = the probe\'s time from request to last byte; target: worst ≤ 100 ms.',
    '',
    table(['Heavy call', 'Its answer', 'Its time', 'Probes (status)', 'Median probe (ms)', 'Worst probe (ms)'], rows),
  ].join('\n');
}
