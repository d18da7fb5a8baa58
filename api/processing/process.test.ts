import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restorePolicies } from '../../db/policy-trash.ts';
import { pendingStories, policies } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { failOrphanedStories } from '../stories/status.ts';
import { createStory, putStoryInStatus } from '../stories/testing.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import type { Analyser } from './analysis.ts';
import { loadLabelledSet } from './documents/labelled-set.ts';
import { loadStoryJobSettings } from './config.ts';
import { processStory, type ProcessingDeps } from './process.ts';
import { createRulesAnalyser } from './rules/index.ts';

const source = loadLabelledSet().find((document) => document.file === 'govcn-58.txt')!.story;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let count = 0;
async function storyInProcessing() {
  count += 1;
  return createStory(ctx.db, { title: source.title, url: `${source.url}?n=${count}`, chineseText: source.chineseText, status: 'processing' });
}
const read = async (id: number) => (await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, id)))[0]!;
const deps = (analyser: Analyser, timeoutMs = 5000): ProcessingDeps => ({ db: ctx.db, analyser, now: () => new Date(), timeoutMs });

/** An analyser whose service is down: every attempt fails the same way. */
const unavailable: Analyser = {
  name: 'llm:down',
  analyse: async () => {
    throw new Error('503 The model is overloaded');
  },
};
/** An analyser that never answers: only the timeout ends it. */
const stuck: Analyser = {
  name: 'llm:stuck',
  analyse: (_story, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('Request was aborted.')))),
};

describe('a story that keeps failing', () => {
  it('stays processing with the reason while retries are left, then ends failed with it', async () => {
    const story = await storyInProcessing();
    await expect(processStory(deps(unavailable), story.id, { retryCount: 0, retryLimit: 1 })).rejects.toThrow('503 The model is overloaded');
    expect(await read(story.id)).toMatchObject({ status: 'processing', error: 'Attempt 1 failed, retrying: 503 The model is overloaded', attempts: 1 });

    expect(await processStory(deps(unavailable), story.id, { retryCount: 1, retryLimit: 1 })).toBe('failed');
    expect(await read(story.id)).toMatchObject({ status: 'failed', error: '503 The model is overloaded', attempts: 2, policyId: null });
  });

  it('names the timeout as the reason when the analysis is cut off', async () => {
    const story = await storyInProcessing();
    expect(await processStory(deps(stuck, 200), story.id, { retryCount: 3, retryLimit: 3 })).toBe('failed');
    expect((await read(story.id)).error).toBe('The analysis took longer than the per-story timeout');
  });

  it('is not touched by an attempt once an admin has reset it to pending', async () => {
    const story = await storyInProcessing();
    await putStoryInStatus(ctx.db, story.id, 'pending');
    expect(await processStory(deps(createRulesAnalyser({ now: () => new Date() })), story.id, { retryCount: 0, retryLimit: 3 })).toBe('skipped');
    expect(await read(story.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('a retry after the write committed does nothing: one policy', async () => {
    const story = await storyInProcessing();
    const analyser = createRulesAnalyser({ now: () => new Date() });
    expect(await processStory(deps(analyser), story.id, { retryCount: 0, retryLimit: 3 })).toBe('processed');
    expect(await processStory(deps(analyser), story.id, { retryCount: 1, retryLimit: 3 })).toBe('skipped');
    expect(await ctx.db.$count(policies, eq(policies.sourceUrl, story.url!))).toBe(1);
  });
});

describe('a story whose URL a policy in the Trash holds', () => {
  it('makes no second policy: it fails, saying so, and the policy can still be restored', async () => {
    // Taken in before the policy was made from the same address some other way (an admin's form), then trashed.
    const story = await storyInProcessing();
    const policy = await createPolicy(ctx.db, { sourceUrl: story.url });
    await ctx.db.update(policies).set({ deletedAt: new Date() }).where(eq(policies.id, policy.id));

    expect(await processStory(deps(createRulesAnalyser({ now: () => new Date() })), story.id, { retryCount: 0, retryLimit: 3 })).toBe('failed');
    expect(await read(story.id)).toMatchObject({
      status: 'failed',
      policyId: null,
      error: `Policy ${policy.id} for this address is in the Trash: restore it, or purge it to make a new policy from this story`,
    });
    expect(await ctx.db.$count(policies, eq(policies.sourceUrl, story.url!))).toBe(1);
    expect(await restorePolicies(ctx.db, [policy.id])).toHaveLength(1);
  });
});

describe('the sweep', () => {
  it('fails a story left in processing with no job that could finish it, and leaves a fresh one', async () => {
    const orphan = await storyInProcessing();
    const fresh = await storyInProcessing();
    // pg-boss's schema, as the API and the worker create it; the fresh story's job is in it.
    const queue = await startJobQueue(ctx.databaseUrl, loadStoryJobSettings({}), { maintain: false });
    await ctx.db.transaction((tx) => queue.enqueue(tx, [{ name: 'process-story', data: { storyId: fresh.id } }]));
    await queue.stop();
    // Both have waited past the grace period; only the fresh one has a job that may still run.
    await ctx.db.update(pendingStories).set({ updatedAt: sql`now() - interval '10 minutes'` }).where(inArray(pendingStories.id, [orphan.id, fresh.id]));
    expect(await failOrphanedStories(ctx.db, { graceSeconds: 60, jobName: 'process-story' })).toBe(1);
    expect(await read(orphan.id)).toMatchObject({ status: 'failed', error: 'Processing stopped with no attempt left (the worker was stopped or timed out)' });
    expect((await read(fresh.id)).status).toBe('processing');
  });
});
