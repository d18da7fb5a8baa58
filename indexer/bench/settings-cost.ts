import { randomInt } from 'node:crypto';
import type { Meilisearch, Settings } from 'meilisearch';
import type { Sql } from 'postgres';
import type { PolicyDocument } from '../document.ts';
import { createMeilisearchClient } from '../meilisearch-client.ts';
import { readAllPolicyDocuments } from '../policy-documents.ts';
import { indexSettings } from '../settings.ts';
import { finishedTask, taskSucceeded } from '../tasks.ts';
import { progress, request } from './environment.ts';
import { ms, summarize, table } from './measure.ts';

/**
 * What each index setting costs Meilisearch per changed document (issue 47), each measured on its
 * own: an index of the first `corpusSize` policies is built once per variant of the settings, then
 * `editTasks` tasks of `documentsPerEdit` documents each replace those documents with a new title
 * word, as the daemon's batches do, one task at a time. Meilisearch's own clock (the task's
 * startedAt → finishedAt) is the figure, and its batch's progress trace says which steps took it.
 */

const section = 'index-settings';
const corpusSize = 2_000;
const editTasks = 12;
const documentsPerEdit = 25;

type Variant = { name: string; why: string; settings: Settings };

const longTexts = ['englishTranslation', 'chineseOriginal'];

const variants: Variant[] = [
  { name: 'as configured (proximity byWord)', why: 'indexer/settings.ts', settings: indexSettings },
  { name: 'proximityPrecision byAttribute', why: 'word pairs only per attribute', settings: { ...indexSettings, proximityPrecision: 'byAttribute' } },
  {
    name: 'typo tolerance off on the long texts',
    why: 'typoTolerance.disableOnAttributes',
    settings: { ...indexSettings, typoTolerance: { disableOnAttributes: longTexts } },
  },
  {
    name: 'long texts not searchable (a second index would hold them)',
    why: 'the card fields alone: the bound a second index for the full texts could reach on an edit that leaves them unchanged',
    settings: { ...indexSettings, searchableAttributes: indexSettings.searchableAttributes.filter((field) => !longTexts.includes(field)) },
  },
];

type BatchTrace = { uid: number; stats: { progressTrace?: Record<string, string> } };

/** "12.5ms", "340.2µs", "1.2s" as Meilisearch's progress trace writes them, in ms. */
function traceMs(value: string): number {
  const match = /^([\d.]+)(µs|ms|s)$/.exec(value);
  if (!match) return 0;
  const amount = Number(match[1]);
  return match[2] === 's' ? amount * 1000 : match[2] === 'ms' ? amount : amount / 1000;
}

/**
 * The steps of Meilisearch's indexing batches, summed over the given batches: the leaf steps
 * under "processing tasks > indexing", largest first, with their share of the batches' time.
 */
export async function meilisearchSteps(meiliUrl: string, masterKey: string, batchUids: readonly number[]): Promise<{ step: string; ms: number }[]> {
  const totals = new Map<string, number>();
  for (const uid of new Set(batchUids)) {
    const batch = (await request(`${meiliUrl}/batches/${uid}`, { headers: { Authorization: `Bearer ${masterKey}` } })).json<BatchTrace>();
    const trace = batch.stats.progressTrace ?? {};
    const names = Object.keys(trace);
    for (const [name, value] of Object.entries(trace)) {
      if (!name.startsWith('processing tasks > indexing > ')) continue;
      // Leaves only: a step with sub-steps is their sum.
      if (names.some((other) => other.startsWith(`${name} > `))) continue;
      const step = name.slice('processing tasks > indexing > '.length);
      totals.set(step, (totals.get(step) ?? 0) + traceMs(value));
    }
  }
  return [...totals.entries()].map(([step, total]) => ({ step, ms: total })).sort((a, b) => b.ms - a.ms);
}

/** The largest steps as "step 45% (12.3 ms a batch)". */
export function describeSteps(steps: { step: string; ms: number }[], batches: number, top = 4): string {
  const total = steps.reduce((sum, step) => sum + step.ms, 0) || 1;
  return steps
    .slice(0, top)
    .map((step) => `${step.step} ${Math.round((step.ms / total) * 100)}% (${ms(step.ms / Math.max(1, batches))} ms a batch)`)
    .join('; ');
}

async function measureVariant(client: Meilisearch, context: { meiliUrl: string; masterKey: string }, variant: Variant, corpus: PolicyDocument[], indexName: string) {
  await client.deleteIndex(indexName).catch(() => {});
  await taskSucceeded(client, client.createIndex(indexName, { primaryKey: 'id' }));
  const index = client.index<PolicyDocument>(indexName);
  await taskSucceeded(client, index.updateSettings(variant.settings), 300_000);
  const loadStarted = performance.now();
  await taskSucceeded(client, index.addDocuments(corpus, { primaryKey: 'id' }), 1_800_000);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const perTask: number[] = [];
  const batchUids: number[] = [];
  for (let i = 0; i < editTasks; i++) {
    const edited = Array.from({ length: documentsPerEdit }, () => corpus[randomInt(corpus.length)]!).map((document) => ({
      ...document,
      title: `${document.title} zqc${i}x${randomInt(1_000_000)}`,
    }));
    const task = await finishedTask(client, index.addDocuments(edited, { primaryKey: 'id' }), 300_000);
    if (task.status !== 'succeeded') throw new Error(`${variant.name}: edit task ${task.uid} ${task.status}`);
    perTask.push(Date.parse(task.finishedAt as unknown as string) - Date.parse(task.startedAt as unknown as string));
    if (task.batchUid !== null && task.batchUid !== undefined) batchUids.push(task.batchUid);
  }
  const steps = await meilisearchSteps(context.meiliUrl, context.masterKey, batchUids);
  await client.deleteIndex(indexName).catch(() => {});
  return { loadSeconds, perTask: summarize(perTask), steps, batches: new Set(batchUids).size };
}

export async function benchIndexSettingsCost(context: { sql: Sql; meiliUrl: string; masterKey: string; indexName: string }): Promise<string> {
  const client = createMeilisearchClient(context.meiliUrl, context.masterKey, { timeout: 600_000 });
  const corpus: PolicyDocument[] = [];
  for await (const page of readAllPolicyDocuments(context.sql, 1000)) {
    corpus.push(...page);
    if (corpus.length >= corpusSize) break;
  }
  corpus.length = Math.min(corpus.length, corpusSize);
  const rows: (string | number)[][] = [];
  let baseline: number | null = null;
  for (const [position, variant] of variants.entries()) {
    progress(section, `${variant.name}: indexing ${corpus.length} documents, then ${editTasks} tasks of ${documentsPerEdit} edited documents`);
    const result = await measureVariant(client, context, variant, corpus, `${context.indexName}-settings-cost-${position}`);
    baseline ??= result.perTask.p50;
    rows.push([
      variant.name,
      `${result.loadSeconds.toFixed(1)} s`,
      ms(result.perTask.p50),
      ms(result.perTask.p95),
      ms(result.perTask.p50 / documentsPerEdit),
      `${((result.perTask.p50 / baseline) * 100).toFixed(0)}%`,
      describeSteps(result.steps, result.batches),
    ]);
  }
  return [
    `## What index settings cost Meilisearch per changed document (issue 47): ${corpus.length.toLocaleString('en')} policies`,
    '',
    `Each variant: a fresh index of the first ${corpus.length.toLocaleString('en')} policies, then ${editTasks} tasks of ${documentsPerEdit} documents re-sent with a new title word (what a daemon batch does), one at a time; ` +
      "task time is Meilisearch's own (startedAt → finishedAt); steps from its batches' progress trace (indexer/bench/settings-cost.ts).",
    '',
    table(['Settings', 'Index the corpus', 'Task p50 (ms)', 'Task p95 (ms)', 'Per document p50 (ms)', 'Task p50 vs configured', 'Largest steps of the edit tasks'], rows),
  ].join('\n');
}
