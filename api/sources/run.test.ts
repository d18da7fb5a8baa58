import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingStories, policies, sourceArticleFailures, sourceRuns } from '../../db/schema/index.ts';
import { eventually } from '../../indexer/testing.ts';
import { startJobQueue, type JobQueue } from '../jobs/queue.ts';
import type { PageFetcher } from '../outbound/types.ts';
import { loadStoryJobSettings } from '../processing/config.ts';
import { createRulesAnalyser } from '../processing/rules/index.ts';
import { indexAll } from '../search/testing.ts';
import { takeInStory } from '../stories/intake.ts';
import { signInEveryRole } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { runWorker } from '../worker/run.ts';
import { readArticle } from './extract/article.ts';
import { readList } from './extract/list.ts';
import { toSourceRun } from './health.ts';
import { queueRuns } from './run-status.ts';
import { runSource, type RunTools } from './run.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';
import type { Source } from './sources.ts';
import { articlePage, listPage, sitePages, testDocuments, testFetcher } from './testing.ts';

/**
 * A source's run end to end against a government website on this machine (./site-server.ts): the
 * list, the articles, the stories through the intake, the worker's policies found by search; the same
 * run again adds nothing; a run killed mid-way and run again loses nothing and stores nothing twice;
 * one source failing leaves another's run whole; a changed layout falls back to the generic
 * extractor; an empty body is a failure with its reason.
 */

let ctx: TestContext;
let site: SiteServer;
let fetcher: PageFetcher;
let queue: JobQueue;
let worker: { stop: () => Promise<void> };
let adminCookie: string;
let readerCookie: string;

const documents = testDocuments();

beforeAll(async () => {
  ctx = await createTestContext();
  const { cookies } = await signInEveryRole(ctx);
  adminCookie = cookies.admin!;
  readerCookie = cookies.user!;
  site = await startSiteServer();
  fetcher = testFetcher();
  const settings = loadStoryJobSettings({ JOB_POLL_SECONDS: '0.5', STORY_RETRY_DELAY_SECONDS: '0' });
  queue = await startJobQueue(ctx.databaseUrl, settings, { maintain: true });
  worker = await runWorker({ db: ctx.db, queue, analyser: createRulesAnalyser({ now: () => new Date() }), settings, log: () => {} });
});
afterAll(async () => {
  await worker.stop();
  await queue.stop();
  await fetcher.close();
  await site.close();
  await ctx.close();
});

/** A source read as gov.cn is: its list's `li` rows, its body in #UCAP-CONTENT. */
function sourceAt(code: string, listPaths: string[]): Source {
  return {
    code,
    name: `Test source ${code}`,
    departmentId: 4,
    enabled: true,
    lists: listPaths.map((path) => ({ url: site.url(path), paging: { kind: 'numbered-file', file: path.endsWith('home.htm') ? 'home' : 'index', extension: path.endsWith('home.htm') ? '.htm' : '.html', secondPage: 1 }, list: { kind: 'html', item: '.list li', link: 'a', date: '.date' } })),
    defaultListUrls: [],
    article: { body: ['#UCAP-CONTENT', '.pages_content'] },
    known: { state: 'ok' },
  };
}

function tools(overrides: Partial<RunTools> = {}): RunTools {
  return {
    db: ctx.db,
    fetcher,
    readList,
    readArticle,
    enqueue: (tx, requests) => queue.enqueue(tx, requests as Parameters<JobQueue['enqueue']>[1]),
    now: () => new Date(),
    autoProcess: true,
    firstRunPages: 3,
    maxPages: 20,
    ...overrides,
  };
}

async function newRun(code: string): Promise<number> {
  const [run] = await ctx.db.transaction((tx) => queueRuns(tx, [code], { trigger: 'manual', requestedBy: null, now: new Date() }));
  return run!.runId;
}

async function runRow(id: number) {
  const [row] = await ctx.db.select().from(sourceRuns).where(eq(sourceRuns.id, id));
  return row!;
}

async function failureOf(path: string) {
  const [row] = await ctx.db.select().from(sourceArticleFailures).where(eq(sourceArticleFailures.url, site.url(path)));
  return row;
}

/** How many times the site was asked for `path`. */
const requestsFor = (path: string) => site.requests.filter((request) => request.path === path).length;

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);

const storiesOf = (code: string) => ctx.db.select().from(pendingStories).where(eq(pendingStories.source, code)).orderBy(pendingStories.id);

describe('a run of a source', () => {
  it('reads the list and its articles into stories, which the worker makes policies that search finds', async () => {
    const [first, second, third] = documents.slice(0, 3) as [(typeof documents)[number], (typeof documents)[number], (typeof documents)[number]];
    Object.entries(sitePages('/zhengce/zuixin/home.htm', [first, second, third])).forEach(([path, page]) => site.pages.set(path, page));
    const source = sourceAt('govcn', ['/zhengce/zuixin/home.htm']);
    const runId = await newRun('govcn');

    expect(await runSource(tools(), source, runId)).toEqual({ status: 'succeeded', newStories: 3, failures: 0 });
    expect(await runRow(runId)).toMatchObject({ status: 'succeeded', pagesFetched: 2, notModified: 0, linksFound: 3, newStories: 3, duplicates: 0, failures: [], error: null });
    const stories = await storiesOf('govcn');
    expect(stories.map((story) => story.url)).toEqual([first, second, third].map((document) => site.url(document.path)));
    expect(stories[0]).toMatchObject({ producer: 'source', source: 'govcn', title: first.title, departmentId: 4, publishedOn: first.date });
    expect(stories[0]!.chineseText).toContain(first.chineseText.split('\n').find((line) => line.length > 30)!.trim());

    // Auto-processing: the worker turns each into a policy, and search finds it by its Chinese text.
    const processed = await eventually(
      async () => {
        const rows = await storiesOf('govcn');
        return rows.every((story) => story.status === 'processed') ? rows : undefined;
      },
      { what: 'the three stories processed', timeoutMs: 60_000 },
    );
    const [policy] = await ctx.db.select().from(policies).where(eq(policies.id, processed[0]!.policyId!));
    expect(policy).toMatchObject({ sourceUrl: site.url(first.path), departmentId: 4 });
    await indexAll(ctx);
    const search = await (await ctx.request(`/api/search?q=${encodeURIComponent('双随机、一公开')}`, { cookie: adminCookie })).json();
    expect(search.policies.map((card: { id: number }) => card.id)).toContain(policy!.id);
  }, 90_000);

  it('run again adds nothing: the list answers 304 and no story is stored twice', async () => {
    const source = sourceAt('govcn', ['/zhengce/zuixin/home.htm']);
    const before = (await storiesOf('govcn')).length;
    const runId = await newRun('govcn');
    expect(await runSource(tools(), source, runId)).toEqual({ status: 'succeeded', newStories: 0, failures: 0 });
    expect(await runRow(runId)).toMatchObject({ pagesFetched: 1, notModified: 1, newStories: 0, failures: [] });
    expect((await storiesOf('govcn')).length).toBe(before);

    // The list changed (a new link on top) but the old links are known: only the new article is fetched.
    const fourth = documents[3]!;
    site.pages.set(fourth.path, articlePage(fourth));
    site.pages.set('/zhengce/zuixin/home.htm', listPage([fourth, ...documents.slice(0, 3)]));
    site.requests.length = 0;
    const next = await newRun('govcn');
    expect(await runSource(tools(), source, next)).toEqual({ status: 'succeeded', newStories: 1, failures: 0 });
    expect(await runRow(next)).toMatchObject({ linksFound: 4, newStories: 1, duplicates: 3 });
    expect(site.requests.map((request) => request.path).filter((path) => path !== '/robots.txt')).toEqual(['/zhengce/zuixin/home.htm', fourth.path, '/zhengce/zuixin/home_1.htm']);
  });

  it('killed mid-way and run again: nothing lost, nothing stored twice', async () => {
    const batch = documents.slice(4, 7);
    Object.entries(sitePages('/killed/index.html', batch)).forEach(([path, page]) => site.pages.set(path, page));
    const source = sourceAt('killed', ['/killed/index.html']);
    const runId = await newRun('killed');
    // The process dies while the second article is being fetched: nothing after it happens.
    const dying: PageFetcher = {
      fetch: async (request) => {
        if (request.url === site.url(batch[1]!.path)) throw new Error('SIGKILL');
        return fetcher.fetch(request);
      },
      refusedHost: (url) => fetcher.refusedHost(url),
      close: async () => {},
    };
    await expect(runSource(tools({ fetcher: dying }), source, runId)).rejects.toThrow('SIGKILL');
    expect((await storiesOf('killed')).map((story) => story.url)).toEqual([site.url(batch[0]!.path)]);
    expect((await runRow(runId)).status).toBe('running');

    // The job's retry runs the same run again.
    expect(await runSource(tools(), source, runId)).toEqual({ status: 'succeeded', newStories: 2, failures: 0 });
    expect((await storiesOf('killed')).map((story) => story.url)).toEqual(batch.map((document) => site.url(document.path)));
    const [{ stories }] = (await ctx.db.select({ stories: count() }).from(pendingStories).where(eq(pendingStories.source, 'killed'))) as [{ stories: number }];
    expect(stories).toBe(3);
  });

  it('one source failing leaves another source whole, and an article failing leaves the rest of its run', async () => {
    site.pages.set('/broken/index.html', { body: '<html><body>Service Unavailable</body></html>', status: 503 });
    const good = documents.slice(7, 9);
    site.pages.set('/good/index.html', listPage([{ path: '/good/missing.htm', title: '已删除的文件', date: '2024-11-01' }, ...good]));
    good.forEach((document) => site.pages.set(document.path, articlePage(document)));

    const broken = await newRun('broken');
    const whole = await newRun('good');
    expect(await runSource(tools(), sourceAt('broken', ['/broken/index.html']), broken)).toMatchObject({ status: 'failed', newStories: 0 });
    expect(await runSource(tools(), sourceAt('good', ['/good/index.html']), whole)).toEqual({ status: 'succeeded', newStories: 2, failures: 1 });

    const failed = await runRow(broken);
    expect(failed).toMatchObject({ status: 'failed', error: `Could not read the list page: ${site.url('/broken/index.html')}` });
    expect(failed.failures).toEqual([expect.objectContaining({ url: site.url('/broken/index.html'), status: 503 })]);
    expect((await runRow(whole)).failures).toEqual([expect.objectContaining({ url: site.url('/good/missing.htm'), status: 404 })]);
    expect((await storiesOf('good')).map((story) => story.title)).toEqual(good.map((document) => document.title));
  });

  it('reads an article whose container is gone with the generic extractor, and records an empty body as a failure', async () => {
    const [moved, emptied] = documents.slice(9, 11) as [(typeof documents)[number], (typeof documents)[number]];
    site.pages.set('/layout/index.html', listPage([moved, emptied]));
    site.pages.set(moved.path, articlePage(moved, 'changed'));
    site.pages.set(emptied.path, articlePage(emptied, 'empty'));
    const runId = await newRun('layout');
    expect(await runSource(tools(), sourceAt('layout', ['/layout/index.html']), runId)).toEqual({ status: 'succeeded', newStories: 1, failures: 1 });

    const [story] = await storiesOf('layout');
    expect(story).toMatchObject({ url: site.url(moved.path), title: moved.title });
    expect(story!.chineseText).toContain(moved.chineseText.split('\n').find((line) => line.length > 30)!.trim());
    const { failures } = await runRow(runId);
    expect(failures).toEqual([{ url: site.url(emptied.path), status: 200, reason: 'The page came back empty' }]);
    // Not a story, but remembered: later runs try it again with backoff (below).
    expect(await ctx.db.$count(pendingStories, and(eq(pendingStories.source, 'layout'), eq(pendingStories.url, site.url(emptied.path))))).toBe(0);
    expect(await failureOf(emptied.path)).toMatchObject({ sourceCode: 'layout', attempts: 1, lastStatus: 200, lastReason: 'The page came back empty' });
  });

  it('reads real saved government pages, in no container the source knows, into stories with their own titles and dates', async () => {
    const real = (file: string) => ({ body: readFileSync(new URL(`fixtures/real/${file}`, import.meta.url)) });
    site.pages.set('/real/zj.html', real('zj-fgw-zoom.html'));
    site.pages.set('/real/shanxi.shtml', real('shanxi-gov-trs-editor.html'));
    site.pages.set('/real/index.html', listPage([
      { path: '/real/zj.html', title: '德清县固定资产投资', date: '2016-11-22' },
      { path: '/real/shanxi.shtml', title: '山西品牌丝路行', date: '2019-09-18' },
    ]));
    const runId = await newRun('real');
    expect(await runSource(tools({ autoProcess: false }), sourceAt('real', ['/real/index.html']), runId)).toEqual({ status: 'succeeded', newStories: 2, failures: 0 });
    const stories = await storiesOf('real');
    expect(stories.map((story) => [story.title, story.publishedOn, story.status])).toEqual([
      ['1-10月德清县固定资产投资结构趋稳趋优', '2016-11-22', 'pending'],
      ['山西品牌丝路行（南美站）正式启动', '2019-09-18', 'pending'],
    ]);
    expect(stories[0]!.chineseText.startsWith('1-10月，全县固定资产投资完成246.79亿元')).toBe(true);
    expect(stories[1]!.chineseText).toContain('山西品牌丝路行主题为“走丝绸之路，促合作共赢”。');
  });

  it("keeps what the page says beside the text with the story: its 文号, issuing body and attachment links", async () => {
    site.pages.set('/facts/content_1.htm', { body: readFileSync(new URL('fixtures/sites/sc-article.html', import.meta.url)) });
    site.pages.set('/facts/index.html', listPage([{ path: '/facts/content_1.htm', title: '国务院办公厅关于进一步优化支付服务提升支付便利性的意见', date: '2024-03-07' }]));
    const runId = await newRun('facts');
    expect(await runSource(tools({ autoProcess: false }), sourceAt('facts', ['/facts/index.html']), runId)).toEqual({ status: 'succeeded', newStories: 1, failures: 0 });
    const [story] = await storiesOf('facts');
    expect(story!.documentFacts).toEqual({
      documentNumber: '国办发〔2024〕10号',
      issuer: '国务院办公厅',
      attachments: [{ url: site.url('/facts/P020240307384511574012.pdf'), title: '重点场所支付服务清单.pdf' }],
    });
  });
});

describe('one document from two sites', () => {
  // The Supervision Law as a university's site published it (a real saved page), as the NPC's law
  // database gives it (LawRefBook's text), and its 2024 revision: fixtures' READMEs say where from.
  const sameDocument = (file: string) => readFileSync(new URL(`../stories/fixtures/same-document/${file}`, import.meta.url), 'utf8');
  const law2018 = { path: '/npc/jcf-2018.htm', title: '中华人民共和国监察法', date: '2018-03-20', chineseText: sameDocument('supervision-law-2018.md') };
  const law2024 = { path: '/npc/jcf-2024.htm', title: '中华人民共和国监察法', date: '2024-12-25', chineseText: sameDocument('supervision-law-2024.md') };

  it('keeps one policy with both addresses, counts it in the second run, and keeps the revision apart', async () => {
    site.pages.set(law2018.path, articlePage(law2018));
    site.pages.set(law2024.path, articlePage(law2024));
    site.pages.set('/npc/index.html', listPage([law2024, law2018]));
    const npc = await newRun('npc');
    expect(await runSource(tools(), sourceAt('npc', ['/npc/index.html']), npc)).toEqual({ status: 'succeeded', newStories: 2, failures: 0 });

    site.pages.set('/sxmu/jcf.html', { body: readFileSync(new URL('fixtures/real/sxmu-supervision-law.html', import.meta.url)) });
    site.pages.set('/sxmu/index.html', listPage([{ path: '/sxmu/jcf.html', title: '中华人民共和国监察法', date: '2018-03-21' }]));
    const university = await newRun('sxmu');
    expect(await runSource(tools(), sourceAt('sxmu', ['/sxmu/index.html']), university)).toEqual({ status: 'succeeded', newStories: 0, failures: 0 });
    expect(await runRow(university)).toMatchObject({ linksFound: 1, newStories: 0, duplicates: 0, knownFromOtherSite: 1 });
    expect(await storiesOf('sxmu')).toEqual([]);
    // What the back office's Sources screen is sent of the run.
    expect(toSourceRun(await runRow(university))).toMatchObject({ knownFromOtherSite: 1 });

    // Next time the address is simply known: no fetch, no second count.
    site.pages.set('/sxmu/index.html', listPage([{ path: '/sxmu/other.html', title: '学校新闻', date: '2018-03-22' }, { path: '/sxmu/jcf.html', title: '中华人民共和国监察法', date: '2018-03-21' }]));
    const again = await newRun('sxmu');
    site.requests.length = 0;
    await runSource(tools(), sourceAt('sxmu', ['/sxmu/index.html']), again);
    expect(await runRow(again)).toMatchObject({ linksFound: 2, duplicates: 1, knownFromOtherSite: 0 });
    expect(site.requests.map((request) => request.path)).not.toContain('/sxmu/jcf.html');

    const processed = await eventually(
      async () => {
        const rows = await storiesOf('npc');
        return rows.length === 2 && rows.every((story) => story.status === 'processed') ? rows : undefined;
      },
      { what: 'both laws processed', timeoutMs: 60_000 },
    );
    const [revision, original] = processed.map((story) => story.policyId!);
    const detail = await (await ctx.request(`/api/policies/${original}`, { cookie: adminCookie })).json();
    expect(detail.source_url).toBe(site.url(law2018.path));
    expect(detail.alsoPublishedAt).toEqual([site.url('/sxmu/jcf.html')]);
    expect(detail.otherVersions).toEqual([expect.objectContaining({ id: revision, time: '2024-12-25' })]);
    const other = await (await ctx.request(`/api/policies/${revision}`, { cookie: adminCookie })).json();
    expect(other.alsoPublishedAt).toEqual([]);

    // The two versions compared, the older first whichever order the address names them in.
    const comparison = await (await ctx.request(`/api/policies/${revision}/compare/${original}`, { cookie: adminCookie })).json();
    expect(comparison.before).toMatchObject({ id: original, time: '2018-03-20' });
    expect(comparison.after).toMatchObject({ id: revision, time: '2024-12-25' });
    expect(comparison.counts.changed).toBeGreaterThan(0);
    // A reader without the plan, and a visitor, read neither full text: they can't compare them.
    for (const cookie of [readerCookie, undefined]) {
      const refused = await ctx.request(`/api/policies/${revision}/compare/${original}`, cookie ? { cookie } : {});
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toContain('comparing versions is part of the Full Access plan');
    }
  }, 90_000);
});

describe('an article that fails', () => {
  it('is fetched once, left alone while it waits, fetched again after its next try, and taken in once the site fixes it', async () => {
    const [broken, readable, second, third, fourth] = documents.slice(11, 16) as [(typeof documents)[number], ...(typeof documents)[number][]];
    const listed = [broken];
    const publish = (document: (typeof documents)[number]) => {
      site.pages.set(document.path, articlePage(document));
      listed.unshift(document);
      site.pages.set('/backoff/index.html', listPage(listed));
    };
    site.pages.set(broken.path, { body: '<html><body>Service Unavailable</body></html>', status: 503 });
    publish(readable!);
    const source = sourceAt('backoff', ['/backoff/index.html']);
    const start = new Date();
    const runAt = async (at: Date) => runSource(tools({ now: () => at }), source, await newRun('backoff'));

    expect(await runAt(start)).toEqual({ status: 'succeeded', newStories: 1, failures: 1 });
    expect(requestsFor(broken.path)).toBe(1);
    expect(await failureOf(broken.path)).toMatchObject({ attempts: 1, lastStatus: 503, firstFailedAt: start, lastTriedAt: start, nextTryAt: minutes(start, 30) });

    // 29 minutes on, a new article on the list: it is read, the broken one is not asked for.
    publish(second!);
    expect(await runAt(minutes(start, 29))).toEqual({ status: 'succeeded', newStories: 1, failures: 0 });
    expect(requestsFor(broken.path)).toBe(1);

    // Past its next try it is fetched again, fails again, and waits twice as long.
    publish(third!);
    expect(await runAt(minutes(start, 31))).toEqual({ status: 'succeeded', newStories: 1, failures: 1 });
    expect(requestsFor(broken.path)).toBe(2);
    expect(await failureOf(broken.path)).toMatchObject({ attempts: 2, firstFailedAt: start, lastTriedAt: minutes(start, 31), nextTryAt: minutes(start, 31 + 60) });

    // The site fixes the page: the next try past the wait takes it in, and its failure is forgotten.
    site.pages.set(broken.path, articlePage(broken));
    publish(fourth!);
    expect(await runAt(minutes(start, 92))).toEqual({ status: 'succeeded', newStories: 2, failures: 0 });
    expect(requestsFor(broken.path)).toBe(3);
    expect((await storiesOf('backoff')).map((story) => story.url)).toContain(site.url(broken.path));
    expect(await failureOf(broken.path)).toBeUndefined();
  });

  it('waiting on page 1 of a caught-up list, it lets the run stop after page 1', async () => {
    const [broken, known, older] = documents.slice(16, 19) as [(typeof documents)[number], (typeof documents)[number], (typeof documents)[number]];
    site.pages.set(broken.path, articlePage(broken, 'empty'));
    site.pages.set(known.path, articlePage(known));
    site.pages.set(older.path, articlePage(older));
    site.pages.set('/stop/index.html', listPage([broken, known]));
    site.pages.set('/stop/index_1.html', listPage([older]));
    const source = sourceAt('stop', ['/stop/index.html']);
    const start = new Date();
    expect(await runSource(tools({ now: () => start }), source, await newRun('stop'))).toEqual({ status: 'succeeded', newStories: 2, failures: 1 });

    // The list changed (its order), so it is read, but it holds only a known link and a waiting one.
    site.pages.set('/stop/index.html', listPage([known, broken]));
    site.requests.length = 0;
    const next = await newRun('stop');
    expect(await runSource(tools({ now: () => minutes(start, 10) }), source, next)).toEqual({ status: 'succeeded', newStories: 0, failures: 0 });
    expect(site.requests.map((request) => request.path).filter((path) => path !== '/robots.txt')).toEqual(['/stop/index.html']);
    expect(await runRow(next)).toMatchObject({ pagesFetched: 1, linksFound: 2, duplicates: 1 });
  });

  it('is forgotten once it is a story some other way, the next time its list is read', async () => {
    const imported = documents[19]!;
    site.pages.set(imported.path, articlePage(imported, 'empty'));
    site.pages.set('/imported/index.html', listPage([imported]));
    const source = sourceAt('imported', ['/imported/index.html']);
    await runSource(tools(), source, await newRun('imported'));
    expect(await failureOf(imported.path)).toMatchObject({ attempts: 1 });

    await ctx.db.transaction((tx) => takeInStory(tx, { title: imported.title, url: site.url(imported.path), chineseText: imported.chineseText }, { producer: 'import', source: 'file.xlsx', fetchedAt: new Date() }));
    site.pages.set('/imported/index.html', listPage([{ path: '/imported/new.htm', title: '新的文件', date: '2024-11-02' }, imported]));
    await runSource(tools(), source, await newRun('imported'));
    expect(await failureOf(imported.path)).toBeUndefined();
  });
});
