import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../db/schema/index.ts';
import { callWithKey, createKeyFor, fullTextOnlyWord, insertPublicApiPolicies } from '../../public-api/testing.ts';
import { createSignedInUser, createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/**
 * /api/v1 reads as the key's user may read at the moment of the call, with the key alone: no key,
 * a revoked key or a cookie get 401; a lapsed subscription's key reads what a visitor reads.
 */
describe('/api/v1 with and without a key', () => {
  let ctx: TestContext;
  let ids: Awaited<ReturnType<typeof insertPublicApiPolicies>>;
  let subscriber: { userId: number; cookie: string; key: string };
  let lapsed: { userId: number; key: string };
  let revokedKey: string;

  /** Every call of the API, with a path that answers 200 for a valid key. */
  const calls = () => [
    '/api/v1/policies',
    `/api/v1/policies/${ids.payment}`,
    '/api/v1/search?q=payment',
    '/api/v1/suggestions?q=pay',
    '/api/v1/departments',
    '/api/v1/industries',
    '/api/v1/topics',
    '/api/v1/collections',
  ];

  beforeAll(async () => {
    ctx = await createTestContext();
    ids = await insertPublicApiPolicies(ctx);
    const paid = await createSubscriber(ctx);
    subscriber = { userId: paid.user.id, cookie: paid.cookie, key: (await createKeyFor(ctx, paid.cookie)).key };
    const once = await createSubscriber(ctx);
    lapsed = { userId: once.user.id, key: (await createKeyFor(ctx, once.cookie)).key };
    const revoked = await createKeyFor(ctx, paid.cookie, 'Old script');
    expect((await ctx.request(`/api/user/api-keys/${revoked.id}`, { method: 'DELETE', cookie: paid.cookie })).status).toBe(204);
    revokedKey = revoked.key;
  });
  afterAll(() => ctx.close());

  it('answers every call 401 without a key, naming the Bearer scheme', async () => {
    for (const path of calls()) {
      const response = await callWithKey(ctx, path, null);
      expect(response.status, path).toBe(401);
      expect(response.headers.get('WWW-Authenticate'), path).toMatch(/^Bearer /);
      expect((await response.json()).error).toEqual({ code: 'unauthorized', message: 'Send your API key as "Authorization: Bearer <key>"' });
    }
  });

  it("answers every call 401 to a subscriber's session cookie alone", async () => {
    for (const path of calls()) {
      const response = await callWithKey(ctx, path, null, { cookie: subscriber.cookie });
      expect(response.status, path).toBe(401);
    }
  });

  it('answers every call 401 with a revoked key, a made-up key or another scheme', async () => {
    const madeUp = `cpt_${'a'.repeat(52)}`;
    for (const path of calls()) {
      for (const key of [revokedKey, madeUp, 'not-a-key']) {
        const response = await callWithKey(ctx, path, key);
        expect(response.status, `${path} ${key}`).toBe(401);
        expect((await response.json()).error.code).toBe('unauthorized');
      }
      const basic = await ctx.app.request(path, { headers: { Authorization: `Basic ${btoa(`user:${subscriber.key}`)}` } });
      expect(basic.status, path).toBe(401);
    }
  });

  it("answers every call 200 to a subscriber's key", async () => {
    for (const path of calls()) {
      const response = await callWithKey(ctx, path, subscriber.key);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Type'), path).toMatch(/^application\/json/);
    }
  });

  it("gives a subscriber's key the full text, and search over it", async () => {
    const policy = await (await callWithKey(ctx, `/api/v1/policies/${ids.payment}`, subscriber.key)).json();
    expect(policy).toMatchObject({
      id: ids.payment,
      access: 'full',
      publishedOn: '2023-12-09',
      department: { id: 2, code: 'PBOC' },
      importance: 8,
      industries: [{ id: 1, name: 'Financial Services' }],
      analysis: ['Consolidates the PBOC rules of 2010 into a State Council regulation.'],
    });
    expect(policy.chineseOriginal).toContain('第一条 为了规范非银行支付机构行为');
    expect(policy.englishTranslation).toContain('prevent and defuse risks');
    const search = await (await callWithKey(ctx, `/api/v1/search?q=${fullTextOnlyWord}`, subscriber.key)).json();
    expect(search.policies.map((hit: { id: number }) => hit.id)).toEqual([ids.payment]);
    expect(search.policies[0].highlight.passage.some((part: { text: string; match: boolean }) => part.match && /defuse/i.test(part.text))).toBe(true);
    const chinese = await (await callWithKey(ctx, `/api/v1/search?q=${encodeURIComponent('防范化解')}`, subscriber.key)).json();
    expect(chinese.total).toBe(1);
  });

  it("gives a lapsed subscription's key what a visitor reads: the preview, and no search in the full text", async () => {
    const before = await (await callWithKey(ctx, `/api/v1/policies/${ids.payment}`, lapsed.key)).json();
    expect(before.access).toBe('full');
    // The subscription lapses: the same key reads the preview from the next call on.
    await ctx.db
      .update(subscriptions)
      .set({ status: 'canceled', currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, lapsed.userId));

    const policy = await (await callWithKey(ctx, `/api/v1/policies/${ids.payment}`, lapsed.key)).json();
    expect(policy).toMatchObject({
      access: 'preview',
      title: 'Regulations on the Supervision and Administration of Non-Bank Payment Institutions',
      keyPoints: [{ title: 'Licensing', content: 'Payment business needs a licence from the PBOC.' }],
      analysis: null,
      englishTranslation: null,
      chineseOriginal: null,
      industryImpacts: null,
      translation: null,
    });
    const search = await (await callWithKey(ctx, `/api/v1/search?q=${fullTextOnlyWord}`, lapsed.key)).json();
    expect(search.total).toBe(0);
    expect(search.policies).toEqual([]);
    const chinese = await (await callWithKey(ctx, `/api/v1/search?q=${encodeURIComponent('防范化解')}`, lapsed.key)).json();
    expect(chinese.total).toBe(0);
    const suggestions = await (await callWithKey(ctx, `/api/v1/suggestions?q=${fullTextOnlyWord}`, lapsed.key)).json();
    expect(suggestions.suggestions).toEqual([]);
    // What a visitor may search still answers.
    const title = await (await callWithKey(ctx, '/api/v1/search?q=payment%20institutions', lapsed.key)).json();
    expect(title.policies.map((hit: { id: number }) => hit.id)).toEqual([ids.payment]);
  });

  it('lists policies with the search filters, sort and paging, in the documented shape', async () => {
    const page = await (await callWithKey(ctx, '/api/v1/policies?departments=PBOC,MIIT&sortBy=oldest&pageSize=10', subscriber.key)).json();
    expect(page).toEqual({
      policies: [
        expect.objectContaining({ id: ids.payment, publishedOn: '2023-12-09', department: { id: 2, code: 'PBOC' } }),
        expect.objectContaining({ id: ids.cloud, publishedOn: '2024-06-01', department: { id: 8, code: 'MIIT' } }),
      ],
      page: 1,
      pageSize: 10,
      total: 2,
      totalPages: 1,
    });
    const filtered = await (await callWithKey(ctx, '/api/v1/policies?industries=Technology&startDate=2024-01-01', subscriber.key)).json();
    expect(filtered.policies.map((policy: { id: number }) => policy.id)).toEqual([ids.cloud]);
  });

  it('takes any page size from 1 to 100, as the docs say, and refuses 0 and 101 naming the limit', async () => {
    for (const pageSize of [1, 30, 100]) {
      const response = await callWithKey(ctx, `/api/v1/policies?pageSize=${pageSize}&sortBy=oldest`, subscriber.key);
      expect(response.status, String(pageSize)).toBe(200);
      const page = await response.json();
      expect(page.pageSize).toBe(pageSize);
      expect(page.policies).toHaveLength(Math.min(pageSize, page.total));
      expect(page.totalPages).toBe(Math.ceil(page.total / pageSize));
    }
    for (const [pageSize, message] of [['0', 'pageSize: must be at least 1'], ['101', 'pageSize: must be at most 100']]) {
      const response = await callWithKey(ctx, `/api/v1/search?pageSize=${pageSize}`, subscriber.key);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toEqual({ code: 'bad_request', message });
    }
  });

  it('refuses malformed parameters with 400 naming them, and answers 404 for an unknown policy', async () => {
    const cases: [string, RegExp][] = [
      ['/api/v1/policies?pageSize=500', /^pageSize: /],
      ['/api/v1/policies?startDate=2024-02-30', /^startDate: /],
      ['/api/v1/search?sortBy=random', /^sortBy: /],
      ['/api/v1/policies?departments=%7Bx%7D', /^departments\.0: /],
      ['/api/v1/policies/abc', /^id: /],
      ['/api/v1/suggestions?q=pay&limit=99', /^limit: /],
    ];
    for (const [path, message] of cases) {
      const response = await callWithKey(ctx, path, subscriber.key);
      expect(response.status, path).toBe(400);
      const body = await response.json();
      expect(body.error.code, path).toBe('bad_request');
      expect(body.error.message, path).toMatch(message);
    }
    const missing = await callWithKey(ctx, '/api/v1/policies/999999', subscriber.key);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'No policy with this id' } });
  });

  it("reads the key's user's own collections only", async () => {
    const created = await ctx.request('/api/collections', { json: { name: 'Payments watch' }, cookie: subscriber.cookie });
    const collection = await created.json();
    await ctx.request('/api/collections/add-policy', { json: { collectionId: collection.id, policyId: ids.payment }, cookie: subscriber.cookie });
    const own = await (await callWithKey(ctx, '/api/v1/collections', subscriber.key)).json();
    expect(own.collections).toEqual([
      { id: collection.id, name: 'Payments watch', createdAt: collection.createdAt, policyCount: 1, policies: [{ id: ids.payment, title: expect.any(String) }] },
    ]);
    const other = await (await callWithKey(ctx, '/api/v1/collections', lapsed.key)).json();
    expect(other.collections).toEqual([]);
  });
});

describe('an API key on the web app\'s private calls', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is refused: the session middleware reads cookies only', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const { key } = await createKeyFor(ctx, cookie);
    for (const path of ['/api/user', '/api/collections', '/api/user/api-keys', '/api/subscription']) {
      const response = await callWithKey(ctx, path, key);
      expect(response.status, path).toBe(401);
    }
  });

  it("gives an admin's key no admin call, while it reads /api/v1 in full", async () => {
    for (const role of ['admin', 'super_admin', 'editor'] as const) {
      const { cookie } = await createSignedInUser(ctx, { role });
      const { key } = await createKeyFor(ctx, cookie);
      for (const path of ['/api/admin/users', '/api/admin/stats', '/api/admin/policies']) {
        const response = await callWithKey(ctx, path, key);
        expect(response.status, `${role} ${path}`).toBe(401);
      }
      const ok = await callWithKey(ctx, '/api/v1/departments', key);
      expect(ok.status).toBe(200);
    }
  });
});
