import { eq } from 'drizzle-orm';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedSearches, subscriptions } from '../../../db/schema/index.ts';
import { loadLabelledSet } from '../../processing/documents/labelled-set.ts';
import { indexAll, insertPolicies } from '../../search/testing.ts';
import { createSignedInUser, createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

const parser = new Parser();

describe('/api/feeds: RSS 2.0 and Atom, carrying what the reader may read', () => {
  let ctx: TestContext;
  let procurementId: number;
  let subscriber: { cookie: string; userId: number };

  // The State Council's drug procurement pilot (国办发〔2019〕2号), a real document of the labelled set.
  const procurement = loadLabelledSet().find((document) => document.file === 'govcn-08.txt')!;
  const chineseSentence = '国家组织药品集中采购和使用试点工作小组办公室要会同相关部门做好监测分析';
  // The test's own English rendering of the plan's opening (no translation of ours is stored anywhere else).
  const englishSentence = 'Eleven cities including Beijing, Tianjin and Shanghai are selected for the pilot of state-organised centralised drug procurement.';

  // Test data: text that is markup if a feed reader takes it as HTML.
  const markupTitle = 'Statistics <script>alert(1)</script> & <img src=x onerror=alert(2)>';
  const markupDescription = 'Figures <img src=x onerror=alert(3)> and <script>alert(4)</script>';
  // A real State Council notice (国发〔2018〕38号, govcn-57 of the labelled set), filed under MOFCOM
  // here only so that it has a feed of its own. Test data: its opening sentence as text extracted
  // from a page or PDF can arrive, with a backspace, U+FFFE and a literal `&nbsp;`
  // (a lone surrogate cannot reach a feed: stored as UTF-8 it is already U+FFFD).
  const zoneTitle = '国务院关于支持自由贸易试验区深化改革创新若干措施的通知';
  const zoneOpening = '建设自由贸易试验区（以下简称自贸试验区）是党中央、国务院在新形势下全面深化改革和扩大开放的战略举措。';
  const zoneDescription = `建设自由贸易试验区&nbsp;（以下简称自贸试验区）\u0008是党中央、国务院在新形势下全面深化改革\uFFFE和扩大开放的战略举措。`;

  beforeAll(async () => {
    ctx = await createTestContext();
    expect(procurement.story.chineseText).toContain(chineseSentence);
    [procurementId] = await insertPolicies(ctx, [
      {
        title: 'Pilot plan for state-organised centralised drug procurement and use',
        description: 'The State Council General Office issues the pilot plan for volume-based drug procurement in 11 cities.',
        departmentId: 4,
        publishedOn: '2019-01-01',
        industries: ['Healthcare'],
        chineseOriginal: procurement.story.chineseText,
        englishTranslation: `${englishSentence}\n\nGeneric drugs that passed the consistency evaluation are eligible.`,
      },
      { title: 'Notice on settlement accounts', description: 'Rules for payment institutions.', departmentId: 2, publishedOn: '2024-05-01' },
      { title: markupTitle, description: markupDescription, departmentId: 3, publishedOn: '2024-06-01' },
      { title: zoneTitle, description: zoneDescription, departmentId: 10, publishedOn: '2018-11-07' },
    ]) as [number];
    await indexAll(ctx);
    const created = await createSubscriber(ctx);
    subscriber = { cookie: created.cookie, userId: created.user.id };
  });
  afterAll(() => ctx.close());

  const get = (path: string) => ctx.request(path);
  const newToken = async (cookie: string) => {
    const response = await ctx.request('/api/user/feed-token', { cookie, method: 'POST' });
    expect(response.status).toBe(201);
    return ((await response.json()) as { token: string }).token;
  };
  const saveSearch = async (userId: number, query: object, name = 'Drug procurement') =>
    (await ctx.db.insert(savedSearches).values({ userId, name, query, alert: 'daily' }).returning({ id: savedSearches.id }))[0]!.id;

  for (const format of ['atom', 'rss'] as const) {
    it(`a department's ${format} feed parses back, lists its policies with title, department, date, description and link, and is public`, async () => {
      const response = await get(`/api/feeds/departments/sc.${format}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe(format === 'atom' ? 'application/atom+xml; charset=utf-8' : 'application/rss+xml; charset=utf-8');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
      const xml = await response.text();
      const feed = await parser.parseString(xml);
      expect(feed.title).toBe('State Council (SC): new policies');
      expect(feed.items.map((item) => item.title)).toEqual(['Pilot plan for state-organised centralised drug procurement and use']);
      const [item] = feed.items;
      // The link opens the public preview (a feed reader is signed out); the entry's id stays the policy's address.
      expect(item!.link).toBe(`${ctx.config.APP_URL}/policy/${procurementId}/preview`);
      expect(format === 'atom' ? item!.id : item!.guid).toBe(`${ctx.config.APP_URL}/policy/${procurementId}`);
      expect(new Date(item!.isoDate!).toISOString()).toBe('2019-01-01T00:00:00.000Z');
      expect(xml).toContain('The State Council General Office issues the pilot plan');
      expect(xml).toContain('State Council');
      // A visitor's feed never carries paid text.
      expect(xml).not.toContain(chineseSentence);
      expect(xml).not.toContain(englishSentence);
    });
  }

  it('titles and summaries go out as text: markup in them reaches the reader as the characters typed, and the XML holds no such element', async () => {
    for (const format of ['atom', 'rss'] as const) {
      const xml = await (await get(`/api/feeds/departments/nbs.${format}`)).text();
      const [item] = (await parser.parseString(xml)).items;
      expect(item!.title).toBe(markupTitle);
      // Atom's summary is text; RSS's description is HTML by definition, so it is escaped as HTML
      // and its text (rss-parser's snippet: the HTML's text) is the description as written.
      expect(format === 'atom' ? item!.summary : item!.contentSnippet).toBe(markupDescription);
      expect(xml).not.toMatch(/<script|<img|CDATA/i);
    }
  });

  it('characters XML cannot carry are left out and text shaped like a reference stays text: the feed still parses', async () => {
    for (const format of ['atom', 'rss'] as const) {
      const xml = await (await get(`/api/feeds/departments/mofcom.${format}`)).text();
      // rss-parser reads past such characters; a strict XML reader refuses the whole feed.
      expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
      const [item] = (await parser.parseString(xml)).items;
      expect(item!.title).toBe(zoneTitle);
      expect(format === 'atom' ? item!.summary : item!.contentSnippet).toBe(zoneOpening.replace('（', '&nbsp;（'));
    }
  });

  it('an unknown department is a 404', async () => {
    expect((await get('/api/feeds/departments/XYZ.atom')).status).toBe(404);
    expect((await get('/api/feeds/departments/SC.json')).status).toBe(404);
  });

  it('a saved search\'s feed is private: 404 without a token, with a made-up one, or with another user\'s', async () => {
    const searchId = await saveSearch(subscriber.userId, { q: 'drug procurement' });
    const other = await createSignedInUser(ctx);
    const othersToken = await newToken(other.cookie);
    for (const query of ['', '?token=', '?token=abc', `?token=${'a'.repeat(52)}`, `?token=${othersToken}`]) {
      const response = await get(`/api/feeds/searches/${searchId}.rss${query}`);
      expect(response.status, query).toBe(404);
      expect((await response.json()).error.message).toBe('Feed not found');
    }
  });

  it('with the subscriber\'s token a saved search\'s feed carries what they may read, privately; a new token revokes the old', async () => {
    const searchId = await saveSearch(subscriber.userId, { q: 'consistency evaluation' }, 'Generics');
    const token = await newToken(subscriber.cookie);
    const status = await (await ctx.request('/api/user/feed-token', { cookie: subscriber.cookie })).json();
    expect(status.createdAt).toEqual(expect.any(String));

    for (const format of ['atom', 'rss'] as const) {
      const response = await get(`/api/feeds/searches/${searchId}.${format}?token=${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('private, max-age=300');
      const xml = await response.text();
      const feed = await parser.parseString(xml);
      expect(feed.title).toBe('Generics: China Policy Tracker');
      // Found by words of the full translation, which only an entitled reader's search matches.
      expect(feed.items.map((item) => item.link)).toEqual([`${ctx.config.APP_URL}/policy/${procurementId}/preview`]);
      expect(xml).toContain(englishSentence);
    }

    const replacement = await newToken(subscriber.cookie);
    expect((await get(`/api/feeds/searches/${searchId}.atom?token=${token}`)).status).toBe(404);
    expect((await get(`/api/feeds/searches/${searchId}.atom?token=${replacement}`)).status).toBe(200);
  });

  it('a lapsed subscriber\'s token reads what a visitor reads', async () => {
    const lapsed = await createSubscriber(ctx);
    const byPaidWords = await saveSearch(lapsed.user.id, { q: 'consistency evaluation' }, 'Generics');
    const byDepartment = await saveSearch(lapsed.user.id, { departments: ['SC'] }, 'State Council');
    const token = await newToken(lapsed.cookie);
    expect(await (await get(`/api/feeds/searches/${byPaidWords}.atom?token=${token}`)).text()).toContain(englishSentence);

    await ctx.db.update(subscriptions).set({ status: 'canceled', cancelAtPeriodEnd: false }).where(eq(subscriptions.userId, lapsed.user.id));
    const paid = await parser.parseString(await (await get(`/api/feeds/searches/${byPaidWords}.atom?token=${token}`)).text());
    expect(paid.items).toEqual([]);
    const department = await (await get(`/api/feeds/searches/${byDepartment}.rss?token=${token}`)).text();
    expect((await parser.parseString(department)).items.map((item) => item.title)).toEqual(['Pilot plan for state-organised centralised drug procurement and use']);
    expect(department).not.toContain(englishSentence);
    expect(department).not.toContain(chineseSentence);
  });

  it('the personal feed holds every rule with alerts on, for the token\'s owner only', async () => {
    const reader = await createSubscriber(ctx);
    await ctx.db.insert(savedSearches).values([
      { userId: reader.user.id, name: 'Payments', query: { q: 'settlement' }, alert: 'immediate' },
      { userId: reader.user.id, name: 'Switched off', query: { departments: ['SC'] }, alert: 'off' },
    ]);
    const token = await newToken(reader.cookie);
    const response = await get(`/api/feeds/personal.atom?token=${token}`);
    expect(response.status).toBe(200);
    const feed = await parser.parseString(await response.text());
    expect(feed.items.map((item) => item.title)).toEqual(['Notice on settlement accounts']);
    expect((await get('/api/feeds/personal.rss')).status).toBe(404);
  });

  it('the feed token calls need a session', async () => {
    expect((await ctx.request('/api/user/feed-token', { method: 'POST' })).status).toBe(401);
    expect((await ctx.request('/api/user/feed-token')).status).toBe(401);
    expect((await ctx.request('/api/user/feed-token', { method: 'DELETE' })).status).toBe(401);
  });

  it('removing the feed token: 204, its feed URLs answer 404, and the account has no token (removing none is a 204 too)', async () => {
    const reader = await createSubscriber(ctx);
    const searchId = await saveSearch(reader.user.id, { q: 'consistency evaluation' }, 'Generics');
    const token = await newToken(reader.cookie);
    const othersToken = await newToken(subscriber.cookie);
    expect((await get(`/api/feeds/searches/${searchId}.rss?token=${token}`)).status).toBe(200);

    expect((await ctx.request('/api/user/feed-token', { cookie: reader.cookie, method: 'DELETE' })).status).toBe(204);
    expect((await get(`/api/feeds/searches/${searchId}.rss?token=${token}`)).status).toBe(404);
    expect((await get(`/api/feeds/personal.atom?token=${token}`)).status).toBe(404);
    expect(await (await ctx.request('/api/user/feed-token', { cookie: reader.cookie })).json()).toEqual({ createdAt: null });
    expect((await ctx.request('/api/user/feed-token', { cookie: reader.cookie, method: 'DELETE' })).status).toBe(204);
    // Another user's token is untouched.
    expect((await get(`/api/feeds/departments/sc.rss?token=${othersToken}`)).status).toBe(200);
  });
});
