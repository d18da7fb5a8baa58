import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Meilisearch } from 'meilisearch';
import type { Sql } from 'postgres';
import type { Database } from '../db/client.ts';
import { policies, policyIndustries, policyTopics } from '../db/schema/index.ts';
import { outboxBacklog } from './outbox.ts';
import { applyIndexSettings } from './settings.ts';
import { drainOutbox, type DrainResult } from './sync.ts';

type NewPolicy = typeof policies.$inferInsert;

let created = 0;

/** A policy with its tags, inserted the way the product does; every field can be overridden. */
export async function createPolicy(
  db: Database,
  overrides: Partial<NewPolicy> & { industryIds?: number[]; topicIds?: number[] } = {},
) {
  const { industryIds = [], topicIds = [], ...fields } = overrides;
  created += 1;
  return db.transaction(async (tx) => {
    const [policy] = await tx
      .insert(policies)
      .values({
        departmentId: 1,
        title: `Test policy ${created}`,
        description: `Description of test policy ${created}`,
        publishedOn: '2026-01-15',
        impact: 5,
        ...fields,
      })
      .returning();
    if (industryIds.length > 0) await tx.insert(policyIndustries).values(industryIds.map((industryId) => ({ policyId: policy!.id, industryId })));
    if (topicIds.length > 0) await tx.insert(policyTopics).values(topicIds.map((topicId) => ({ policyId: policy!.id, topicId })));
    return policy!;
  });
}

/** What indexAll needs of a test context (api/test/context.ts's TestContext has it). */
export type IndexableContext = { sql: Sql; meili: { admin: Meilisearch; indexName: string } };

/**
 * Makes the test's index match its database: creates the index with the product's settings if
 * needed, then drains the outbox until it is empty. Call it after writing policies and before
 * searching.
 */
export async function indexAll(ctx: IndexableContext, timeoutMs = 60_000): Promise<DrainResult> {
  const target = { sql: ctx.sql, client: ctx.meili.admin, indexName: ctx.meili.indexName };
  await applyIndexSettings(target.client, target.indexName);
  const deadline = Date.now() + timeoutMs;
  const total: DrainResult = { batches: 0, outboxRows: 0, upserted: 0, deleted: 0, requeued: 0 };
  for (;;) {
    const drained = await drainOutbox(target);
    for (const key of Object.keys(total) as (keyof DrainResult)[]) total[key] += drained[key];
    // Rows another indexer (a daemon in the same test) holds are its to finish.
    if ((await outboxBacklog(ctx.sql)) === 0) return total;
    if (Date.now() > deadline) throw new Error(`indexAll: the outbox is still not empty after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `check` until it returns a value other than undefined/false, or fails after the deadline. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, options: { timeoutMs?: number; what?: string } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'a condition'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A real `npm run indexer` process (daemon unless given arguments), its output kept for assertions. */
export class IndexerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  constructor(env: NodeJS.ProcessEnv, args: string[] = []) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'indexer/main.ts', ...args], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => this.lines.push(...chunk.split('\n').filter(Boolean)));
    }
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  kill(signal: NodeJS.Signals) {
    this.child.kill(signal);
    return this.exited;
  }
}
