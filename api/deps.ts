import { createDatabase, type Database } from '../db/client.ts';
import { ensureMeilisearchKeys } from '../indexer/keys.ts';
import { createPaymentProvider, type PaymentProvider } from './billing/provider.ts';
import type { Config } from './config.ts';
import { lazyJobQueue, type JobQueue } from './jobs/queue.ts';
import type { Sql } from 'postgres';
import { readIndexVersion } from '../indexer/index-state.ts';
import { createCachedSearch, type PolicySearch } from './search/cached-search.ts';
import { createMeilisearchSearch, type MeilisearchSearch } from './search/meilisearch.ts';

/** Everything a request handler may reach, built once by the server (or by a test). */
export type AppDeps = {
  config: Config;
  db: Database;
  /** Meilisearch with the search-only key, straight (the health check): the API never writes to the index. */
  meilisearch: MeilisearchSearch;
  /** Every search the API answers, from memory while the index is unchanged (api/search/cached-search.ts). */
  search: PolicySearch;
  /** Injectable clock so tests can move time (session expiry, billing periods). */
  now: () => Date;
  /** Stripe when STRIPE_SECRET_KEY is set, else the local provider (see api/billing/provider.ts). */
  payments: PaymentProvider;
  /** The jobs' queue: jobs of api/jobs/'s list, enqueued in the caller's transaction. */
  jobs: Pick<JobQueue, 'enqueue'>;
};

/** Connects to Postgres and Meilisearch (with the search-only key) for the API process. */
export async function buildDeps(config: Config): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  const database = createDatabase(config.DATABASE_URL);
  const searchKey =
    config.MEILI_SEARCH_KEY ??
    (await ensureMeilisearchKeys(config.MEILI_URL, config.MEILI_MASTER_KEY!, config.MEILI_INDEX)).searchKey;
  const now = () => new Date();
  const jobs = lazyJobQueue(config.DATABASE_URL, config);
  const deps: AppDeps = {
    config,
    db: database.db,
    ...connectSearch(config, searchKey, database.sql),
    now,
    payments: createPaymentProvider({ config, db: database.db, now }),
    jobs,
  };
  return {
    deps,
    close: async () => {
      await deps.meilisearch.close();
      await jobs.stop();
      await database.close();
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
