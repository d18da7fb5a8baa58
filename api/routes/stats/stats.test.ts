import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, policies } from '../../../db/schema/index.ts';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createStory } from '../../stories/testing.ts';

describe('database statistics, public', () => {
  let ctx: TestContext;
  const expected = { policiesCount: 2, usersCount: 2, collectionsCount: 1, pendingStoriesCount: 2, processedStoriesCount: 1 };

  beforeAll(async () => {
    ctx = await createTestContext();
    // An admin and a reader: the counts include both.
    await createSignedInUser(ctx, { role: 'admin' });
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

  it('GET /api/database-stats answers the same counts to anyone, cacheable for 30 s', async () => {
    const response = await ctx.request('/api/database-stats');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
    expect(await response.json()).toEqual(expected);
  });
});
