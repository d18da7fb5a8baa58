import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { sourceLists, sourcePages, sourceRuns, type SourceRunFailure, type StoryDocumentFacts } from '../../db/schema/index.ts';
import { processStoryJob } from '../jobs/process-story.ts';
import type { PageFetcher } from '../outbound/types.ts';
import { knownStoryKeys, prepareStory, takeInOneStory } from '../stories/intake.ts';
import { startProcessing } from '../stories/status.ts';
import { failedLinks, forgetArticleFailures, recordArticleFailure } from './article-failures.ts';
import type { ArticleReader, ArticleReading, ExtractedArticle, FetchedPage, ListedLink, ListReader } from './extract/types.ts';
import { listPageUrl } from './paging.ts';
import { claimRun, finishRun } from './run-status.ts';
import type { Source, SourceList } from './sources.ts';

/**
 * One run of one source (issue 31): each list page through the polite fetcher, page 1, 2, … until a
 * page whose links are all known (a first run reads at most SOURCES_FIRST_RUN_PAGES); each new link's
 * article fetched and read, and, read, handed to the one intake (api/stories/intake.ts) and, with
 * auto-processing, into processing in the same transaction. A page or article that fails is recorded
 * with its URL, status and reason, and the run goes on; a failed article is also remembered
 * (./article-failures.ts) and not fetched again until its backoff is over.
 *
 * Idempotent: a link is known only once its story is in (the intake's one story per URL, ever), and a
 * list counts as caught up (stop early, send validators) only once a read of it finished, so a run
 * killed mid-way and run again re-reads what it had not finished and stores nothing twice. A failed
 * article's row is written in one transaction after its try, and deleted in the transaction that
 * takes it in: killed before the row, the link is simply tried again; after it, it waits its turn.
 */

/** The extractors a run reads pages with (api/sources/extract/): passed in, so a run is one function of its tools. */
export type SourceReaders = {
  readList(page: FetchedPage, reader: ListReader): ListedLink[] | Promise<ListedLink[]>;
  readArticle(page: FetchedPage, reader: ArticleReader): ArticleReading | Promise<ArticleReading>;
};

export type RunTools = SourceReaders & {
  db: Database;
  fetcher: PageFetcher;
  /** Enqueues jobs in `tx` (the worker's queue): the new stories' process-story jobs. */
  enqueue(tx: Transaction, requests: readonly { name: string; data: unknown }[]): Promise<void>;
  now: () => Date;
  /** New stories go to processing at once (AUTO_PROCESS). */
  autoProcess: boolean;
  /** List pages a first run reads back, and any run at most. */
  firstRunPages: number;
  maxPages: number;
};

/** A run's counts as it goes; written to its row after every list page, so a killed run shows how far it got. */
type Tally = { pagesFetched: number; notModified: number; linksFound: number; newStories: number; duplicates: number; knownFromOtherSite: number; failures: SourceRunFailure[] };

/** The failures kept on a run's row: enough to see what broke, bounded so a broken site cannot grow the row without end. */
const keptFailures = 200;

export type RunOutcome = { status: 'succeeded' | 'failed'; newStories: number; failures: number } | { status: 'skipped'; why: string };

/**
 * Runs the queued (or, a retry, running) run `runId` of `source`. Answers `skipped` when the run is
 * no longer to be run (finished, or failed as abandoned in the meantime).
 */
export async function runSource(tools: RunTools, source: Source, runId: number): Promise<RunOutcome> {
  const { db } = tools;
  if (!(await claimRun(db, runId, tools.now()))) return { status: 'skipped', why: 'the run is no longer queued' };

  const tally: Tally = { pagesFetched: 0, notModified: 0, linksFound: 0, newStories: 0, duplicates: 0, knownFromOtherSite: 0, failures: [] };
  const save = () => db.update(sourceRuns).set({ ...tally, failures: tally.failures.slice(0, keptFailures) }).where(eq(sourceRuns.id, runId));

  const unread: string[] = [];
  let articlesTried = 0;
  let articlesRead = 0;
  for (const list of source.lists) {
    const channel = await readChannel(tools, source, list, tally, save);
    if (!channel.read) unread.push(list.url);
    articlesTried += channel.articlesTried;
    articlesRead += channel.articlesRead;
  }

  // The source could not be read: a list page failed, or every article it offered did.
  const error = unread.length
    ? `Could not read ${unread.length === 1 ? 'the list page' : `${unread.length} list pages`}: ${unread.join(', ')}`
    : articlesTried > 0 && articlesRead === 0
      ? `None of the ${articlesTried} new articles could be read`
      : null;
  const status = error ? 'failed' : 'succeeded';
  if (!(await finishRun(db, runId, { status, error, now: tools.now() }, { ...tally, failures: tally.failures.slice(0, keptFailures) }))) {
    return { status: 'skipped', why: 'the run was failed as abandoned while it ran' };
  }
  return { status, newStories: tally.newStories, failures: tally.failures.length };
}

/**
 * One list (a channel) read page by page; whether its first page could be read, and how its articles
 * went. A list caught up at its last read is read until a page whose links are all known (or one the
 * site answers 304 for); a list never read, or whose last read was cut off, is read back
 * `firstRunPages` (never read) or `maxPages` (cut off) pages whatever it holds, its validators unused.
 */
async function readChannel(tools: RunTools, source: Source, { url: listUrl, paging, list: reader }: SourceList, tally: Tally, save: () => Promise<unknown>) {
  const { db } = tools;
  const [list] = await db.select().from(sourceLists).where(eq(sourceLists.url, listUrl));
  const caughtUp = Boolean(list?.caughtUpAt);
  const limit = paging.kind === 'none' ? 1 : caughtUp || list ? tools.maxPages : Math.min(tools.firstRunPages, tools.maxPages);
  const began = { url: listUrl, caughtUpAt: null, readStartedAt: tools.now() };
  await db.insert(sourceLists).values(began).onConflictDoUpdate({ target: sourceLists.url, set: began });

  let articlesTried = 0;
  let articlesRead = 0;
  const outcome = (read: boolean) => ({ read, articlesTried, articlesRead });
  for (let page = 1; page <= limit; page++) {
    const url = listPageUrl(listUrl, paging, page - 1);
    const [validators] = caughtUp ? await db.select().from(sourcePages).where(eq(sourcePages.url, url)) : [];
    const fetched = await tools.fetcher.fetch({ url, etag: validators?.etag, lastModified: validators?.lastModified });
    tally.pagesFetched++;
    if (fetched.kind === 'not-modified') {
      // Unchanged since its last complete read: nothing on it, or behind it, is new.
      tally.notModified++;
      break;
    }
    if (fetched.kind === 'failed') {
      // Past page 1, a page that is not there is the list's end.
      if (page === 1 || fetched.status !== 404) tally.failures.push({ url, status: fetched.status, reason: fetched.reason });
      await save();
      if (page === 1) return outcome(false);
      break;
    }
    const listed = await readOrWhy(() => tools.readList({ url: fetched.url, text: fetched.text, contentType: fetched.contentType }, reader));
    const links = Array.isArray(listed) ? dedupe(listed) : [];
    tally.linksFound += links.length;
    if (links.length === 0) {
      // Page 1 with no links is a list the reader no longer understands; a later one is the list's end.
      if (page > 1) break;
      // A list that gave links before and gives none now changed its layout (issue 44): its source's health says so.
      const layoutChanged = Boolean(list?.linksFoundAt);
      if (layoutChanged) await db.update(sourceLists).set({ noLinksSince: list!.noLinksSince ?? tools.now() }).where(eq(sourceLists.url, listUrl));
      const reason = !Array.isArray(listed) ? listed.why : layoutChanged ? noLinksAnyMore : 'No links found on the list page';
      tally.failures.push({ url, status: fetched.status, reason });
      await save();
      return outcome(false);
    }
    if (page === 1) await db.update(sourceLists).set({ linksFoundAt: tools.now(), noLinksSince: null }).where(eq(sourceLists.url, listUrl));
    const known = await knownStoryKeys(db, links.map((link) => link.key));
    const unknown = links.filter((link) => !known.has(link.key));
    tally.duplicates += links.length - unknown.length;
    const failed = await failedLinks(db, links.map((link) => link.url));
    // A failing link that became a story some other way (an imported file) waits for nothing any more.
    await forgetArticleFailures(db, links.filter((link) => known.has(link.key) && failed.has(link.url)).map((link) => link.url));
    // A link that failed and waits for its next try is neither fetched nor new: a caught-up list still stops here.
    const fresh = unknown.filter((link) => {
      const nextTry = failed.get(link.url);
      return !nextTry || nextTry <= tools.now();
    });
    for (const link of fresh) {
      articlesTried++;
      if (await takeInArticle(tools, source, link, tally)) articlesRead++;
    }
    if (fetched.etag || fetched.lastModified) {
      const values = { url, etag: fetched.etag, lastModified: fetched.lastModified, fetchedAt: tools.now() };
      await db.insert(sourcePages).values(values).onConflictDoUpdate({ target: sourcePages.url, set: values });
    }
    await save();
    if (caughtUp && fresh.length === 0) break;
  }
  // Every page read to its end: the next run may stop early and trust the validators.
  await db.update(sourceLists).set({ caughtUpAt: tools.now() }).where(eq(sourceLists.url, listUrl));
  await save();
  return outcome(true);
}

/** The failure of a list page that gave links on earlier runs and gives none now. */
export const noLinksAnyMore = 'No links found on the list page, which gave links on earlier runs: its layout changed';

/** What an extractor read, or why it could not (a JSON service's answer it does not understand throws): a page's failure, not the run's. */
async function readOrWhy<T>(read: () => T | Promise<T>): Promise<T | { why: string }> {
  try {
    return await read();
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) };
  }
}

type KeyedLink = ListedLink & { key: string };

/** A list's links keyed as the intake keys stories, each once, those that are not web addresses left out. */
function dedupe(links: readonly ListedLink[]): KeyedLink[] {
  const byKey = new Map<string, KeyedLink>();
  for (const link of links) {
    const prepared = prepareStory({ title: link.title, url: link.url, chineseText: '' });
    if ('error' in prepared || byKey.has(prepared.key)) continue;
    byKey.set(prepared.key, { ...link, url: prepared.url!, key: prepared.key });
  }
  return [...byKey.values()];
}

/** Fetches and reads one new link's article and takes it in; whether it became (or already was) a story. A failure is remembered, so later runs back off. */
async function takeInArticle(tools: RunTools, source: Source, link: KeyedLink, tally: Tally): Promise<boolean> {
  const reading = await fetchArticle(tools, source, link);
  if ('failure' in reading) {
    const failure = { url: link.url, ...reading.failure };
    tally.failures.push(failure);
    await recordArticleFailure(tools.db, source.code, failure, tools.now());
    return false;
  }
  const { article } = reading;
  const at = tools.now();
  const intake = await tools.db.transaction(async (tx) => {
    const taken = await takeInOneStory(
      tx,
      {
        title: article.title || link.title,
        url: link.url,
        chineseText: article.text,
        publishedOn: article.date ?? link.date,
        departmentId: source.departmentId,
        documentFacts: documentFactsOf(article),
      },
      { producer: 'source', source: source.code, fetchedAt: at },
    );
    if (taken.story && tools.autoProcess) {
      const started = await startProcessing(tx, [taken.story.id], at);
      await tools.enqueue(tx, started.map((storyId) => ({ name: processStoryJob.name, data: { storyId } })));
    }
    await forgetArticleFailures(tx, [link.url]);
    return taken;
  });
  if (intake.story) tally.newStories++;
  else if (intake.knownFromOtherSite) tally.knownFromOtherSite++;
  else tally.duplicates++;
  return true;
}

/** One article fetched and read, or why it could not be. */
async function fetchArticle(tools: RunTools, source: Source, link: KeyedLink): Promise<{ article: ExtractedArticle } | { failure: Omit<SourceRunFailure, 'url'> }> {
  const fetched = await tools.fetcher.fetch({ url: link.url });
  if (fetched.kind !== 'ok') {
    return { failure: fetched.kind === 'failed' ? { status: fetched.status, reason: fetched.reason } : { status: 304, reason: 'Not modified, though never fetched' } };
  }
  if (!fetched.text.trim()) return { failure: { status: fetched.status, reason: 'The page came back empty' } };
  const reading = await readOrWhy(() => tools.readArticle({ url: fetched.url, text: fetched.text, contentType: fetched.contentType }, source.article));
  if ('why' in reading || !reading.ok) return { failure: { status: fetched.status, reason: 'why' in reading ? reading.why : reading.reason } };
  return { article: reading.article };
}

/** The page's own facts beside the text, kept with the story; null when the page gave none. */
function documentFactsOf(article: ExtractedArticle): StoryDocumentFacts | null {
  const facts: StoryDocumentFacts = {
    ...(article.documentNumber ? { documentNumber: article.documentNumber } : {}),
    ...(article.issuer ? { issuer: article.issuer } : {}),
    ...(article.attachments.length ? { attachments: article.attachments } : {}),
  };
  return Object.keys(facts).length ? facts : null;
}
