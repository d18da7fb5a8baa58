import { createDatabase } from '../db/client.ts';
import { ensureMeilisearchKeys } from '../indexer/keys.ts';
import { createPaymentProvider } from './billing/provider.ts';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { createMeilisearchSearch } from './search/meilisearch.ts';

/** Connects to Postgres and Meilisearch (with the search-only key) for the API process. */
export async function buildDeps(config: Config): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  const database = createDatabase(config.DATABASE_URL);
  const searchKey =
    config.MEILI_SEARCH_KEY ??
    (await ensureMeilisearchKeys(config.MEILI_URL, config.MEILI_MASTER_KEY!, config.MEILI_INDEX)).searchKey;
  const now = () => new Date();
  const deps: AppDeps = {
    config,
    db: database.db,
    search: createMeilisearchSearch({ host: config.MEILI_URL, apiKey: searchKey, indexName: config.MEILI_INDEX }),
    now,
    payments: createPaymentProvider({ config, db: database.db, now }),
  };
  return {
    deps,
    close: async () => {
      await deps.search.close();
      await database.close();
    },
  };
}
