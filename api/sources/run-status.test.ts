import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRuns } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { abandonedRunHours, claimRun, failRun, finishRun, queueRuns } from './run-status.ts';

/** A source run's moves (./run-status.ts) against a real database: each allowed one, and the ones refused. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const now = new Date('2026-03-02T08:00:00Z');
const queue = (code: string, at = now) => ctx.db.transaction((tx) => queueRuns(tx, [code], { trigger: 'manual', requestedBy: null, now: at }));
const runOf = async (runId: number) => (await ctx.db.select().from(sourceRuns).where(eq(sourceRuns.id, runId)))[0]!;

describe('a source run', () => {
  it('is queued, claimed, and finished with its counts; a second run of its source waits for it', async () => {
    const [queued] = await queue('status-a');
    expect(queued).toMatchObject({ code: 'status-a', queued: true });
    expect((await runOf(queued!.runId)).status).toBe('queued');
    expect(await queue('status-a')).toEqual([{ code: 'status-a', runId: queued!.runId, queued: false }]);

    expect(await claimRun(ctx.db, queued!.runId, now)).toBe(true);
    expect(await runOf(queued!.runId)).toMatchObject({ status: 'running', startedAt: now });
    // A retry after a lost worker takes the running run again.
    expect(await claimRun(ctx.db, queued!.runId, now)).toBe(true);

    const finishedAt = new Date('2026-03-02T08:05:00Z');
    expect(await finishRun(ctx.db, queued!.runId, { status: 'succeeded', error: null, now: finishedAt }, { pagesFetched: 3, newStories: 2 })).toBe(true);
    expect(await runOf(queued!.runId)).toMatchObject({ status: 'succeeded', finishedAt, pagesFetched: 3, newStories: 2, error: null });
    expect(await queue('status-a')).toMatchObject([{ code: 'status-a', queued: true }]);
  });

  it('refuses to move a finished run: no claim, no second verdict, no failure over a success', async () => {
    const { runId } = (await queue('status-b'))[0]!;
    await claimRun(ctx.db, runId, now);
    await finishRun(ctx.db, runId, { status: 'succeeded', error: null, now }, { newStories: 1 });

    expect(await claimRun(ctx.db, runId, now)).toBe(false);
    expect(await finishRun(ctx.db, runId, { status: 'failed', error: 'late worker', now }, { newStories: 0 })).toBe(false);
    expect(await failRun(ctx.db, runId, 'Lost', now)).toBe(false);
    expect(await runOf(runId)).toMatchObject({ status: 'succeeded', error: null, newStories: 1 });
  });

  it('refuses a verdict on a run no worker claimed', async () => {
    const { runId } = (await queue('status-c'))[0]!;
    expect(await finishRun(ctx.db, runId, { status: 'succeeded', error: null, now })).toBe(false);
    expect((await runOf(runId)).status).toBe('queued');
    expect(await failRun(ctx.db, runId, 'No such source in the catalogue', now)).toBe(true);
    expect(await runOf(runId)).toMatchObject({ status: 'failed', error: 'No such source in the catalogue', finishedAt: now });
  });

  it('is failed as abandoned when a new run is asked for after it was left running too long, and its late verdict is refused', async () => {
    const { runId } = (await queue('status-d'))[0]!;
    await claimRun(ctx.db, runId, now);
    const later = new Date(now.getTime() + (abandonedRunHours * 3600 + 1) * 1000);
    const [again] = await queue('status-d', later);
    expect(again).toMatchObject({ queued: true });
    expect(again!.runId).not.toBe(runId);
    expect(await runOf(runId)).toMatchObject({ status: 'failed', error: `Abandoned: no worker finished it within ${abandonedRunHours} hours` });
    expect(await finishRun(ctx.db, runId, { status: 'succeeded', error: null, now: later })).toBe(false);
    expect((await runOf(runId)).status).toBe('failed');
  });
});
