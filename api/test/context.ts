import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { ensureMeilisearchKeys } from '../../indexer/keys.ts';
import { createApp } from '../app.ts';
import { createPaymentProvider } from '../billing/provider.ts';
import { loadConfig, type Config } from '../config.ts';
import { createMeilisearchClient } from '../../indexer/meilisearch-client.ts';
import type { AppDeps } from '../deps.ts';
import { createMeilisearchSearch } from '../search/meilisearch.ts';
import { databaseUrl, templateDatabase } from './local-services.ts';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * A test file's own world: a fresh database cloned from the migrated template (reference data
 * loaded), its own Meilisearch index name and keys, a settable clock, and the Hono app built by
 * the same createApp the server uses.
 */
export async function createTestContext(overrides: Partial<Record<keyof Config, string>> = {}) {
  const suffix = randomBytes(5).toString('hex');
  const databaseName = `test_${suffix}`;
  const adminUrl = inject('postgresAdminUrl');
  await createDatabaseFromTemplate(adminUrl, databaseName);
  const url = databaseUrl(adminUrl, databaseName);
  const database = createDatabase(url);

  const meiliUrl = inject('meiliUrl');
  const meiliMasterKey = inject('meiliMasterKey');
  const indexName = `policies_${suffix}`;
  const keys = await ensureMeilisearchKeys(meiliUrl, meiliMasterKey, indexName);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    MEILI_URL: meiliUrl,
    MEILI_ADMIN_KEY: keys.adminKey,
    MEILI_SEARCH_KEY: keys.searchKey,
    MEILI_INDEX: indexName,
    APP_URL: 'http://localhost:3000',
    ...overrides,
  });

  let now: Date | null = null;
  const clock = {
    /** Freeze time at `date` (null returns to the real clock). */
    set: (date: Date | null) => {
      now = date;
    },
    advance: (ms: number) => {
      now = new Date((now ?? new Date()).getTime() + ms);
    },
  };
  const deps: AppDeps = {
    config,
    db: database.db,
    search: createMeilisearchSearch({ host: meiliUrl, apiKey: keys.searchKey, indexName }),
    now: () => now ?? new Date(),
    payments: createPaymentProvider({ config, db: database.db, now: () => now ?? new Date() }),
  };
  const app = createApp(deps);

  /** A request as the web app sends it: same-origin, JSON body, cookies passed explicitly. */
  async function request(path: string, init: { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { Origin: config.APP_URL, ...init.headers };
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    if (init.cookie) headers.Cookie = init.cookie;
    return app.request(path, {
      method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
  }

  return {
    app,
    deps,
    config,
    db: database.db,
    sql: database.sql,
    databaseUrl: url,
    clock,
    request,
    meili: {
      url: meiliUrl,
      masterKey: meiliMasterKey,
      indexName,
      keys,
      admin: createMeilisearchClient(meiliUrl, keys.adminKey),
      /** The meilisearch client with the search-only key, for tests that check the index as the API sees it. */
      search: createMeilisearchClient(meiliUrl, keys.searchKey),
    },
    close: async () => {
      await deps.search.close();
      await database.close();
    },
  };
}

async function createDatabaseFromTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = createDatabase(adminUrl, { max: 1 });
  try {
    // Two clones of one template at the same instant can collide ("source database is being
    // accessed by other users"); a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.sql.unsafe(`create database ${name} template ${templateDatabase}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.close();
  }
}
