import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedSearches } from '../../../db/schema/index.ts';
import { alertRules } from '../../alerts/rules.ts';
import { criteriaParams } from '../../shared/criteria-params.ts';
import { maxSavedSearches } from '../../shared/saved-search-schemas.ts';
import { indexAll, insertPolicies } from '../../search/testing.ts';
import { createSignedInUser, createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

describe('/api/saved-searches', () => {
  let ctx: TestContext;
  let owner: { cookie: string; userId: number };
  let other: { cookie: string };

  const paidSentence = '第九条 托管机构应当建立隔离账簿制度。';
  beforeAll(async () => {
    ctx = await createTestContext();
    await insertPolicies(ctx, [
      {
        title: 'Notice on settlement accounts',
        description: 'Rules for settlement accounts of payment institutions.',
        departmentId: 2,
        publishedOn: '2024-05-01',
        impact: 8,
        industries: ['Financial Services'],
        topics: ['FINTECH'],
        englishTranslation: 'Article 9 sets the quarantine ledger requirement for custodians.',
        chineseOriginal: paidSentence,
      },
      { title: 'Guidelines on cloud services', description: 'Cloud rules.', departmentId: 4, publishedOn: '2024-06-01', impact: 4, industries: ['Technology'] },
      { title: 'Settlement of cross-border payments', description: 'Payments abroad.', departmentId: 5, publishedOn: '2023-02-01', impact: 6, industries: ['Financial Services'] },
    ]);
    await indexAll(ctx);
    const signedIn = await createSignedInUser(ctx);
    owner = { cookie: signedIn.cookie, userId: signedIn.user.id };
    other = await createSignedInUser(ctx);
  });
  afterAll(() => ctx.close());

  const post = (json: unknown, cookie = owner.cookie) => ctx.request('/api/saved-searches', { cookie, json });
  const patch = (id: number, json: unknown, cookie = owner.cookie) => ctx.request(`/api/saved-searches/${id}`, { cookie, json, method: 'PATCH' });
  const remove = (id: number, cookie = owner.cookie) => ctx.request(`/api/saved-searches/${id}`, { cookie, method: 'DELETE' });
  const get = (path: string, cookie?: string) => ctx.request(path, cookie ? { cookie } : {});

  it('needs a signed-in user', async () => {
    expect((await get('/api/saved-searches')).status).toBe(401);
    expect((await ctx.request('/api/saved-searches', { json: { name: 'x', query: {} } })).status).toBe(401);
  });

  it('POST saves the text and every filter in the search\'s own normal form, answers 201 with its hit count and feed URLs', async () => {
    const response = await post({
      name: '  Payments watch ',
      query: { q: '  settlement\u00a0 accounts ', departments: ['pboc', 5], industries: ['Financial Services'], topics: ['fintech'], startDate: '2024-01-01', endDate: '2024-12-31', minImportance: 7, maxImportance: 10 },
      alert: 'daily',
    });
    expect(response.status).toBe(201);
    const saved = await response.json();
    expect(saved).toMatchObject({
      name: 'Payments watch',
      alert: 'daily',
      query: { q: 'settlement accounts', departments: [{ code: 'PBOC' }, { id: 5 }], industries: ['Financial Services'], topics: ['FINTECH'], startDate: '2024-01-01', endDate: '2024-12-31', minImportance: 7, maxImportance: 10 },
      hitCount: 1,
      feedUrl: { atom: `${ctx.config.APP_URL}/api/feeds/searches/${saved.id}.atom`, rss: `${ctx.config.APP_URL}/api/feeds/searches/${saved.id}.rss` },
    });
    // Stored as the criteria it answers, and read back the same.
    const [row] = await ctx.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row).toMatchObject({ userId: owner.userId, alert: 'daily', query: saved.query });
    const again = await post({ name: 'Posted as answered', query: saved.query }, other.cookie);
    expect(again.status).toBe(201);
    expect((await again.json()).query).toEqual(saved.query);
  });

  it('alert defaults to off; an empty query is a search for everything', async () => {
    const saved = await (await post({ name: 'Everything', query: {} })).json();
    expect(saved).toMatchObject({ alert: 'off', query: {}, hitCount: 3 });
  });

  it.each([
    [{ name: '', query: {} }, 400, 'name: Name is required'],
    [{ name: 'x'.repeat(101), query: {} }, 400, 'name: Name must be at most 100 characters'],
    [{ name: 'A', query: {}, alert: 'hourly' }, 400, 'alert: alert must be one of off, immediate, daily, weekly'],
    [{ name: 'A', query: { minImportance: 11 } }, 400, 'query.minImportance: must be at most 10'],
    [{ name: 'A', query: { minImportance: 8, maxImportance: 3 } }, 400, 'query.minImportance: must not be above maxImportance'],
    [{ name: 'A', query: { importanceMin: 6 } }, 400, 'query: Unrecognized key: "importanceMin"'],
    [{ name: 'A', query: { startDate: '2024-02-30' } }, 400, 'query.startDate: is not a valid calendar date'],
    [{ name: 'A', query: { topics: ['not a code'] } }, 400, 'query.topics.0: each topic must be a topic code such as "FINTECH"'],
    [{ name: 'A', query: { departments: [{}] } }, 400, 'query.departments.0: each department must be an id or a code such as "CSRC"'],
    [{ name: 'A', query: { industries: 'Technology' } }, 400, 'query.industries: must be a JSON array such as ["Technology"]'],
    [{ name: 'A', query: { sortBy: 'latest' } }, 400, 'query: Unrecognized key: "sortBy"'],
    [{ name: 'A' }, 400, 'query: Invalid input: expected object, received undefined'],
  ])('POST %j answers %i', async (body, status, message) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    expect((await response.json()).error.message).toBe(message);
  });

  it('GET lists only the user\'s own, newest first; GET by id reads one', async () => {
    const mine = await (await post({ name: 'Newest', query: { q: 'cloud' } })).json();
    await post({ name: 'Not mine', query: {} }, other.cookie);
    const list = await (await get('/api/saved-searches', owner.cookie)).json();
    expect(list.map((search: { name: string }) => search.name)).toEqual(['Newest', 'Everything', 'Payments watch']);
    const one = await get(`/api/saved-searches/${mine.id}`, owner.cookie);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: mine.id, name: 'Newest', hitCount: 1 });
  });

  it('another user\'s saved search is a 404 on GET, PATCH and DELETE, and is left as it was', async () => {
    const theirs = await (await post({ name: 'Theirs', query: { q: 'cloud' }, alert: 'weekly' }, other.cookie)).json();
    for (const response of [await get(`/api/saved-searches/${theirs.id}`, owner.cookie), await patch(theirs.id, { name: 'Mine now' }), await remove(theirs.id)]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Saved search not found' } });
    }
    const [row] = await ctx.db.select().from(savedSearches).where(eq(savedSearches.id, theirs.id));
    expect(row).toMatchObject({ name: 'Theirs', alert: 'weekly' });
    expect((await get('/api/saved-searches/0', owner.cookie)).status).toBe(404);
    expect((await get('/api/saved-searches/abc', owner.cookie)).status).toBe(400);
  });

  it('PATCH renames, changes the query or the alert; nothing to change is a 400', async () => {
    const saved = await (await post({ name: 'To change', query: { q: 'cloud' } })).json();
    const renamed = await (await patch(saved.id, { name: 'Cloud rules' })).json();
    expect(renamed).toMatchObject({ name: 'Cloud rules', query: { q: 'cloud' }, alert: 'off' });
    const requeried = await (await patch(saved.id, { query: { industries: ['Financial Services'] }, alert: 'immediate' })).json();
    expect(requeried).toMatchObject({ name: 'Cloud rules', query: { industries: ['Financial Services'] }, alert: 'immediate', hitCount: 2 });
    const empty = await patch(saved.id, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe('Nothing to change: send name, query or alert');
  });

  it('DELETE removes it (204), then it is a 404', async () => {
    const saved = await (await post({ name: 'Short-lived', query: {} })).json();
    expect((await remove(saved.id)).status).toBe(204);
    expect((await remove(saved.id)).status).toBe(404);
    expect((await get(`/api/saved-searches/${saved.id}`, owner.cookie)).status).toBe(404);
  });

  it(`keeps at most ${maxSavedSearches} per user: the next is a 409 with a clear message, and nothing is written`, async () => {
    const { cookie, user } = await createSignedInUser(ctx);
    await ctx.db.insert(savedSearches).values(Array.from({ length: maxSavedSearches - 1 }, (_, index) => ({ userId: user.id, name: `Search ${index}`, query: {} })));
    expect((await post({ name: 'The last one', query: {} }, cookie)).status).toBe(201);
    const refused = await post({ name: 'One too many', query: {} }, cookie);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe('You can keep at most 50 saved searches. Delete one to save another.');
    expect(await ctx.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).toHaveLength(maxSavedSearches);
    // Another user is not held to this user's count.
    expect((await post({ name: 'Fine', query: {} })).status).toBe(201);
  });

  describe('a saved search finds exactly what the same search shows, for what the reader may read', () => {
    const queries = [
      { q: 'quarantine ledger' },
      { q: '隔离账簿' },
      { q: 'settlement', industries: ['Financial Services'] },
      { departments: ['PBOC', 'SAFE'], minImportance: 6 },
      { startDate: '2024-01-01' },
    ];
    for (const who of ['reader without a subscription', 'subscriber'] as const) {
      it(who, async () => {
        const { cookie } = who === 'subscriber' ? await createSubscriber(ctx) : await createSignedInUser(ctx);
        for (const query of queries) {
          const saved = await (await post({ name: 'Same', query }, cookie)).json();
          const search = await (await get(`/api/search?${new URLSearchParams(criteriaParams(saved.query))}`, cookie)).json();
          expect(saved.hitCount, JSON.stringify(query)).toBe(search.total);
        }
        // The paid words find the policy for the subscriber alone.
        const paid = await (await post({ name: 'Paid words', query: { q: 'quarantine ledger' } }, cookie)).json();
        expect(paid.hitCount).toBe(who === 'subscriber' ? 1 : 0);
      });
    }
  });

  it('a saved search stored in the older shape (importanceMin, importanceMax, departments as codes and ids) loads as criteria and finds the same policies', async () => {
    const { cookie, user } = await createSignedInUser(ctx);
    const [old] = await ctx.db
      .insert(savedSearches)
      .values({ userId: user.id, name: 'Stored long ago', query: { q: 'settlement', departments: ['PBOC', 5], importanceMin: 6, importanceMax: 9 }, alert: 'daily' })
      .returning();
    const current = await (await post({ name: 'Saved today', query: { q: 'settlement', departments: ['PBOC', 5], minImportance: 6, maxImportance: 9 } }, cookie)).json();

    const response = await get(`/api/saved-searches/${old!.id}`, cookie);
    expect(response.status).toBe(200);
    const loaded = await response.json();
    expect(loaded.query).toEqual({ q: 'settlement', departments: [{ code: 'PBOC' }, { id: 5 }], minImportance: 6, maxImportance: 9 });
    expect(loaded.query).toEqual(current.query);
    // The same set: both settlement policies (PBOC at importance 8, SAFE at 6), as /api/search finds them.
    expect(loaded.hitCount).toBe(2);
    const search = await (await get(`/api/search?${new URLSearchParams(criteriaParams(loaded.query))}`, cookie)).json();
    expect(search.policies.map((policy: { title: string }) => policy.title).sort()).toEqual(['Notice on settlement accounts', 'Settlement of cross-border payments']);
    // Its alerts read it the same way.
    const [rule] = await alertRules(ctx.db, { userIds: [user.id] });
    expect(rule).toMatchObject({ ruleId: `search:${old!.id}`, query: current.query });
  });

  it('a stored search that today\'s rules partly refuse is still listed, matches nothing until its owner keeps the rest, and the list never fails', async () => {
    const { cookie, user } = await createSignedInUser(ctx);
    const [outdated] = await ctx.db
      .insert(savedSearches)
      .values({ userId: user.id, name: 'Stored long ago', query: { q: 'settlement', topics: ['not a code'] }, alert: 'daily' })
      .returning();
    const today = await (await post({ name: 'Saved today', query: { q: 'settlement' }, alert: 'daily' }, cookie)).json();

    const response = await get('/api/saved-searches', cookie);
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((search: { name: string; hitCount: number; outdatedFilters: string[] }) => [search.name, search.hitCount, search.outdatedFilters])).toEqual([
      ['Saved today', 2, []],
      ['Stored long ago', 0, ['topics']],
    ]);
    expect(list[1].query).toEqual({ q: 'settlement' });
    // Its alerts match nothing rather than more than it asked for.
    expect((await alertRules(ctx.db, { userIds: [user.id] })).map((rule) => rule.ruleId)).toEqual([`search:${today.id}`]);

    const kept = await patch(outdated!.id, { query: list[1].query }, cookie);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ name: 'Stored long ago', hitCount: 2, outdatedFilters: [], query: { q: 'settlement' } });
    expect((await alertRules(ctx.db, { userIds: [user.id] })).map((rule) => rule.ruleId).sort()).toEqual([`search:${outdated!.id}`, `search:${today.id}`].sort());
  });
});
