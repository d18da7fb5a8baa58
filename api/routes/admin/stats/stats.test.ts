import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, policies } from '../../../../db/schema/index.ts';
import { createSignedInUser } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createStory } from '../../../stories/testing.ts';

describe('database statistics, admin', () => {
  let ctx: TestContext;
  let adminCookie: string;
  const expected = { policiesCount: 2, usersCount: 2, collectionsCount: 1, pendingStoriesCount: 2, processedStoriesCount: 1 };

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie: adminCookie } = await createSignedInUser(ctx, { role: 'admin' }));
    const { user } = await createSignedInUser(ctx);
    await ctx.db.insert(collections).values({ userId: user.id, name: 'Watch list' });
    await ctx.db.insert(policies).values([
      { title: 'One', departmentId: 1, publishedOn: '2025-01-01' },
      { title: 'Two', departmentId: 2, publishedOn: '2025-01-02' },
    ]);
    for (const [index, status] of (['pending', 'processing', 'processed', 'failed'] as const).entries()) {
      await createStory(ctx.db, { title: `Story ${index}`, url: `https://www.gov.cn/story/${index}`, status });
    }
  });
  afterAll(() => ctx.close());

  it('GET /api/admin/stats answers the counts from SQL to an admin', async () => {
    const response = await ctx.request('/api/admin/stats', { cookie: adminCookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
  });
});
