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
 * A worker SIGKILLed mid-story while another worker runs: the live one retries the story as soon as
 * the dead one's heartbeat has stopped, not after the job's timeout, and exactly one policy comes of it.
 */

let ctx: TestContext;
let chat: ChatServer;
let adminCookie: string;
/** The chat server holds every request until this is set: a story stays in the middle of its analysis. */
let answering = false;
const workers: NodeProcess[] = [];

// The timeout and the retry delay are five minutes each: a retry that waited for either would
// miss the test's time limit. The heartbeat's clocks are short, so the test sees it in seconds.
const jobSettings = {
  STORY_TIMEOUT_SECONDS: '300',
  STORY_RETRY_DELAY_SECONDS: '300',
  JOB_POLL_SECONDS: '0.5',
  WORKER_HEARTBEAT_SECONDS: '0.5',
  WORKER_DEAD_AFTER_SECONDS: '2',
};

beforeAll(async () => {
  ctx = await createTestContext(jobSettings);
  adminCookie = (await signInEveryRole(ctx)).cookies.admin!;
  chat = await startChatServer((request) => (answering ? { body: validAnswer(request) } : 'hang'));
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await chat.close();
  await ctx.close();
});

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

const workerHeartbeats = async () => (await ctx.sql<{ pid: number }[]>`select pid from daemon_heartbeats where kind = 'worker'`).map((row) => row.pid);

describe('a worker killed mid-story, with another worker running', () => {
  it('has its story retried by the live worker without waiting for the timeout, making exactly one policy', async () => {
    const source = loadLabelledSet().find((document) => document.file === 'govcn-16.txt')!.story;
    const story = await createStory(ctx.db, { title: source.title, url: source.url, chineseText: source.chineseText });
    const first = startWorker();
    const response = await ctx.request('/api/admin/process-stories', { json: { storyIds: [story!.id] }, cookie: adminCookie });
    expect(response.status).toBe(200);
    await eventually(async () => chat.requests.length > 0, { what: 'the first attempt to reach the LLM', timeoutMs: 30_000 });

    // The second worker is up (it beats) before the first dies; it takes no job until then, as there is one.
    const second = startWorker();
    await eventually(async () => (await workerHeartbeats()).includes(second.pid), { what: "the second worker's heartbeat", timeoutMs: 30_000 });
    answering = true;
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');

    const done = await eventually(
      async () => {
        const [row] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, story!.id));
        return row?.status === 'processed' ? row : undefined;
      },
      { what: 'the story to be retried and processed', timeoutMs: 90_000 },
    );
    expect(done).toMatchObject({ attempts: 2, analyser: 'llm:test-model', error: null });
    const [{ policies: made }] = (await ctx.db.select({ policies: count() }).from(policies).where(eq(policies.sourceUrl, source.url))) as [{ policies: number }];
    expect(made).toBe(1);
    expect(second.lines.some((line) => line.includes(`process-story {"storyId":${story!.id}}: its worker worker:`) && line.includes('retrying now'))).toBe(true);
    expect(second.lines.some((line) => line.includes(`process-story {"storyId":${story!.id}}: processed`))).toBe(true);
    expect(first.lines.some((line) => line.includes(': processed'))).toBe(false);
  }, 150_000);
});
