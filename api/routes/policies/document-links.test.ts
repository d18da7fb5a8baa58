import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedDocuments, saveLinkedDocuments } from '../../../db/linked-documents.ts';
import { policyLinks, type Role } from '../../../db/schema/index.ts';
import { refreshEffectivenessJob } from '../../jobs/refresh-effectiveness.ts';
import { loadStoryJobSettings } from '../../processing/config.ts';
import { createRulesAnalyser } from '../../processing/rules/index.ts';
import { callWithKey, createKeyFor } from '../../public-api/testing.ts';
import { indexAll } from '../../search/testing.ts';
import type { FollowList } from '../../shared/follow-schemas.ts';
import type { LinkCandidates, ReviewedLinks } from '../../shared/link-schemas.ts';
import type { PolicyDetail, SearchResponse } from '../../shared/search.ts';
import { adminRoleMatrix, createSignedInUser, createSubscriber, signInEveryRole, type Caller } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/**
 * Links between real documents and their effectiveness as readers get them (issue 42 items 1-3
 * and 6): the detail page's answer, the search filter and facet, /api/v1, the clock that turns a
 * regulation in force, following a policy, and the back office's links.
 */

let ctx: TestContext;
let ids: Map<string, number>;
let cookies: Partial<Record<Caller, string>>;
let userIds: Partial<Record<Role, number>>;
const id = (file: string) => ids.get(file)!;
const repealed = ['nuclear-dual-use-export-control-regulations-2007', 'missile-export-control-regulations-2002', 'biological-dual-use-export-control-regulations-2002'];

beforeAll(async () => {
  ctx = await createTestContext();
  // Taken in on Oct 15, 2024: the dual-use regulation is published and takes effect on Dec 1, 2024.
  ids = await ctx.db.transaction((tx) => saveLinkedDocuments(tx, linkedDocuments, new Date('2024-10-15T02:00:00Z')));
  ({ cookies, ids: userIds } = await signInEveryRole(ctx));
  await indexAll(ctx);
});
afterAll(() => ctx.close());

const detail = async (policyId: number, cookie?: string): Promise<PolicyDetail> => (await ctx.request(`/api/policies/${policyId}`, { cookie })).json();
const search = async (query: string): Promise<SearchResponse> => (await ctx.request(`/api/search?${query}`)).json();
const runClock = (at: string) =>
  refreshEffectivenessJob.handle({}, { db: ctx.db, analyser: createRulesAnalyser({ now: () => new Date(at) }), now: () => new Date(at), timeoutMs: 1000, retryCount: 0, retryLimit: 0, settings: loadStoryJobSettings({}) });

describe('GET /api/policies/{id}: effectiveness, links, unresolved citations', () => {
  it('shows a visitor the status and the links of a regulation not yet in force', async () => {
    const body = await detail(id('dual-use-items-export-control-regulations-2024'));
    expect(body.effectiveness).toEqual({ status: 'not_yet_in_force', since: null, reason: 'Takes effect on Dec 1, 2024' });
    expect(body.links).toEqual(
      expect.arrayContaining([
        { kind: 'cites', policyId: id('export-control-law-2020'), title: 'Export Control Law of the People’s Republic of China' },
        ...repealed.map((file) => ({ kind: 'repeals', policyId: id(file), title: linkedDocuments.find((document) => document.file === file)!.title })),
      ]),
    );
    expect(body.links).toHaveLength(4);
    // What the text cites beyond the corpus is words of the text: a subscriber's.
    expect(body.unresolvedCitations).toEqual([]);
  });

  it('gives a subscriber what the text cites that is not in the corpus', async () => {
    const { cookie } = await createSubscriber(ctx);
    const cited = (await detail(id('dual-use-items-export-control-regulations-2024'), cookie)).unresolvedCitations;
    expect(cited).toContain('有关化学品及相关设备和技术出口管制办法');
    expect(cited).not.toContain('中华人民共和国出口管制法');
  });

  it('says the 2009 Statistics Law was replaced by its 2024 version, and the implementing regulation cites the law, not itself', async () => {
    const law2009 = await detail(id('statistics-law-2009'));
    expect(law2009.effectiveness).toEqual({
      status: 'amended',
      since: '2024-09-13',
      reason: 'Replaced by a newer version, Statistics Law of the People’s Republic of China (2024 amendment) on Sep 13, 2024',
    });
    expect(law2009.links).toEqual([
      { kind: 'replacedBy', policyId: id('statistics-law-2024'), title: 'Statistics Law of the People’s Republic of China (2024 amendment)' },
      { kind: 'citedBy', policyId: id('statistics-law-implementing-regulations-2017'), title: 'Regulations for the Implementation of the Statistics Law of the People’s Republic of China' },
    ]);
  });
});

describe('the clock, the index and every search road', () => {
  it('filters and counts by effectiveness; when Dec 1, 2024 comes the regulation is in force, the old ones repealed, and the index follows', async () => {
    const before = await search('effectiveness=["not_yet_in_force"]');
    expect(before.policies.map((card) => card.id)).toEqual([id('dual-use-items-export-control-regulations-2024')]);
    expect(before.policies[0]!.effectiveness).toBe('not_yet_in_force');
    expect(before.facets.effectiveness).toMatchObject({ not_yet_in_force: 1, amended: 1 });

    expect(await runClock('2024-11-30T15:00:00Z')).toBe('0 policies changed status on 2024-11-30');
    // 16:00 UTC is midnight in Beijing.
    expect(await runClock('2024-11-30T16:05:00Z')).toBe('4 policies changed status on 2024-12-01');
    await indexAll(ctx);
    const after = await search('effectiveness=["repealed"]');
    expect(after.policies.map((card) => card.id).sort()).toEqual(repealed.map(id).sort());
    expect(after.facets.effectiveness).toEqual({ in_force: 5, amended: 1, repealed: 3 });
    expect((await detail(id('missile-export-control-regulations-2002'))).effectiveness).toEqual({
      status: 'repealed',
      since: '2024-12-01',
      reason: 'Repealed by Regulations of the People’s Republic of China on the Export Control of Dual-Use Items on Dec 1, 2024',
    });
  });

  it('answers /api/v1 with the same effectiveness, links and filter', async () => {
    const { cookie } = await createSubscriber(ctx);
    const { key } = await createKeyFor(ctx, cookie);
    const policy = await (await callWithKey(ctx, `/api/v1/policies/${id('missile-export-control-regulations-2002')}`, key)).json();
    expect(policy.effectiveness).toEqual({ status: 'repealed', since: '2024-12-01', reason: expect.stringMatching(/^Repealed by Regulations/) });
    expect(policy.links).toEqual([{ kind: 'repealedBy', policyId: id('dual-use-items-export-control-regulations-2024'), title: expect.any(String) }]);
    expect(policy.unresolvedCitations).toContain('中华人民共和国军品出口管理条例');
    const found = await (await callWithKey(ctx, '/api/v1/search?effectiveness=in_force,not_yet_in_force', key)).json();
    expect(found.policies.map((hit: { id: number; effectiveness: { status: string } }) => [hit.id, hit.effectiveness.status])).toContainEqual([
      id('dual-use-items-export-control-regulations-2024'),
      'in_force',
    ]);
    expect((await callWithKey(ctx, '/api/v1/search?effectiveness=revoked', key)).status).toBe(400);
  });

  it('refuses an effectiveness that is not one with a clear error', async () => {
    const response = await ctx.request('/api/search?effectiveness=["lapsed"]');
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/each effectiveness must be one of in_force, not_yet_in_force, amended, repealed, unknown/);
  });
});

describe('GET/POST /api/user/follows, DELETE /api/user/follows/{policyId}', () => {
  it('follows a policy once, lists it with its status, and stops following it', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const policyId = id('foreign-exchange-administration-regulations-2008');
    expect((await ctx.request('/api/user/follows', { cookie })).status).toBe(200);
    const first = await ctx.request('/api/user/follows', { cookie, json: { policyId } });
    expect(first.status).toBe(201);
    const again = await ctx.request('/api/user/follows', { cookie, json: { policyId } });
    expect(again.status).toBe(200);
    const list: FollowList = await again.json();
    expect(list.follows).toEqual([{ policyId, title: expect.stringContaining('Foreign Exchange'), effectiveness: 'in_force', followedAt: expect.any(String) }]);
    expect((await ctx.request(`/api/user/follows/${policyId}`, { cookie, method: 'DELETE' })).status).toBe(204);
    expect((await ctx.request(`/api/user/follows/${policyId}`, { cookie, method: 'DELETE' })).status).toBe(404);
    expect(((await (await ctx.request('/api/user/follows', { cookie })).json()) as FollowList).follows).toEqual([]);
  });

  it('refuses a visitor, a missing policy and a malformed id', async () => {
    const { cookie } = await createSignedInUser(ctx);
    expect((await ctx.request('/api/user/follows')).status).toBe(401);
    expect((await ctx.request('/api/user/follows', { cookie, json: { policyId: 999_999 } })).status).toBe(404);
    expect((await ctx.request('/api/user/follows', { cookie, json: { policyId: 'one' } })).status).toBe(400);
    expect((await ctx.request('/api/user/follows/abc', { cookie, method: 'DELETE' })).status).toBe(400);
  });
});

describe('/api/admin/links: the back office reviews and adds links', () => {
  it.each(adminRoleMatrix)('GET /api/admin/links/proposed as %s answers %i', async (who, status) => {
    expect((await ctx.request('/api/admin/links/proposed', { cookie: cookies[who] })).status).toBe(status);
  });

  it.each(adminRoleMatrix)('POST /api/admin/links as %s answers %i (201 for staff)', async (who, status) => {
    const response = await ctx.request('/api/admin/links', {
      cookie: cookies[who],
      json: { fromPolicyId: id('statistics-law-implementing-regulations-2017'), toPolicyId: id('statistics-law-2024'), kind: 'sameDocument' },
    });
    expect(response.status).toBe(status === 200 ? 201 : status);
  });

  it('adds an amendment by hand, which changes the status at once; removing it restores the status', async () => {
    const cookie = cookies.admin!;
    const fx = id('foreign-exchange-administration-regulations-2008');
    // An editor records that the 2024 dual-use regulation amends the FX regulation (a hand-made link, for the test of the calls).
    const added = await ctx.request('/api/admin/links', {
      cookie,
      json: { fromPolicyId: id('dual-use-items-export-control-regulations-2024'), toPolicyId: fx, kind: 'amends', effectiveOn: '2024-12-01' },
    });
    expect(added.status).toBe(201);
    const { id: linkId } = await added.json();
    expect((await detail(fx)).effectiveness.status).toBe('amended');
    expect((await ctx.request(`/api/admin/links/${linkId}`, { cookie, method: 'DELETE' })).status).toBe(204);
    expect((await detail(fx)).effectiveness.status).toBe('in_force');
    expect((await detail(fx)).links).toEqual([]);
    expect((await ctx.request(`/api/admin/links/${linkId + 1000}/confirm`, { cookie, json: {} })).status).toBe(404);
    const self = await ctx.request('/api/admin/links', { cookie, json: { fromPolicyId: fx, toPolicyId: fx, kind: 'amends' } });
    expect(self.status).toBe(400);
    expect((await self.json()).error.message).toMatch(/cannot be linked to itself/);
    const proposed: ReviewedLinks = await (await ctx.request('/api/admin/links/proposed', { cookie })).json();
    expect(proposed.links).toEqual([]);
    void userIds;
  });
});

describe('/api/admin/links: a proposed link confirmed, a policy\'s links, the policies to link to', () => {
  const [law2009, law2024] = [() => id('statistics-law-2009'), () => id('statistics-law-2024')];
  /** The 2024 law replacing the 2009 one, as the reader proposes it when the two versions' issuers differ. */
  const proposeReplacement = () =>
    ctx.db
      .update(policyLinks)
      .set({ state: 'proposed', createdBy: null })
      .where(and(eq(policyLinks.fromPolicyId, law2024()), eq(policyLinks.toPolicyId, law2009()), eq(policyLinks.kind, 'replaces')))
      .returning({ id: policyLinks.id })
      .then(([row]) => row!.id);

  it.each(adminRoleMatrix)('POST /api/admin/links/{id}/confirm as %s answers %i', async (who, status) => {
    const linkId = await proposeReplacement();
    expect((await ctx.request(`/api/admin/links/${linkId}/confirm`, { cookie: cookies[who], json: {} })).status).toBe(status);
  });

  it.each(adminRoleMatrix)('DELETE /api/admin/links/{id} as %s answers %i (204 for staff)', async (who, status) => {
    const linkId = await proposeReplacement();
    expect((await ctx.request(`/api/admin/links/${linkId}`, { cookie: cookies[who], method: 'DELETE' })).status).toBe(status === 200 ? 204 : status);
    // The removed link back as the reader read it, for the next caller.
    await ctx.db.update(policyLinks).set({ state: 'confirmed', createdBy: null }).where(eq(policyLinks.id, linkId));
  });

  it.each(adminRoleMatrix)('GET /api/admin/links?policyId= as %s answers %i', async (who, status) => {
    expect((await ctx.request(`/api/admin/links?policyId=${law2009()}`, { cookie: cookies[who] })).status).toBe(status);
  });

  it.each(adminRoleMatrix)('GET /api/admin/links/candidates?q= as %s answers %i', async (who, status) => {
    expect((await ctx.request('/api/admin/links/candidates?q=统计法', { cookie: cookies[who] })).status).toBe(status);
  });

  it('lists a proposed link with both documents and its words; readers see it only once an editor confirms it', async () => {
    const cookie = cookies.admin!;
    const linkId = await proposeReplacement();
    const proposed: ReviewedLinks = await (await ctx.request('/api/admin/links/proposed', { cookie })).json();
    expect(proposed.links).toEqual([
      {
        id: linkId,
        kind: 'replaces',
        state: 'proposed',
        origin: 'title',
        evidence: 'A later version of the same title',
        from: { id: law2024(), title: 'Statistics Law of the People’s Republic of China (2024 amendment)', publishedOn: '2024-09-13' },
        to: { id: law2009(), title: 'Statistics Law of the People’s Republic of China (2009 revision)', publishedOn: '2009-06-27' },
      },
    ]);
    expect((await detail(law2009())).links.map((link) => link.kind)).toEqual(['citedBy']);
    const policyLinksAnswer: ReviewedLinks = await (await ctx.request(`/api/admin/links?policyId=${law2009()}`, { cookie })).json();
    expect(policyLinksAnswer.links.map((link) => [link.id, link.state])).toEqual([[linkId, 'proposed']]);

    expect((await ctx.request(`/api/admin/links/${linkId}/confirm`, { cookie, json: {} })).status).toBe(200);
    expect((await detail(law2009())).links[0]).toEqual({ kind: 'replacedBy', policyId: law2024(), title: 'Statistics Law of the People’s Republic of China (2024 amendment)' });
    expect((await detail(law2009())).effectiveness.status).toBe('amended');
    expect((await (await ctx.request('/api/admin/links/proposed', { cookie })).json()).links).toEqual([]);
  });

  it('finds the other end by document number in any bracket, by Chinese or English title, and refuses a query too short or a bad id', async () => {
    const cookie = cookies.admin!;
    const find = async (q: string): Promise<LinkCandidates> => (await ctx.request(`/api/admin/links/candidates?q=${encodeURIComponent(q)}`, { cookie })).json();
    // The 2008 FX regulation's own number, written with half-width digits and no 中华人民共和国.
    expect((await find('国务院令第532号')).policies.map((policy) => policy.id)).toEqual([id('foreign-exchange-administration-regulations-2008')]);
    expect((await find('统计法实施条例')).policies.map((policy) => policy.id)).toEqual([id('statistics-law-implementing-regulations-2017')]);
    expect((await find('Statistics Law')).policies.map((policy) => policy.publishedOn)).toEqual(['2024-09-13', '2017-05-28', '2009-06-27']);
    const short = await ctx.request('/api/admin/links/candidates?q=x', { cookie });
    expect(short.status).toBe(400);
    expect((await short.json()).error.message).toMatch(/at least 2 characters/);
    expect((await ctx.request('/api/admin/links?policyId=abc', { cookie })).status).toBe(400);
  });
});
