import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/postgres-js';
import { schema, type Database } from '../../db/client.ts';
import { formatBytes, progress, request } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { loadStoryJobSettings } from '../processing/config.ts';
import { sourceCatalogue } from '../sources/catalogue.ts';
import { readArticle } from '../sources/extract/article.ts';
import { readList } from '../sources/extract/list.ts';
import { queueRuns } from '../sources/run-status.ts';
import { runSource, type RunTools } from '../sources/run.ts';
import { startSiteServer, type SiteServer } from '../sources/site-server.ts';
import type { Source } from '../sources/sources.ts';
import { articlePage, listPage, testDocuments, testFetcher } from '../sources/testing.ts';
import type { ProcessingBenchContext } from './processing.ts';

const section = 'sources-runs';
const articlesPerSource = 20;

/** The 14 sources, each at a list of its own on the local site, read as gov.cn's list (the one shape the local site serves). */
function localSources(site: SiteServer): Source[] {
  const [stateCouncil] = sourceCatalogue;
  const channel = stateCouncil!.channels[0]!;
  return sourceCatalogue.map((entry, index) => ({
    code: `bench-${entry.code}`,
    name: entry.name,
    departmentId: index + 1,
    enabled: true,
    lists: [{ url: site.url(`/${entry.code}/home.htm`), paging: channel.paging, list: channel.list }],
    defaultListUrls: [],
    article: entry.article,
    known: { state: 'ok' },
  }));
}

/** The site's pages: per source a list of `articlesPerSource` real documents, each under a path of its own (gov.cn's `content_N.htm`). */
function serveSources(site: SiteServer, sources: readonly Source[]): void {
  const documents = testDocuments();
  sources.forEach((source, sourceIndex) => {
    const prefix = `/${source.code.replace('bench-', '')}`;
    const links = Array.from({ length: articlesPerSource }, (_, index) => {
      const document = documents[(sourceIndex + index) % documents.length]!;
      return { ...document, path: `${prefix}/content_${sourceIndex * 1000 + index}.htm` };
    });
    site.pages.set(`${prefix}/home.htm`, listPage(links));
    for (const link of links) site.pages.set(link.path, articlePage(link));
  });
}

/** Runs every source once, four at a time as the worker's run-source slots do; the heap's peak while they run. */
async function runAll(db: Database, sources: readonly Source[], tools: Omit<RunTools, 'db'>): Promise<{ ms: number; peakHeap: number; pages: number; notModified: number; stories: number }> {
  const runIds = await db.transaction((tx) => queueRuns(tx, sources.map((source) => source.code), { trigger: 'manual', requestedBy: null, now: new Date() }));
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 20);
  const started = performance.now();
  const totals = { pages: 0, notModified: 0, stories: 0 };
  const pending = sources.map((source, index) => ({ source, runId: runIds[index]!.runId }));
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const outcome = await runSource({ db, ...tools }, next.source, next.runId);
        if (outcome.status === 'failed') throw new Error(`${next.source.code} failed`);
      }
    }),
  );
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const [row] = await db.$client<{ pages: number; not_modified: number; stories: number }[]>`
    select sum(pages_fetched)::int as pages, sum(not_modified)::int as not_modified, sum(new_stories)::int as stories from source_runs where id = any(${runIds.map((run) => run.runId)})`;
  totals.pages = row!.pages;
  totals.notModified = row!.not_modified;
  totals.stories = row!.stories;
  return { ms: elapsed, peakHeap, ...totals };
}

/**
 * The sources' runs (issue 31): a full run of the 14 sources against a local site (pacing off), first
 * when every article is new, then again when every list answers 304; and a new article on a list →
 * a searchable policy through the real worker (its scheduler tick triggered), indexer and API.
 */
export async function benchSourcesRuns(context: ProcessingBenchContext & { databaseUrl: string }): Promise<string> {
  const db = drizzle(context.sql, { schema, casing: 'snake_case' }) as Database;
  const site = await startSiteServer();
  const fetcher = testFetcher({ SOURCES_TIMEOUT_MS: '30000' });
  const rows: (string | number)[][] = [];
  try {
    await context.sql`delete from source_runs where source_code like 'bench-%'`;
    await context.sql`delete from source_lists where url like ${`${site.origin}%`}`;
    const sources = localSources(site);
    serveSources(site, sources);
    const tools = { fetcher, readList, readArticle, enqueue: async () => {}, now: () => new Date(), autoProcess: false, firstRunPages: 3, maxPages: 20 };

    progress(section, `first run of ${sources.length} sources: ${sources.length * articlesPerSource} new articles`);
    const heapBefore = process.memoryUsage().heapUsed;
    const first = await runAll(db, sources, tools);
    progress(section, `again, nothing new: every list 304`);
    const again = await runAll(db, sources, tools);
    rows.push(
      [`${sources.length} sources, every article new (pacing off)`, `${(first.ms / 1000).toFixed(1)} s`, `${first.pages} list pages, ${first.stories} stories stored`, ''],
      [`${sources.length} sources, nothing new (all 304, pacing off)`, `${(again.ms / 1000).toFixed(2)} s`, `${again.pages} list pages, ${again.notModified} answered 304, ${again.stories} stories`, '< 30 s'],
      ['Memory of a run (this process\'s heap)', `peak ${formatBytes(first.peakHeap)}`, `${formatBytes(Math.max(0, first.peakHeap - heapBefore))} over the heap before the first run of ${sources.length * articlesPerSource} articles`, ''],
    );
    await context.sql`delete from pending_stories where source like 'bench-%'`;

    progress(section, 'a new article on the State Council list → a searchable policy, 10 times, through the worker');
    const [stateCouncil] = sourceCatalogue;
    const listUrl = site.url('/live/home.htm');
    await context.sql`delete from source_settings`;
    await context.sql`delete from source_runs`;
    await context.sql`insert into source_settings (code, enabled, list_urls) select code, code = ${stateCouncil!.code}, case when code = ${stateCouncil!.code} then ${JSON.stringify([listUrl])}::jsonb end from unnest(${sourceCatalogue.map((entry) => entry.code)}::text[]) as code`;
    const documents = testDocuments().filter((document) => document.chineseText.length <= 12_000);
    const live: { path: string; title: string; date: string; chineseText: string }[] = [];
    site.pages.set('/live/home.htm', listPage(live));
    const indexer = context.startIndexer();
    const worker = await context.startWorker({ SCRAPERS_ENABLED: 'true', AUTO_PROCESS: 'true', SOURCES_ALLOW_PRIVATE_HOSTS: 'true', SOURCES_MIN_DELAY_MS: '0', JOB_POLL_SECONDS: '0.5' });
    const queue = await startJobQueue(context.databaseUrl, loadStoryJobSettings({}), { maintain: false });
    const latencies: number[] = [];
    try {
      for (let round = 0; round < 10; round++) {
        const marker = `src${randomBytes(5).toString('hex')}`;
        const document = documents[round % documents.length]!;
        const article = { ...document, title: `${document.title} ${marker}`, path: `/live/content_${Date.now()}${round}.htm` };
        site.pages.set(article.path, articlePage(article));
        live.unshift(article);
        site.pages.set('/live/home.htm', listPage(live));
        const started = performance.now();
        await db.transaction((tx) => queue.enqueue(tx, [{ name: 'schedule-sources', data: {} }]));
        for (;;) {
          const found = (await request(`${context.apiUrl}/api/search?q=${marker}&pageSize=10`)).json<{ total: number }>().total;
          if (found >= 1) break;
          if (performance.now() - started > 120_000) throw new Error(`${marker}: not searchable after 120 s`);
          await sleep(100);
        }
        latencies.push(performance.now() - started);
      }
    } finally {
      await queue.stop();
      await worker.stop();
      await indexer.stop();
      await context.sql`delete from source_settings`;
    }
    const latency = summarize(latencies);
    rows.push(['New article on a list → searchable policy (10 runs, rules analyser)', `p50 ${ms(latency.p50 / 1000)} s, p95 ${ms(latency.p95 / 1000)} s`, 'article added, schedule-sources enqueued, until /api/search finds it (worker, indexer, API)', 'p95 < 60 s']);
  } finally {
    await fetcher.close();
    await site.close();
  }
  return [
    '## Sources runs (issue 31)',
    '',
    `A local site serves a list of ${articlesPerSource} real State Council documents per source (pages shaped as gov.cn's), read through the real polite fetcher (pacing off) and extractors into Postgres; the latency runs the real worker, indexer and API.`,
    '',
    table(['Measure', 'Result', 'How', 'Target'], rows),
  ].join('\n');
}
