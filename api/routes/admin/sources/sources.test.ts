import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pendingStories, sourceRuns } from '../../../../db/schema/index.ts';
import { eventually } from '../../../../indexer/testing.ts';
import { startJobQueue, type JobQueue } from '../../../jobs/queue.ts';
import type { PageFetcher } from '../../../outbound/types.ts';
import { loadStoryJobSettings } from '../../../processing/config.ts';
import { createRulesAnalyser } from '../../../processing/rules/index.ts';
import type { SourceRunsAnswer, SourcesAnswer, SourceSummary } from '../../../shared/source-schemas.ts';
import { recordArticleFailure } from '../../../sources/article-failures.ts';
import { sourceCatalogue } from '../../../sources/catalogue.ts';
import { loadSourcesSettings } from '../../../sources/config.ts';
import { startSiteServer, type SiteServer } from '../../../sources/site-server.ts';
import { sitePages, testDocuments, testFetcher } from '../../../sources/testing.ts';
import { adminRoleMatrix, signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { runWorker } from '../../../worker/run.ts';

/**
 * The Sources tab's calls: the role matrix of each, bad input answered 400/404/422 with a message,
 * and what an admin sees and does: each source's state, a change audit-logged, Run now through the
 * real worker to stories, a source's runs newest first, and a preview that writes nothing.
 */

let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let site: SiteServer;
const documents = testDocuments().slice(0, 2);
const [govcn] = sourceCatalogue;
const code = govcn!.code;

beforeAll(async () => {
  // A local site stands for the government's: the test stack alone may reach private addresses.
  ctx = await createTestContext({ SOURCES_ALLOW_PRIVATE_HOSTS: 'true', SOURCES_MIN_DELAY_MS: '0', SOURCES_RETRIES: '0', SOURCES_TIMEOUT_MS: '5000' });
  cookies = (await signInEveryRole(ctx)).cookies;
  site = await startSiteServer(sitePages('/zhengce/zuixin/home.htm', documents));
});
afterAll(async () => {
  await site.close();
  await ctx.close();
});

const get = (path: string, who: Caller = 'admin') => ctx.request(path, { cookie: cookies[who] });
const send = (method: string, path: string, json: unknown, who: Caller = 'admin') => ctx.request(path, { method, json, cookie: cookies[who] });
const summaryOf = async (which: string): Promise<SourceSummary> => ((await (await get('/api/admin/sources')).json()) as SourcesAnswer).sources.find((source) => source.code === which)!;
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('role matrix', () => {
  it.each(adminRoleMatrix)('GET /api/admin/sources as %s answers %i', async (who, status) => {
    expect((await get('/api/admin/sources', who)).status).toBe(status);
  });
  it.each(adminRoleMatrix)('PATCH /api/admin/sources/{code} as %s answers %i', async (who, status) => {
    expect((await send('PATCH', `/api/admin/sources/${code}`, { enabled: true }, who)).status).toBe(status);
  });
  it.each(adminRoleMatrix.map(([who, status]) => [who, status === 200 ? 202 : status] as const))('POST /api/admin/sources/{code}/run as %s answers %i', async (who, status) => {
    expect((await send('POST', `/api/admin/sources/${code}/run`, {}, who)).status).toBe(status);
  });
  it.each(adminRoleMatrix)('GET /api/admin/sources/{code}/runs as %s answers %i', async (who, status) => {
    expect((await get(`/api/admin/sources/${code}/runs`, who)).status).toBe(status);
  });
  it.each(adminRoleMatrix)('POST /api/admin/sources/preview as %s answers %i', async (who, status) => {
    expect((await send('POST', '/api/admin/sources/preview', { url: site.url('/zhengce/zuixin/home.htm'), as: 'list' }, who)).status).toBe(status);
  });
});

describe('bad input', () => {
  it.each([
    ['PATCH', `/api/admin/sources/${'nosuchsource'}`, { enabled: false }, 404, 'Source not found'],
    ['PATCH', `/api/admin/sources/${code}`, {}, 400, 'Nothing to change: send enabled or listUrls'],
    ['PATCH', `/api/admin/sources/${code}`, { listUrls: ['ftp://www.gov.cn/list'] }, 400, 'List page on line 1 must be an http:// or https:// address'],
    ['PATCH', `/api/admin/sources/${code}`, { listUrls: ['https://www.gov.cn/zhengce/', 'https://www.gov.cn/a/', 'https://www.gov.cn/b/', 'javascript:alert(1)'] }, 400, 'List page on line 4 must be an http:// or https:// address'],
    ['PATCH', `/api/admin/sources/${code}`, { listUrls: [] }, 400, 'listUrls: needs at least one list page'],
    ['PATCH', `/api/admin/sources/${code}`, { enabled: 'yes' }, 400, 'enabled: must be true or false'],
    ['PATCH', `/api/admin/sources/${code}`, { enabled: true, owner: 'me' }, 400, 'Unrecognized key: "owner"'],
    ['PATCH', '/api/admin/sources/Bad%20Code', { enabled: true }, 400, 'code: must be a source code'],
    ['POST', '/api/admin/sources/nosuchsource/run', {}, 404, 'Source not found'],
    ['POST', '/api/admin/sources/preview', { url: site?.url('/') ?? 'http://127.0.0.1/' }, 400, 'as: must be list or article'],
    ['POST', '/api/admin/sources/preview', { url: 'file:///etc/passwd', as: 'article' }, 400, 'url: must be an http:// or https:// address'],
    ['POST', '/api/admin/sources/preview', { url: 'https://www.gov.cn/', as: 'list', source: 'nosuchsource' }, 404, 'Source not found'],
  ])('%s %s %j answers %i', async (method, path, body, status, message) => {
    const response = await send(method, path, body);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toContain(message);
  });

  it('refuses on save a list page that is or resolves to an address that is not public, naming its line', async () => {
    const before = await summaryOf(code);
    // The production setting: the guard the runs fetch through judges the list pages when saved.
    const allowing = ctx.deps.fetcher;
    ctx.deps.fetcher = testFetcher({ SOURCES_ALLOW_PRIVATE_HOSTS: 'false' });
    try {
      const publicPages = ['http://202.108.22.5/zhengce/list.htm', 'https://[2400:da00::6666]/list.htm', 'https://8.8.8.8/list.htm'];
      // localhost is a name: refused as it resolves.
      const named = await send('PATCH', `/api/admin/sources/${code}`, { listUrls: [...publicPages, site.url('/zhengce/zuixin/home.htm').replace('127.0.0.1', 'localhost')] });
      expect(named.status).toBe(422);
      expect(await errorOf(named)).toBe('List page on line 4 must point at a public internet address (not this network, a private or a special one)');
      const literal = await send('PATCH', `/api/admin/sources/${code}`, { listUrls: ['http://[::ffff:a9fe:a9fe]/latest/meta-data/', ...publicPages] });
      expect(await errorOf(literal)).toBe('List page on line 1 must point at a public internet address (not this network, a private or a special one)');
    } finally {
      await ctx.deps.fetcher.close();
      ctx.deps.fetcher = allowing;
    }
    expect((await summaryOf(code)).listUrls).toEqual(before.listUrls);
  });

  it('GET runs of an unknown source is 404, a bad page 400', async () => {
    expect((await get('/api/admin/sources/nosuchsource/runs')).status).toBe(404);
    const bad = await get(`/api/admin/sources/${code}/runs?page=0`);
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('page: must be at least 1');
  });
});

describe('the sources and their states', () => {
  it('lists every source of the catalogue with its list pages, and the scrapers off by default', async () => {
    const answer = (await (await get('/api/admin/sources')).json()) as SourcesAnswer;
    expect(answer).toMatchObject({ scrapersEnabled: false, autoProcess: false, schedule: '*/30 * * * *' });
    expect(answer.sources.map((source) => source.code)).toEqual(sourceCatalogue.map((entry) => entry.code));
    const first = answer.sources[0]!;
    expect(first.listUrls).toEqual(first.defaultListUrls);
    expect(first.listUrls.length).toBeGreaterThan(0);
  });

  it('shows a source failing after SOURCES_FAILING_AFTER_RUNS failed runs in a row, and ok again after a success', async () => {
    const other = sourceCatalogue[1]!.code;
    const finished = (status: 'failed' | 'succeeded', error: string | null) => ({ sourceCode: other, trigger: 'scheduled' as const, status, error, finishedAt: new Date() });
    await ctx.db.insert(sourceRuns).values([finished('failed', 'Could not read the list page: x'), finished('failed', 'Could not read the list page: x')]);
    expect(await summaryOf(other)).toMatchObject({ consecutiveFailures: 2, state: expect.not.stringMatching(/^failing$/) });
    await ctx.db.insert(sourceRuns).values(finished('failed', 'Could not read the list page: https://example.gov.cn/list'));
    expect(await summaryOf(other)).toMatchObject({ consecutiveFailures: 3, state: 'failing', stateReason: '3 runs failed in a row: Could not read the list page: https://example.gov.cn/list' });
    await ctx.db.insert(sourceRuns).values(finished('succeeded', null));
    expect(await summaryOf(other)).toMatchObject({ consecutiveFailures: 0, lastRun: expect.objectContaining({ status: 'succeeded' }) });
  });

  it('never shows OK for a source whose last run failed, before it counts as failing', async () => {
    const working = sourceCatalogue.find((entry) => entry.known.state === 'ok' && entry.code !== sourceCatalogue[0]!.code && entry.code !== sourceCatalogue[1]!.code)!.code;
    expect(await summaryOf(working)).toMatchObject({ state: 'ok' });
    await ctx.db.insert(sourceRuns).values({ sourceCode: working, trigger: 'scheduled', status: 'failed', error: 'Could not read the list page: x', finishedAt: new Date() });
    expect(await summaryOf(working)).toMatchObject({ consecutiveFailures: 1, state: 'last run failed', stateReason: 'The last run failed: Could not read the list page: x' });
    await ctx.db.insert(sourceRuns).values({ sourceCode: working, trigger: 'scheduled', status: 'succeeded', error: null, finishedAt: new Date() });
    expect(await summaryOf(working)).toMatchObject({ consecutiveFailures: 0, state: 'ok' });
  });

  it('counts the article links failing and waiting for a retry, with the oldest first failure', async () => {
    const other = sourceCatalogue[3]!.code;
    expect((await summaryOf(other)).failingArticles).toBeNull();
    const since = new Date('2026-11-24T08:00:00Z');
    await recordArticleFailure(ctx.db, other, { url: 'https://example.gov.cn/a.html', status: 503, reason: 'Service Unavailable' }, since);
    await recordArticleFailure(ctx.db, other, { url: 'https://example.gov.cn/b.html', status: 200, reason: 'The page came back empty' }, new Date(since.getTime() + 86_400_000));
    await recordArticleFailure(ctx.db, other, { url: 'https://example.gov.cn/a.html', status: 503, reason: 'Service Unavailable' }, new Date(since.getTime() + 2 * 86_400_000));
    expect((await summaryOf(other)).failingArticles).toEqual({ count: 2, oldestSince: since.toISOString() });
  });

  it('shows a source stale when nothing new came for SOURCES_STALE_AFTER_DAYS days', async () => {
    const other = sourceCatalogue[2]!.code;
    const longAgo = new Date(Date.now() - 20 * 86_400_000);
    await ctx.db.insert(sourceRuns).values({ sourceCode: other, trigger: 'scheduled', status: 'succeeded', queuedAt: longAgo, finishedAt: longAgo });
    expect(await summaryOf(other)).toMatchObject({ state: 'stale', stateReason: 'Nothing new for 20 days' });
  });
});

describe('an admin changes a source', () => {
  it('disables it and replaces its list pages, each change audit-logged; the list shows it', async () => {
    const before = await summaryOf(code);
    const listUrl = site.url('/zhengce/zuixin/home.htm');
    const response = await send('PATCH', `/api/admin/sources/${code}`, { enabled: false, listUrls: [listUrl] });
    expect(response.status).toBe(200);
    expect((await response.json()).source).toMatchObject({ enabled: false, state: 'disabled', listUrls: [listUrl], defaultListUrls: before.defaultListUrls });
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'source_updated'), eq(auditLog.subject, `source:${code}`))).orderBy(desc(auditLog.id));
    expect(audit!.details).toEqual({ before: { enabled: true, listUrls: before.listUrls }, after: { enabled: false, listUrls: [listUrl] } });
    // Enabling again keeps the list pages set before.
    await send('PATCH', `/api/admin/sources/${code}`, { enabled: true });
    expect(await summaryOf(code)).toMatchObject({ enabled: true, listUrls: [listUrl] });
  });
});

describe('Run now', () => {
  let queue: JobQueue;
  let worker: { stop: () => Promise<void> };
  let fetcher: PageFetcher;

  afterAll(async () => {
    await worker?.stop();
    await queue?.stop();
    await fetcher?.close();
  });

  it('answers 202 with the run id, once per source at a time; the worker runs it into stories, and the runs list it newest first', async () => {
    await ctx.db.delete(sourceRuns).where(eq(sourceRuns.sourceCode, code));
    await send('PATCH', `/api/admin/sources/${code}`, { enabled: true, listUrls: [site.url('/zhengce/zuixin/home.htm')] });
    const response = await send('POST', `/api/admin/sources/${code}/run`, {});
    expect(response.status).toBe(202);
    const { runId, queued } = await response.json();
    expect(queued).toBe(true);
    // Pressed again while it waits: the same run, no second one.
    expect(await (await send('POST', `/api/admin/sources/${code}/run`, {})).json()).toMatchObject({ runId, queued: false });

    const settings = loadStoryJobSettings({ JOB_POLL_SECONDS: '0.5', STORY_RETRY_DELAY_SECONDS: '0' });
    queue = await startJobQueue(ctx.databaseUrl, settings, { maintain: true });
    fetcher = testFetcher();
    worker = await runWorker({
      db: ctx.db,
      queue,
      analyser: createRulesAnalyser({ now: () => new Date() }),
      settings,
      sources: { settings: loadSourcesSettings({ AUTO_PROCESS: 'true' }), fetcher },
      log: () => {},
    });
    const run = await eventually(
      async () => {
        const [row] = await ctx.db.select().from(sourceRuns).where(eq(sourceRuns.id, runId));
        return row?.status === 'succeeded' || row?.status === 'failed' ? row : undefined;
      },
      { what: 'the run to finish', timeoutMs: 60_000 },
    );
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', newStories: 2, failures: [] });
    const stories = await ctx.db.select().from(pendingStories).where(eq(pendingStories.source, code)).orderBy(pendingStories.id);
    expect(stories.map((story) => story.title)).toEqual(documents.map((document) => document.title));
    await eventually(async () => ((await ctx.db.select().from(pendingStories).where(eq(pendingStories.source, code))).every((story) => story.status === 'processed') ? true : undefined), {
      what: 'the stories processed',
      timeoutMs: 60_000,
    });

    const second = (await (await send('POST', `/api/admin/sources/${code}/run`, {})).json()).runId as number;
    expect(second).not.toBe(runId);
    const page = (await (await get(`/api/admin/sources/${code}/runs?pageSize=1`)).json()) as SourceRunsAnswer;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.runs.map((listed) => listed.id)).toEqual([second]);
    expect((await summaryOf(code)).newStories24h).toBe(2);
  }, 120_000);
});

describe('Preview', () => {
  it('reads a list page and an article through the fetcher and extractors, writing nothing', async () => {
    const storiesBefore = await ctx.db.$count(pendingStories);
    const list = await send('POST', '/api/admin/sources/preview', { url: site.url('/zhengce/zuixin/home.htm'), as: 'list', source: code });
    expect(list.status).toBe(200);
    expect((await list.json()).links).toEqual(documents.map((document) => ({ url: site.url(document.path), title: document.title, date: document.date })));
    const article = await send('POST', '/api/admin/sources/preview', { url: site.url(documents[0]!.path), as: 'article' });
    expect(article.status).toBe(200);
    expect((await article.json()).article).toMatchObject({ title: documents[0]!.title, date: documents[0]!.date, extractor: expect.stringContaining('generic') });
    expect(await ctx.db.$count(pendingStories)).toBe(storiesBefore);
  });

  it('answers 422 with the reason for a page that is not there, and for an address the fetcher refuses', async () => {
    const missing = await send('POST', '/api/admin/sources/preview', { url: site.url('/nothing-here.htm'), as: 'article' });
    expect(missing.status).toBe(422);
    expect(await errorOf(missing)).toMatch(/^The page could not be fetched: .*404/);

    // The production setting: an admin-typed address may not reach this machine or its network.
    const allowing = ctx.deps.fetcher;
    ctx.deps.fetcher = testFetcher({ SOURCES_ALLOW_PRIVATE_HOSTS: 'false' });
    try {
      const refused = await send('POST', '/api/admin/sources/preview', { url: 'http://169.254.169.254/latest/meta-data/', as: 'article' });
      expect(refused.status).toBe(422);
      expect(await errorOf(refused)).toMatch(/^The address was refused \(private-address\)/);
    } finally {
      await ctx.deps.fetcher.close();
      ctx.deps.fetcher = allowing;
    }
  });
});
