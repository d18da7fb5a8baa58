import type { Sql } from 'postgres';
import { createDatabase, type Database } from '../db/client.ts';
import { readIndexVersion } from '../indexer/index-state.ts';
import { ensureMeilisearchKeys } from '../indexer/keys.ts';
import { createAlertChannelPoster } from './alerts/channels.ts';
import type { AppDeps } from './app-deps.ts';
import { createPaymentProvider } from './billing/provider.ts';
import type { Config } from './config.ts';
import { lazyJobQueue } from './jobs/queue.ts';
import { fetcherSettingsFrom } from './outbound/config.ts';
import { createPoliteFetcher } from './outbound/polite-fetcher.ts';
import { createPoster } from './outbound/poster.ts';
import { createCachedSearch } from './search/cached-search.ts';
import { llmTermsFrom } from './search/llm-terms.ts';
import { createMeilisearchSearch } from './search/meilisearch.ts';
import { createThreadPool } from './threads/pool.ts';

/** Connects to Postgres and Meilisearch (with the search-only key) for the API process. */
export async function buildDeps(config: Config): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  const database = createDatabase(config.DATABASE_URL);
  const searchKey =
    config.MEILI_SEARCH_KEY ??
    (await ensureMeilisearchKeys(config.MEILI_URL, config.MEILI_MASTER_KEY!, config.MEILI_INDEX)).searchKey;
  const { deps, close } = assembleDeps({ config, db: database.db, sql: database.sql, searchKey, now: () => new Date() });
  return {
    deps,
    close: async () => {
      await close();
      await database.close();
    },
  };
}

/**
 * AppDeps around a database the caller opened (and closes): the one assembly the server and the
 * test context share. `close` stops what it started here (Meilisearch's client, the job queue, the threads).
 */
export function assembleDeps(parts: { config: Config; db: Database; sql: Sql; searchKey: string | undefined; now: () => Date }): {
  deps: AppDeps;
  close: () => Promise<void>;
} {
  const { config, db, now } = parts;
  const jobs = lazyJobQueue(config.DATABASE_URL, config);
  const alertChannels = createAlertChannelPoster({ poster: createPoster({ allowPrivateHosts: config.ALERT_WEBHOOKS_ALLOW_PRIVATE_HOSTS }) });
  const deps: AppDeps = {
    config,
    db,
    ...connectSearch(config, parts.searchKey, parts.sql),
    llmTerms: llmTermsFrom(config),
    now,
    payments: createPaymentProvider({ config, db, now }),
    jobs,
    fetcher: createPoliteFetcher(fetcherSettingsFrom(config)),
    alertChannels,
    threads: createThreadPool(config),
  };
  return {
    deps,
    close: async () => {
      await deps.meilisearch.close();
      await jobs.stop();
      await deps.fetcher.close();
      await alertChannels.close();
      await deps.threads.close();
    },
  };
}

/** Meilisearch for the API, and the cached search in front of it keyed by the index version in Postgres. */
export function connectSearch(
  config: Pick<Config, 'MEILI_URL' | 'MEILI_INDEX' | 'SEARCH_CACHE_MB'>,
  searchKey: string | undefined,
  sql: Sql,
): Pick<AppDeps, 'meilisearch' | 'search'> {
  const meilisearch = createMeilisearchSearch({ host: config.MEILI_URL, apiKey: searchKey, indexName: config.MEILI_INDEX });
  const search = createCachedSearch(meilisearch, () => readIndexVersion(sql), { maxSize: config.SEARCH_CACHE_MB * 1024 * 1024 });
  return { meilisearch, search };
}
