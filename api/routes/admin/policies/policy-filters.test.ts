import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicy } from '../../../../db/testing.ts';
import type { AdminPolicyRow } from '../../../shared/admin-schemas.ts';
import { markProcessed } from '../../../stories/status.ts';
import { takeInStory } from '../../../stories/intake.ts';
import { signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';

/** Policy Management's filters: department, importance range, date range, source (issue 30). */

let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
// A title marker, so each question is asked of this file's policies alone.
const marker = `Wombat${Date.now().toString(36)}`;
const ids: Record<string, number> = {};

/** A policy made from a story of `producer`, through the intake and the story's own transition. */
async function policyFromStory(name: string, producer: 'import' | 'source', fields: Parameters<typeof createPolicy>[1]) {
  const policy = await createPolicy(ctx.db, { title: `${marker} ${name}`, ...fields });
  const story = await takeInStory(ctx.db, { title: `${marker} story ${name}`, url: `https://www.gov.cn/${marker}/${name}.htm`, chineseText: '通知' }, { producer, source: 'a test', fetchedAt: new Date() });
  await ctx.db.transaction((tx) => markProcessed(tx, story!.id, { policyId: policy.id, analyser: 'rules', tokens: null, durationMs: null, at: new Date() }));
  return policy.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookies } = await signInEveryRole(ctx));
  ids.imported = await policyFromStory('imported', 'import', { departmentId: 2, impact: 3, publishedOn: '2019-03-01' });
  ids.scraped = await policyFromStory('scraped', 'source', { departmentId: 5, impact: 8, publishedOn: '2021-06-15' });
  ids.handmade = (await createPolicy(ctx.db, { title: `${marker} handmade`, departmentId: 5, impact: 6, publishedOn: '2024-12-31' })).id;
  ids.edited = (await createPolicy(ctx.db, { title: `${marker} edited`, departmentId: 2, impact: 10, publishedOn: '2025-01-01', editedFields: ['title'] })).id;
});
afterAll(() => ctx.close());

async function listed(query: string): Promise<number[]> {
  const response = await ctx.request(`/api/admin/policies?search=${marker}&sortBy=id${query}`, { cookie: cookies.admin });
  expect(response.status).toBe(200);
  const rows: AdminPolicyRow[] = await response.json();
  expect(Number(response.headers.get('X-Total-Count'))).toBe(rows.length);
  return rows.map((row) => row.id);
}

describe('GET /api/admin/policies: the filters', () => {
  it('finds one department', async () => {
    expect(await listed('&departmentId=5')).toEqual([ids.scraped, ids.handmade]);
  });

  it('finds an importance range, both ends included', async () => {
    expect(await listed('&impactMin=6&impactMax=8')).toEqual([ids.scraped, ids.handmade]);
    expect(await listed('&impactMin=10')).toEqual([ids.edited]);
    expect(await listed('&impactMax=3')).toEqual([ids.imported]);
  });

  it('finds a date range, both days included', async () => {
    expect(await listed('&dateFrom=2021-06-15&dateTo=2024-12-31')).toEqual([ids.scraped, ids.handmade]);
    expect(await listed('&dateTo=2019-03-01')).toEqual([ids.imported]);
  });

  it("finds by source: an imported file's story, a source site's, none, or an admin's edit", async () => {
    expect(await listed('&source=import')).toEqual([ids.imported]);
    expect(await listed('&source=scraper')).toEqual([ids.scraped]);
    expect(await listed('&source=none')).toEqual([ids.handmade, ids.edited]);
    expect(await listed('&source=edited')).toEqual([ids.edited]);
  });

  it('combines filters', async () => {
    expect(await listed('&departmentId=2&impactMin=5&source=none')).toEqual([ids.edited]);
  });

  it.each([
    ['&impactMin=0'],
    ['&impactMax=11'],
    ['&impactMin=7&impactMax=3'],
    ['&dateFrom=2024-02-30'],
    ['&dateFrom=2024-05-01&dateTo=2024-01-01'],
    ['&departmentId=x'],
    ['&source=robot'],
  ])('refuses %s with 400 and says which parameter', async (query) => {
    const response = await ctx.request(`/api/admin/policies?page=1${query}`, { cookie: cookies.admin });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.message).toMatch(/impactMin|impactMax|dateFrom|dateTo|departmentId|source/);
  });
});
