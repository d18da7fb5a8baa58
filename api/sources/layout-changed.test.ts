import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRuns, sourceSettings } from '../../db/schema/index.ts';
import type { PageFetcher } from '../outbound/types.ts';
import type { ScraperStatus, SourcesAnswer, SourceSummary } from '../shared/source-schemas.ts';
import { signInEveryRole } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { readArticle } from './extract/article.ts';
import { readList } from './extract/list.ts';
import { queueRuns } from './run-status.ts';
import { noLinksAnyMore, runSource, type RunTools } from './run.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';
import { loadSource } from './sources.ts';
import { articlePage, testDocuments, testFetcher } from './testing.ts';

/**
 * Issue 44: a list that gave links on earlier runs and gives none now is a layout change, and the
 * source's health says "layout changed" (not OK) on the Sources tab and /status until links come back.
 * The list pages are real: a PBOC branch list of 2018 (a layout NDRC's selectors do not fit: the
 * generic reader reads it), then a real article page of another site where a list should be.
 */

let ctx: TestContext;
let site: SiteServer;
let fetcher: PageFetcher;
let adminCookie: string;

const code = 'NDRC';
const listPath = '/shenzhen/122811/122833/122840/15142/index1.html';
const real = (file: string) => readFileSync(new URL(`fixtures/real/${file}`, import.meta.url), 'utf8');
const pbocList = real('pboc-shenzhen-branch-list-2018.html');
const notAList = real('zj-fgw-zoom.html');
// The list's ten rows link to these paths: each serves a real State Council document.
const articlePaths = [...pbocList.matchAll(/href="(\/shenzhen\/122811\/122833\/122840\/\d+\/index\.html)"/g)].map((match) => match[1]!);

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await signInEveryRole(ctx)).cookies.admin!;
  const documents = testDocuments();
  site = await startSiteServer(Object.fromEntries(articlePaths.map((path, index) => [path, articlePage(documents[index % documents.length]!)])));
  fetcher = testFetcher();
  await ctx.db.insert(sourceSettings).values({ code, listUrls: [site.url(listPath)] });
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
  await ctx.close();
});

function tools(): RunTools {
  return { db: ctx.db, fetcher, readList, readArticle, enqueue: async () => {}, now: () => new Date(), autoProcess: false, firstRunPages: 1, maxPages: 1 };
}

async function runWithList(page: string) {
  site.pages.set(listPath, { body: page });
  const [queued] = await ctx.db.transaction((tx) => queueRuns(tx, [code], { trigger: 'manual', requestedBy: null, now: new Date() }));
  await runSource(tools(), (await loadSource(ctx.db, code))!, queued!.runId);
  const [run] = await ctx.db.select().from(sourceRuns).where(eq(sourceRuns.id, queued!.runId));
  return run!;
}

const summary = async (): Promise<SourceSummary> =>
  ((await (await ctx.request('/api/admin/sources', { cookie: adminCookie })).json()) as SourcesAnswer).sources.find((source) => source.code === code)!;
const publicState = async () => ((await (await ctx.request('/api/scraper-status')).json()) as ScraperStatus).sources.find((source) => source.code === code)!.state;

describe('a list whose layout changed', () => {
  it('says "layout changed" once a list that gave links gives none, and clears when links come back', async () => {
    expect(articlePaths).toHaveLength(10);
    const first = await runWithList(pbocList);
    expect(first).toMatchObject({ status: 'succeeded', linksFound: 10, newStories: 10, failures: [] });
    expect(await summary()).toMatchObject({ state: 'ok', stateReason: null });

    const changed = await runWithList(notAList);
    expect(changed).toMatchObject({ status: 'failed', linksFound: 0, failures: [{ url: site.url(listPath), status: 200, reason: noLinksAnyMore }] });
    expect(await summary()).toMatchObject({
      state: 'layout changed',
      stateReason: expect.stringMatching(new RegExp(`^A list page that gave links on earlier runs gives none now: ${site.url(listPath).replace(/[.?]/g, '\\$&')} \\(since \\d{4}-\\d{2}-\\d{2}\\)$`)),
    });
    // The public /status answer (cached 30 s; its first answer in this test is this one).
    expect(await publicState()).toBe('layout changed');
    // Still changed on the next run that finds nothing.
    await runWithList(notAList);
    expect((await summary()).state).toBe('layout changed');

    const back = await runWithList(pbocList);
    expect(back).toMatchObject({ status: 'succeeded', linksFound: 10, newStories: 0, duplicates: 10 });
    expect(await summary()).toMatchObject({ state: 'ok', stateReason: null });
  });

  it('is not what a list that never gave links is: that is a failed run', async () => {
    const other = 'MOF';
    await ctx.db.insert(sourceSettings).values({ code: other, listUrls: [site.url('/never-a-list.html')] });
    site.pages.set('/never-a-list.html', { body: notAList });
    const [queued] = await ctx.db.transaction((tx) => queueRuns(tx, [other], { trigger: 'manual', requestedBy: null, now: new Date() }));
    await runSource(tools(), (await loadSource(ctx.db, other))!, queued!.runId);
    const answer = ((await (await ctx.request('/api/admin/sources', { cookie: adminCookie })).json()) as SourcesAnswer).sources.find((source) => source.code === other)!;
    expect(answer.state).toBe('last run failed');
    expect(answer.lastRun?.failures).toEqual([{ url: site.url('/never-a-list.html'), status: 200, reason: 'No links found on the list page' }]);
  });
});
