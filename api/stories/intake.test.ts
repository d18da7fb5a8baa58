import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgePolicies, restorePolicies } from '../../db/policy-trash.ts';
import { pendingStories, policies } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { prepareStory, storiesInTrash, takeInStories, takeInStory, type PreparedStory, type StoryOrigin } from './intake.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const fetchedAt = new Date('2026-03-02T08:30:00Z');
const fromSite: StoryOrigin = { producer: 'source', source: 'www.gov.cn', fetchedAt };
const notice = { title: '国务院关于印发促进外资工作若干措施的通知', chineseText: '各省、自治区、直辖市人民政府：现将有关措施印发给你们，请认真贯彻执行。' };
const prepared = (story: Parameters<typeof prepareStory>[0]) => prepareStory(story) as PreparedStory;

describe('the intake', () => {
  it('stores a story given twice, with and without a trailing slash, once; with its producer, source and fetch time', async () => {
    const first = await takeInStory(ctx.db, { ...notice, url: 'https://www.gov.cn/zhengce/content/2026-03/01/content_1.htm/' }, fromSite);
    const again = await takeInStory(ctx.db, { ...notice, url: 'https://www.gov.cn/zhengce/content/2026-03/01/content_1.htm' }, { ...fromSite, fetchedAt: new Date() });
    expect(again).toBeNull();
    const stored = await ctx.db.select().from(pendingStories).where(like(pendingStories.url, 'https://www.gov.cn/zhengce/content/2026-03/01/content_1.htm%'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toEqual(first);
    expect(stored[0]).toMatchObject({
      url: 'https://www.gov.cn/zhengce/content/2026-03/01/content_1.htm',
      status: 'pending',
      producer: 'source',
      source: 'www.gov.cn',
      fetchedAt,
    });
  });

  it('knows a story without an address by its title and text, and hashes them as sha256 of title, newline, text', async () => {
    const story = { title: '关于无网址的通知', chineseText: '正文内容', url: null };
    const { storedIds } = await takeInStories(ctx.db, [prepared(story)], fromSite);
    const second = await takeInStories(ctx.db, [prepared(story), prepared({ ...story, chineseText: '另一正文' })], fromSite);
    expect(second).toEqual({ storedIds: [expect.any(Number)], duplicates: 1, knownFromOtherSite: 0 });
    const [row] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, storedIds[0]!));
    // What Postgres's sha256 gives for the same bytes: the hash of every writer before the intake (migration 0008).
    const [{ hash }] = (await ctx.sql`select encode(sha256(convert_to(${story.title} || E'\n' || ${story.chineseText}, 'UTF8')), 'hex') as hash`) as unknown as [{ hash: string }];
    expect(row!.contentHash).toBe(hash);
  });

  it('skips a duplicate within what it is given, and an address that is already a policy source', async () => {
    const url = 'https://www.gov.cn/zhengce/content/2026-03/02/content_2.htm';
    const outcome = await takeInStories(ctx.db, [prepared({ ...notice, url }), prepared({ ...notice, url: `${url}#top` })], fromSite);
    expect(outcome).toEqual({ storedIds: [expect.any(Number)], duplicates: 1, knownFromOtherSite: 0 });
    expect(prepareStory({ ...notice, url: 'ftp://www.gov.cn/x' })).toEqual({ error: 'not a web address' });
  });

  it('takes in no story for a URL whose policy is in the Trash, until the policy is purged', async () => {
    const url = 'https://www.gov.cn/zhengce/content/2026-03/05/content_trash.htm';
    const policy = await createPolicy(ctx.db, { sourceUrl: url });
    await ctx.db.update(policies).set({ deletedAt: new Date() }).where(eq(policies.id, policy.id));
    const story = prepared({ ...notice, url });

    expect(await takeInStories(ctx.db, [story], fromSite)).toEqual({ storedIds: [], duplicates: 1, knownFromOtherSite: 0 });
    expect(await storiesInTrash(ctx.db, [story])).toEqual([url]);
    // Restoring stays possible: nothing else took the URL meanwhile.
    expect(await restorePolicies(ctx.db, [policy.id])).toHaveLength(1);
    expect(await storiesInTrash(ctx.db, [story])).toEqual([]);
    expect(await takeInStories(ctx.db, [story], fromSite)).toEqual({ storedIds: [], duplicates: 1, knownFromOtherSite: 0 });

    await ctx.db.update(policies).set({ deletedAt: new Date() }).where(eq(policies.id, policy.id));
    expect(await ctx.db.transaction((tx) => purgePolicies(tx, { ids: [policy.id] }))).toHaveLength(1);
    expect(await takeInStories(ctx.db, [story], fromSite)).toEqual({ storedIds: [expect.any(Number)], duplicates: 0, knownFromOtherSite: 0 });
  });
});
