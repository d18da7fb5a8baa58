import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pendingStories } from '../../../../db/schema/index.ts';
import type { StoryDetails, StoryPagination, StoryRow } from '../../../shared/admin-schemas.ts';
import { createStory as createStoryThroughIntake } from '../../../stories/testing.ts';
import { adminRoleMatrix, signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';

let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let adminId: number;
let storyCount = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const everyone = await signInEveryRole(ctx);
  cookies = everyone.cookies;
  adminId = everyone.ids.admin!;
});
afterAll(() => ctx.close());

/** A source story as the scrapers and imports store it (a real notice's opening). */
async function createStory(fields: Partial<Parameters<typeof createStoryThroughIntake>[1]> = {}) {
  storyCount += 1;
  return createStoryThroughIntake(ctx.db, {
    title: `国务院办公厅关于进一步优化营商环境的通知 ${storyCount}`,
    url: `https://www.gov.cn/zhengce/content/2026-01/${storyCount}.htm`,
    chineseText: '各省、自治区、直辖市人民政府，国务院各部委、各直属机构：为进一步优化营商环境，经国务院同意，现就有关事项通知如下。',
    ...fields,
  });
}
const stored = async (id: number) => (await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, id)))[0];

describe('role matrix', () => {
  // Each call, and whether an allowed call changes the story.
  const calls: [string, boolean, (who: Caller, id: number) => Promise<Response>][] = [
    ['GET /api/admin/pending-stories', false, (who) => ctx.request('/api/admin/pending-stories', { cookie: cookies[who] })],
    ['GET /api/admin/stories/{id}', false, (who, id) => ctx.request(`/api/admin/stories/${id}`, { cookie: cookies[who] })],
    [
      'POST /api/admin/stories/{id}/mark-processed',
      true,
      (who, id) => ctx.request(`/api/admin/stories/${id}/mark-processed`, { json: { success: true }, cookie: cookies[who] }),
    ],
    ['DELETE /api/admin/stories/{id}', true, (who, id) => ctx.request(`/api/admin/stories/${id}`, { method: 'DELETE', cookie: cookies[who] })],
    ['POST /api/admin/batch-delete-stories', true, (who, id) => ctx.request('/api/admin/batch-delete-stories', { json: { storyIds: [id] }, cookie: cookies[who] })],
  ];
  for (const [call, mutates, send] of calls) {
    it.each(adminRoleMatrix)(`${call} as %s answers %i, and changes the story only when allowed`, async (who, status) => {
      const story = await createStory();
      expect((await send(who, story.id)).status).toBe(status);
      const unchanged = JSON.stringify(await stored(story.id)) === JSON.stringify(story);
      expect(unchanged).toBe(!(mutates && status === 200));
    });
  }
});

describe('GET /api/admin/pending-stories', () => {
  it('lists the stories not yet processed, oldest first, with the pagination object', async () => {
    const own = await createTestContext();
    try {
      const { cookies: theirs } = await signInEveryRole(own);
      const ids: number[] = [];
      for (const status of ['pending', 'processing', 'failed', 'processed', 'pending'] as const) {
        const story = await createStoryThroughIntake(own.db, { title: `Story ${status}`, url: `https://www.pbc.gov.cn/${ids.length}`, status });
        ids.push(story!.id);
      }
      const answer: { stories: StoryRow[]; pagination: StoryPagination } = await (
        await own.request('/api/admin/pending-stories?pageSize=2&page=2', { cookie: theirs.admin })
      ).json();
      expect(answer.pagination).toEqual({ page: 2, pageSize: 2, totalItems: 4, totalPages: 2 });
      expect(answer.stories.map((story) => story.id)).toEqual([ids[2], ids[4]]);
      expect(answer.stories[0]).toMatchObject({ title: 'Story failed', status: 'failed', url: 'https://www.pbc.gov.cn/2' });
      const first = await (await own.request('/api/admin/pending-stories', { cookie: theirs.admin })).json();
      expect(first.pagination).toEqual({ page: 1, pageSize: 200, totalItems: 4, totalPages: 1 });
    } finally {
      await own.close();
    }
  });

  it('lists the stories in one state when asked, processed ones too, counted by the filter', async () => {
    const own = await createTestContext();
    try {
      const { cookies: theirs } = await signInEveryRole(own);
      const idsByStatus: Record<string, number[]> = {};
      for (const status of ['pending', 'processing', 'failed', 'processed', 'failed'] as const) {
        const story = await createStoryThroughIntake(own.db, { title: `Story ${status}`, url: `https://www.mof.gov.cn/${status}/${Math.random()}`, status });
        (idsByStatus[status] ??= []).push(story.id);
      }
      for (const status of ['pending', 'processing', 'failed', 'processed'] as const) {
        const answer: { stories: StoryRow[]; pagination: StoryPagination } = await (
          await own.request(`/api/admin/pending-stories?status=${status}`, { cookie: theirs.admin })
        ).json();
        expect(answer.stories.map((story) => story.id)).toEqual(idsByStatus[status]);
        expect(answer.pagination.totalItems).toBe(idsByStatus[status]!.length);
      }
    } finally {
      await own.close();
    }
  });

  it.each([['?pageSize=201'], ['?pageSize=0'], ['?page=0'], ['?page=x'], ['?status=done']])('refuses %s with 400', async (query) => {
    expect((await ctx.request(`/api/admin/pending-stories${query}`, { cookie: cookies.admin })).status).toBe(400);
  });
});

describe('a story', () => {
  it('shows its details, the whole Chinese text and whether it was processed', async () => {
    const story = await createStory();
    const details: StoryDetails = await (await ctx.request(`/api/admin/stories/${story.id}`, { cookie: cookies.admin })).json();
    expect(details).toEqual({
      id: story.id,
      title: story.title,
      url: story.url,
      chinese_text: story.chineseText,
      processed: false,
      processed_at: null,
      status: 'pending',
      error: null,
      policyId: null,
    });
    expect((await ctx.request('/api/admin/stories/999999', { cookie: cookies.admin })).status).toBe(404);
    expect((await ctx.request('/api/admin/stories/abc', { cookie: cookies.admin })).status).toBe(400);
  });

  it('is marked processed or failed by an admin, with an audit row; not while a worker holds it', async () => {
    const story = await createStory();
    ctx.clock.set(new Date('2026-03-04T05:06:07Z'));
    const processed = await ctx.request(`/api/admin/stories/${story.id}/mark-processed`, { json: { success: true }, cookie: cookies.admin });
    ctx.clock.set(null);
    expect(processed.status).toBe(200);
    expect(await processed.json()).toEqual({ id: story.id, status: 'processed', message: 'Story marked as processed' });
    expect(await stored(story.id)).toMatchObject({ status: 'processed', processedAt: new Date('2026-03-04T05:06:07Z') });
    const details: StoryDetails = await (await ctx.request(`/api/admin/stories/${story.id}`, { cookie: cookies.admin })).json();
    expect(details).toMatchObject({ processed: true, processed_at: '2026-03-04T05:06:07.000Z' });

    const failed = await ctx.request(`/api/admin/stories/${story.id}/mark-processed`, { json: { success: false }, cookie: cookies.admin });
    expect(failed.status).toBe(200);
    expect(await stored(story.id)).toMatchObject({ status: 'failed', processedAt: null, error: 'Marked as failed by an admin' });
    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'story_marked'), eq(auditLog.subject, `story:${story.id}`)));
    expect(audits.map((row) => row.details)).toEqual([
      { from: 'pending', to: 'processed' },
      { from: 'processed', to: 'failed' },
    ]);
    expect(audits[0]!.actorId).toBe(adminId);

    const held = await createStory({ status: 'processing' });
    const refused = await ctx.request(`/api/admin/stories/${held.id}/mark-processed`, { json: { success: true }, cookie: cookies.admin });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe('This story is being processed');
    expect(await stored(held.id)).toEqual(held);
  });

  it.each([[{}], [{ success: 'yes' }], [{ success: true, extra: 1 }]])('refuses the mark %j with 400', async (json) => {
    const story = await createStory();
    expect((await ctx.request(`/api/admin/stories/${story.id}/mark-processed`, { json, cookie: cookies.admin })).status).toBe(400);
    expect(await stored(story.id)).toEqual(story);
  });

  it('is deleted, one or many, with audit rows; 404 for a story that does not exist', async () => {
    const one = await createStory();
    const deleted = await ctx.request(`/api/admin/stories/${one.id}`, { method: 'DELETE', cookie: cookies.admin });
    expect(await deleted.json()).toEqual({ storyId: one.id, message: 'Story deleted' });
    expect(await stored(one.id)).toBeUndefined();
    expect((await ctx.request(`/api/admin/stories/${one.id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(404);

    const many = [await createStory(), await createStory()];
    const batch = await ctx.request('/api/admin/batch-delete-stories', { json: { storyIds: [many[0]!.id, many[1]!.id, 999999] }, cookie: cookies.admin });
    expect(await batch.json()).toEqual({ deletedCount: 2, message: '2 stories deleted' });
    expect(await ctx.db.$count(auditLog, eq(auditLog.action, 'story_deleted'))).toBeGreaterThanOrEqual(3);
  });

  it.each([2_147_483_648, 3_000_000_000])('refuses a story id of %i (past the id column) with a 400 naming it, deleting nothing', async (id) => {
    const story = await createStory();
    const response = await ctx.request('/api/admin/batch-delete-stories', { json: { storyIds: [story.id, id] }, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('storyIds.1: each story id must be at most 2147483647');
    expect(await stored(story.id)).toEqual(story);
  });

  it.each([[{ storyIds: [] }], [{ storyIds: ['1'] }], [{ storyIds: [0] }], [{ ids: [1] }]])('refuses the batch %j with 400', async (json) => {
    expect((await ctx.request('/api/admin/batch-delete-stories', { json, cookie: cookies.admin })).status).toBe(400);
  });
});
