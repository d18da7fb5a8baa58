import { setTimeout as sleep } from 'node:timers/promises';
import { MeilisearchApiError, MeilisearchRequestError } from 'meilisearch';
import type { ListenMeta } from 'postgres';
import { markIndexChanged } from './index-state.ts';
import { outboxChannel } from './outbox.ts';
import { applyIndexSettings } from './settings.ts';
import { syncOutboxBatch, type SearchTarget, type SyncOptions } from './sync.ts';
import { SearchTaskError } from './tasks.ts';

export type IndexerOptions = SyncOptions & {
  pollSeconds: number;
  log: (line: string) => void;
  /** Aborting lets the batch in hand finish, then runIndexer returns. */
  signal: AbortSignal;
};

const maxBackoffMs = 10_000;

/**
 * The daemon: applies the index settings, then keeps draining the outbox. It wakes on the
 * triggers' NOTIFY, and polls as a safety net for notifications missed while the LISTEN
 * connection was down and for claims whose lease ran out. When Meilisearch or Postgres fails it
 * keeps the outbox rows, logs one line, backs off and retries until it recovers.
 */
export async function runIndexer(target: SearchTarget, options: IndexerOptions): Promise<void> {
  const { log, signal } = options;
  let wake: () => void = () => {};
  let notified = false;
  const notify = () => {
    notified = true;
    wake();
  };
  signal.addEventListener('abort', notify);
  let listening: ListenMeta | null = null;
  let settingsApplied = false;
  let failingSince: number | null = null;
  let lastFailure = '';
  let failures = 0;
  try {
    while (!signal.aborted) {
      try {
        // postgres.js listens again after a reconnect and calls onlisten each time: a
        // notification may have been missed meanwhile, so that counts as one.
        listening ??= await target.sql.listen(outboxChannel, notify, notify);
        // Again after every failure: a Meilisearch that lost its data has lost the index too.
        if (!settingsApplied) {
          await applyIndexSettings(target.client, target.indexName);
          // New settings (a deploy) may rank and match differently.
          await markIndexChanged(target.sql);
          settingsApplied = true;
        }
        notified = false;
        const batch = await syncOutboxBatch(target, options);
        if (failingSince !== null) {
          log(`[indexer] recovered after ${((Date.now() - failingSince) / 1000).toFixed(1)} s`);
          failingSince = null;
          lastFailure = '';
          failures = 0;
        }
        if (batch) {
          log(
            `[indexer] ${batch.outboxRows} outbox rows: ${batch.upserted} upserted, ${batch.deleted} deleted` +
              (batch.requeued > 0 ? `, ${batch.requeued} changed meanwhile and requeued` : ''),
          );
          continue;
        }
        if (!notified) {
          await new Promise<void>((resolve) => {
            const poll = setTimeout(resolve, options.pollSeconds * 1000);
            wake = () => {
              clearTimeout(poll);
              resolve();
            };
          });
        }
      } catch (error) {
        settingsApplied = false;
        failures += 1;
        failingSince ??= Date.now();
        const delayMs = Math.min(maxBackoffMs, 250 * 2 ** failures) * (0.75 + Math.random() * 0.5);
        const failure = describeError(error);
        if (failure !== lastFailure) {
          log(`[indexer] ${failure}; outbox rows kept, retrying with backoff (up to ${maxBackoffMs / 1000} s)`);
          lastFailure = failure;
        }
        await sleep(delayMs, undefined, { signal }).catch(() => {});
      }
    }
  } finally {
    signal.removeEventListener('abort', notify);
    await listening?.unlisten().catch(() => {});
  }
}

/** One line naming the failing service and why. */
export function describeError(error: unknown): string {
  if (error instanceof MeilisearchRequestError) {
    const cause = error.cause as { cause?: { code?: string; message?: string }; message?: string } | undefined;
    return `Meilisearch unreachable: ${cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? error.message}`;
  }
  if (error instanceof MeilisearchApiError) {
    return `Meilisearch answered ${error.response.status}: ${error.cause?.message ?? error.message}`;
  }
  if (error instanceof SearchTaskError) return error.message;
  if (error instanceof Error && error.name.startsWith('Meilisearch')) return `Meilisearch: ${error.message}`;
  // Everything else comes from postgres.js: server errors carry a SQLSTATE, connection errors a system code.
  const code = (error as { code?: string }).code;
  if (error instanceof Error && code) return `Postgres: ${error.message}${error.message.includes(code) ? '' : ` (${code})`}`;
  return error instanceof Error ? error.message : String(error);
}
