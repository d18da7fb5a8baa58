import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnNodeProcess, type NodeProcess } from '../../db/node-process.ts';
import { pendingStories, policies } from '../../db/schema/index.ts';
import { eventually } from '../../indexer/testing.ts';
import { signInEveryRole } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { startChatServer, validAnswer, type ChatServer } from '../processing/llm/chat-server.ts';
import { createStory } from '../stories/testing.ts';

/**
 * The job guarantees with the real worker process (`npm run worker`): a worker killed with
 * SIGKILL in the middle of a story leaves it to be retried, and the retry makes exactly one policy.
 */

let ctx: TestContext;
let chat: ChatServer;
let adminCookie: string;
/** The chat server holds every request until this is set: a story stays in the middle of its analysis. */
let answering = false;
const workers: NodeProcess[] = [];

beforeAll(async () => {
  // The API enqueues with the same job settings as the worker, as both read one environment.
  ctx = await createTestContext(jobSettings);
  adminCookie = (await signInEveryRole(ctx)).cookies.admin!;
  chat = await startChatServer((request) => (answering ? { body: validAnswer(request) } : 'hang'));
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await chat.close();
  await ctx.close();
});

const jobSettings = { STORY_TIMEOUT_SECONDS: '3', STORY_RETRY_DELAY_SECONDS: '0', JOB_MAINTENANCE_SECONDS: '1', JOB_POLL_SECONDS: '0.5' };

function startWorker() {
  const worker = spawnNodeProcess('api/worker/main.ts', {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: ctx.databaseUrl,
      LLM_BASE_URL: chat.url,
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'test-model',
      STORY_CONCURRENCY: '2',
      ...jobSettings,
    },
  });
  workers.push(worker);
  return worker;
}

describe('a worker killed mid-story', () => {
  it('leaves the story to be retried, and the retry makes exactly one policy', async () => {
    const source = loadLabelledSet().find((document) => document.file === 'govcn-16.txt')!.story;
    const story = await createStory(ctx.db, { title: source.title, url: source.url, chineseText: source.chineseText });
    const first = startWorker();
    const response = await ctx.request('/api/admin/process-stories', { json: { storyIds: [story!.id] }, cookie: adminCookie });
    expect(response.status).toBe(200);

    // The first worker is in the middle of the story: its question is with the LLM.
    await eventually(async () => chat.requests.length > 0, { what: 'the first attempt to reach the LLM', timeoutMs: 30_000 });
    const killed = await first.kill('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const [during] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, story!.id));
    expect(during).toMatchObject({ status: 'processing', policyId: null, attempts: 1 });

    answering = true;
    startWorker();
    const done = await eventually(
      async () => {
        const [row] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, story!.id));
        return row?.status === 'processed' ? row : undefined;
      },
      { what: 'the retried story to be processed', timeoutMs: 60_000 },
    );
    expect(done).toMatchObject({ attempts: 2, analyser: 'llm:test-model', tokens: 100, error: null });
    const [{ policies: made }] = (await ctx.db.select({ policies: count() }).from(policies).where(eq(policies.sourceUrl, source.url))) as [{ policies: number }];
    expect(made).toBe(1);
    const [policy] = await ctx.db.select().from(policies).where(eq(policies.id, done.policyId!));
    expect(policy).toMatchObject({ englishTranslation: 'In order to further support Hainan Province...', translationStatus: 'machine', chineseTitle: '国务院关于在海南博鳌乐城国际医疗旅游先行区暂时调整实施中华人民共和国药品管理法实施条例有关规定的决定' });
  }, 120_000);
});
