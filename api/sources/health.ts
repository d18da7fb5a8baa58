import { and, count, desc, eq, gte, inArray, isNotNull, max, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pendingStories, sourceLists, sourceRuns } from '../../db/schema/index.ts';
import type { SourceRun, SourceState, SourceSummary } from '../shared/source-schemas.ts';
import { failingArticlesBySource } from './article-failures.ts';
import type { SourcesSettings } from './config.ts';
import type { Source } from './sources.ts';

/**
 * How each source stands (issue 31), for the Sources tab and /status alike: its last run, its last
 * success, the runs failed in a row since, the stories it brought in the last 24 hours, the article
 * links failing and waiting for a retry, and its state:
 * disabled, layout changed (a list whose first page gave links on earlier runs gives none now, issue 44;
 * it clears when links come back), failing (SOURCES_FAILING_AFTER_RUNS runs in a row), needs browser or
 * blocked (the catalogue says the site defeats polite fetching; its runs still try), stale (nothing new
 * for SOURCES_STALE_AFTER_DAYS days), else ok.
 */

export function toSourceRun(row: typeof sourceRuns.$inferSelect): SourceRun {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    source: row.sourceCode,
    trigger: row.trigger,
    status: row.status,
    queuedAt: row.queuedAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    pagesFetched: row.pagesFetched,
    notModified: row.notModified,
    linksFound: row.linksFound,
    newStories: row.newStories,
    duplicates: row.duplicates,
    knownFromOtherSite: row.knownFromOtherSite,
    failures: row.failures,
    error: row.error,
  };
}

type Thresholds = Pick<SourcesSettings, 'SOURCES_FAILING_AFTER_RUNS' | 'SOURCES_STALE_AFTER_DAYS'>;

export async function summariseSources(db: Executor, sources: readonly Source[], settings: Thresholds, now: Date): Promise<SourceSummary[]> {
  const lastRuns = await db
    .selectDistinctOn([sourceRuns.sourceCode])
    .from(sourceRuns)
    .orderBy(sourceRuns.sourceCode, desc(sourceRuns.id));
  const successes = await db
    .select({ code: sourceRuns.sourceCode, last: max(sourceRuns.finishedAt), first: min(sourceRuns.finishedAt) })
    .from(sourceRuns)
    .where(eq(sourceRuns.status, 'succeeded'))
    .groupBy(sourceRuns.sourceCode);
  // Finished runs failed since the source's last success.
  const failuresInRow = await db
    .select({ code: sourceRuns.sourceCode, runs: count() })
    .from(sourceRuns)
    .where(
      and(
        eq(sourceRuns.status, 'failed'),
        sql`${sourceRuns.id} > coalesce((select max(s.id) from ${sourceRuns} s where s.source_code = ${sourceRuns.sourceCode} and s.status = 'succeeded'), 0)`,
      ),
    )
    .groupBy(sourceRuns.sourceCode);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const stories = await db
    .select({
      code: pendingStories.source,
      lastDay: sql<number>`count(*) filter (where ${gte(pendingStories.createdAt, dayAgo)})`.mapWith(Number),
      newest: max(pendingStories.createdAt),
    })
    .from(pendingStories)
    .where(eq(pendingStories.producer, 'source'))
    .groupBy(pendingStories.source);
  const failingArticlesOf = await failingArticlesBySource(db);
  const listUrls = sources.flatMap((source) => source.lists.map((list) => list.url));
  const emptied = listUrls.length
    ? await db
        .select({ url: sourceLists.url, since: sourceLists.noLinksSince })
        .from(sourceLists)
        .where(and(inArray(sourceLists.url, listUrls), isNotNull(sourceLists.noLinksSince)))
    : [];
  const emptiedSince = new Map(emptied.map((row) => [row.url, row.since!]));

  const byCode = <T extends { code: string | null }>(rows: T[]) => new Map(rows.map((row) => [row.code, row]));
  const lastRunOf = new Map(lastRuns.map((row) => [row.sourceCode, row]));
  const successOf = byCode(successes);
  const failuresOf = byCode(failuresInRow);
  const storiesOf = byCode(stories);
  const staleBefore = new Date(now.getTime() - settings.SOURCES_STALE_AFTER_DAYS * 86_400_000);

  return sources.map((source) => {
    const lastRun = lastRunOf.get(source.code);
    const success = successOf.get(source.code);
    const consecutiveFailures = failuresOf.get(source.code)?.runs ?? 0;
    const found = storiesOf.get(source.code);
    const failing = failingArticlesOf.get(source.code);
    // News is measured from the newest story, or, with none yet, from the first successful run.
    const newsSince = found?.newest ?? success?.first ?? null;
    let state: SourceState = 'ok';
    let stateReason: string | null = null;
    const changed = source.lists.filter((list) => emptiedSince.has(list.url));
    if (!source.enabled) {
      state = 'disabled';
    } else if (changed.length) {
      state = 'layout changed';
      stateReason = `${changed.length === 1 ? 'A list page' : `${changed.length} list pages`} that gave links on earlier runs ${changed.length === 1 ? 'gives' : 'give'} none now: ${changed.map((list) => `${list.url} (since ${emptiedSince.get(list.url)!.toISOString().slice(0, 10)})`).join(', ')}`;
    } else if (consecutiveFailures >= settings.SOURCES_FAILING_AFTER_RUNS) {
      state = 'failing';
      stateReason = `${consecutiveFailures} runs failed in a row${lastRun?.error ? `: ${lastRun.error}` : ''}`;
    } else if (source.known.state !== 'ok') {
      state = source.known.state;
      stateReason = `${source.known.reason[0]!.toUpperCase()}${source.known.reason.slice(1)}`;
    } else if (lastRun?.status === 'failed') {
      // Fewer failures in a row than make it failing, but never "OK" while its last run failed.
      state = 'last run failed';
      stateReason = `The last run failed${lastRun.error ? `: ${lastRun.error}` : ''}`;
    } else if (newsSince && newsSince < staleBefore) {
      state = 'stale';
      stateReason = `Nothing new for ${Math.floor((now.getTime() - newsSince.getTime()) / 86_400_000)} days`;
    }
    return {
      code: source.code,
      name: source.name,
      departmentId: source.departmentId,
      enabled: source.enabled,
      listUrls: source.lists.map((list) => list.url),
      defaultListUrls: source.defaultListUrls,
      state,
      stateReason,
      lastRun: lastRun ? toSourceRun(lastRun) : null,
      lastSuccessAt: success?.last?.toISOString() ?? null,
      consecutiveFailures,
      newStories24h: found?.lastDay ?? 0,
      failingArticles: failing ? { count: failing.count, oldestSince: failing.oldestSince.toISOString() } : null,
    };
  });
}
