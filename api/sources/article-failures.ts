import { count, eq, inArray, min } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sourceArticleFailures, type SourceRunFailure } from '../../db/schema/index.ts';

/**
 * Article links a run could not read, and when each may be fetched again (source_article_failures).
 * Without them a broken link stays new to every run: fetched from the government site every 30
 * minutes for ever, and keeping a caught-up list from stopping at its first page. A failure waits
 * 30 minutes, then twice as long after each failure more, at most 7 days: a broken link is asked for
 * less and less but never given up, so a page the site fixes is read in the end.
 */

const firstWaitMs = 30 * 60_000;
const longestWaitMs = 7 * 86_400_000;

/** When a link that has now failed `attempts` times, the last at `triedAt`, may be tried again. */
export function nextTryAt(attempts: number, triedAt: Date): Date {
  const wait = Math.min(firstWaitMs * 2 ** (attempts - 1), longestWaitMs);
  return new Date(triedAt.getTime() + wait);
}

/** Which of these links failed before, each with when it may be tried again: one read per list page. */
export async function failedLinks(db: Executor, urls: readonly string[]): Promise<Map<string, Date>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .select({ url: sourceArticleFailures.url, nextTryAt: sourceArticleFailures.nextTryAt })
    .from(sourceArticleFailures)
    .where(inArray(sourceArticleFailures.url, [...urls]));
  return new Map(rows.map((row) => [row.url, row.nextTryAt]));
}

/** Records one more failed try of `url` and sets its next try; in one transaction, so a killed run leaves the row whole or untouched. */
export async function recordArticleFailure(db: Executor, sourceCode: string, failure: SourceRunFailure, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(sourceArticleFailures).where(eq(sourceArticleFailures.url, failure.url)).for('update');
    const attempts = (before?.attempts ?? 0) + 1;
    const row = {
      url: failure.url,
      sourceCode,
      attempts,
      lastStatus: failure.status,
      lastReason: failure.reason,
      firstFailedAt: before?.firstFailedAt ?? at,
      lastTriedAt: at,
      nextTryAt: nextTryAt(attempts, at),
    };
    await tx.insert(sourceArticleFailures).values(row).onConflictDoUpdate({ target: sourceArticleFailures.url, set: row });
  });
}

/** Forgets these links' failures: a link taken in (in the transaction that takes it in) or a story by now some other way. */
export async function forgetArticleFailures(db: Executor, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db.delete(sourceArticleFailures).where(inArray(sourceArticleFailures.url, [...urls]));
}

/** Per source, the article links failing and waiting for a retry, and since when the oldest has failed. */
export async function failingArticlesBySource(db: Executor): Promise<Map<string, { count: number; oldestSince: Date }>> {
  const rows = await db
    .select({ code: sourceArticleFailures.sourceCode, count: count(), oldestSince: min(sourceArticleFailures.firstFailedAt) })
    .from(sourceArticleFailures)
    .groupBy(sourceArticleFailures.sourceCode);
  return new Map(rows.map((row) => [row.code, { count: row.count, oldestSince: row.oldestSince! }]));
}
