import { randomInt } from 'node:crypto';
import type { Meilisearch, Settings } from 'meilisearch';
import type { Sql } from 'postgres';
import type { PolicyDocument } from '../document.ts';
import { createMeilisearchClient } from '../meilisearch-client.ts';
import { readAllPolicyDocuments } from '../policy-documents.ts';
import { indexSettings } from '../settings.ts';
import { finishedTask, taskSucceeded } from '../tasks.ts';
import { progress } from './environment.ts';
import { describeSteps, meilisearchSteps } from './meilisearch-steps.ts';
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
