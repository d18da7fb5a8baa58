import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentList } from '../../db/reference-data.ts';
import { alertChannels } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { loadReadingAid } from '../reading/dictionary.ts';
import { loadCrossLanguageDocuments } from '../search/cross-language-set.ts';
import { indexAll } from '../search/testing.ts';
import { createSignedInUser, createSubscriber } from '../test/accounts.ts';
import type { TestContext } from '../test/context.ts';
import { createAlertTestWorld, startWebhookEndpoint } from './testing.ts';

/**
 * A saved search's alert, count and feed find what the search page finds, its Chinese matches
 * included (issue 43, decision 028): an English saved search fires for a Chinese-only policy and
 * says which Chinese term it matched for which English words. Real Postgres, Meilisearch, an SMTP
 * server and a local Slack endpoint; real laws of api/search/cross-language-set (a rare earth
 * regulation, a food safety law, carbon emissions trading rules), taken in with their Chinese text only.
 */

let world: Awaited<ReturnType<typeof createAlertTestWorld>>;
let ctx: TestContext;
let slack: Awaited<ReturnType<typeof startWebhookEndpoint>>;

const documents = loadCrossLanguageDocuments();
const law = (file: string) => documents.find((document) => document.file === file)!;
const rareEarth = law('law-04.txt');
const foodSafety = law('law-11.txt');
const carbonTrading = law('law-07.txt');
const stateCouncil = departmentList.find((department) => department.code === 'SC')!.id;

/** A Chinese-only policy (no English text yet) of a real law; searchable once the indexer has passed (`indexAll`). */
const chineseOnlyPolicy = (document: (typeof documents)[number]) =>
  createPolicy(ctx.db, { title: document.title, description: '', chineseOriginal: document.chineseText, publishedOn: document.publishedOn, departmentId: stateCouncil });

const saveSearch = async (cookie: string, name: string, q: string, alert: 'off' | 'immediate' | 'daily') => {
  const response = await ctx.request('/api/saved-searches', { cookie, json: { name, query: { q }, alert } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; hitCount: number };
};
const savedSearches = async (cookie: string) => (await (await ctx.request('/api/saved-searches', { cookie })).json()) as { id: number; hitCount: number }[];
const feedToken = async (cookie: string) => ((await (await ctx.request('/api/user/feed-token', { cookie, method: 'POST' })).json()) as { token: string }).token;

beforeAll(async () => {
  // The dictionaries the first English query would load, loaded before the tests' clocks run.
  loadReadingAid();
  world = await createAlertTestWorld({ ALERT_WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true' });
  ctx = world.ctx;
  slack = await startWebhookEndpoint();
  // The index is built (its settings applied with its first policy) before the first search is saved: its count is a search.
  await world.newPolicy('govcn-01.txt');
});
afterAll(async () => {
  await slack?.stop();
  await world?.close();
});

describe('cross-language alerts, counts and feeds', () => {
  it("an English saved search e-mails a Chinese-only policy within the pipeline, saying it matched 稀土 for 'rare earth'; a policy it does not match sends nothing", async () => {
    const english = await createSubscriber(ctx);
    const chinese = await createSubscriber(ctx);
    await saveSearch(english.cookie, 'Rare earth', 'rare earth', 'immediate');
    await saveSearch(chinese.cookie, '稀土', '稀土', 'immediate');
    await ctx.db.insert(alertChannels).values({ userId: english.user.id, kind: 'slack', name: 'Team', url: `${slack.url}/services/T0/B0/x`, secret: null });

    const policy = await chineseOnlyPolicy(rareEarth);
    const other = await chineseOnlyPolicy(foodSafety);
    await indexAll(ctx);
    await world.runAlerts(new Date());

    const [mail, ...more] = world.mailsTo(english.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`New policy: ${rareEarth.title}`);
    expect(mail!.text).toContain('Matches for “Rare earth”');
    expect(mail!.text).toContain("matched 稀土 for 'rare earth'");
    expect(mail!.html).toContain(`/policy/${policy.id}?matched=`);
    expect(mail!.html).not.toContain(`/policy/${other.id}`);
    // Slack says the same.
    const posted = slack.received.map((request) => request.body);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toContain(`/policy/${policy.id}`);
    expect(posted[0]).toContain("matched 稀土 for 'rare earth'");
    // Its link opens the original with the term marked (the policy page's `matched` parameter).
    const slackText = (JSON.parse(posted[0]!) as { blocks: { text?: { text: string } }[] }).blocks.map((block) => block.text?.text ?? '').join('\n');
    const link = new URL(/<(http[^|>]*)\|/.exec(slackText)![1]!);
    expect(link.pathname).toBe(`/policy/${policy.id}`);
    expect(JSON.parse(link.searchParams.get('matched')!)).toEqual([{ chinese: '稀土', english: 'rare earth' }]);

    // The Chinese saved search finds the policy by its own words: an e-mail with no dictionary note.
    const [chineseMail, ...moreChinese] = world.mailsTo(chinese.user.email);
    expect(moreChinese).toEqual([]);
    expect(chineseMail!.subject).toBe(`New policy: ${rareEarth.title}`);
    expect(chineseMail!.text).not.toContain('matched 稀土');
  });

  it('a daily digest lists the Chinese-only policy with what it matched', async () => {
    const reader = await createSubscriber(ctx);
    await saveSearch(reader.cookie, 'Carbon trading', 'carbon emissions trading', 'daily');
    const policy = await chineseOnlyPolicy(carbonTrading);
    await indexAll(ctx);
    // Matched on Wednesday 6 March 2030 at 10:00 UTC; the daily digest goes at 08:00 UTC next morning.
    await world.runAlerts(new Date('2030-03-06T10:00:00Z'));
    expect(world.mailsTo(reader.user.email)).toEqual([]);
    await world.runAlerts(new Date('2030-03-07T08:00:00Z'));
    const [digest, ...more] = world.mailsTo(reader.user.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toMatch(/^Your daily policy digest: \d+ new polic(y|ies)$/);
    expect(digest!.html).toContain(`/policy/${policy.id}`);
    expect(digest!.text).toContain("matched 碳排放 for 'carbon emissions'");
  });

  it("counts and feeds the Chinese-only policy for a subscriber's English saved search, and not for a free reader's", async () => {
    const policy = await chineseOnlyPolicy(rareEarth);
    await indexAll(ctx);
    const subscriber = await createSubscriber(ctx);
    const free = await createSignedInUser(ctx);
    const subscribers = await saveSearch(subscriber.cookie, 'Rare earth', 'rare earth', 'off');
    const frees = await saveSearch(free.cookie, 'Rare earth', 'rare earth', 'off');

    // No English text of any policy here says "rare earth": what the subscriber's count counts is the Chinese matches.
    expect(subscribers.hitCount).toBeGreaterThan(0);
    expect((await savedSearches(subscriber.cookie)).find((search) => search.id === subscribers.id)!.hitCount).toBe(subscribers.hitCount);
    // The search page finds as many for the subscriber: its English results and its Chinese matches.
    const page = (await (await ctx.request('/api/search?q=rare%20earth', { cookie: subscriber.cookie })).json()) as { total: number; crossLanguage?: { policies: { id: number }[] } };
    expect(page.crossLanguage!.policies.map((card) => card.id)).toContain(policy.id);
    expect(subscribers.hitCount).toBe(page.total + page.crossLanguage!.policies.length);
    // The original is paid text: a free reader finds nothing through it.
    expect(frees.hitCount).toBe(0);

    const parser = new Parser();
    for (const format of ['atom', 'rss'] as const) {
      const feed = await parser.parseString(await (await ctx.request(`/api/feeds/searches/${subscribers.id}.${format}?token=${await feedToken(subscriber.cookie)}`)).text());
      expect(feed.items.map((item) => item.link)).toContain(`${ctx.config.APP_URL}/policy/${policy.id}/preview`);
      const freeFeed = await parser.parseString(await (await ctx.request(`/api/feeds/searches/${frees.id}.${format}?token=${await feedToken(free.cookie)}`)).text());
      expect(freeFeed.items.map((item) => item.link)).not.toContain(`${ctx.config.APP_URL}/policy/${policy.id}/preview`);
    }
  });
});
