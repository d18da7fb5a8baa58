import { randomBytes } from 'node:crypto';
import { createIndexerTestContext } from '../../indexer/testing.ts';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { assembleDeps } from '../deps.ts';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * A test file's own world: the indexer's test context (a fresh database cloned from the migrated
 * template, its own Meilisearch index name and keys), a settable clock, and the Hono app built by
 * the same createApp the server uses.
 */
export async function createTestContext(overrides: Partial<Record<keyof Config, string>> = {}) {
  const { meili, ...database } = await createIndexerTestContext();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.databaseUrl,
    MEILI_URL: meili.url,
    MEILI_ADMIN_KEY: meili.keys.adminKey,
    MEILI_SEARCH_KEY: meili.keys.searchKey,
    MEILI_INDEX: meili.indexName,
    APP_URL: 'http://localhost:3000',
    APP_SECRET: randomBytes(32).toString('base64url'),
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
  const { deps, close } = assembleDeps({
    config,
    db: database.db,
    sql: database.sql,
    searchKey: meili.keys.searchKey,
    now: () => now ?? new Date(),
  });
  const app = createApp(deps);
  const request = requestsTo(app, config);

  return {
    app,
    deps,
    config,
    db: database.db,
    sql: database.sql,
    databaseUrl: database.databaseUrl,
    clock,
    request,
    meili,
    close: async () => {
      await close();
      await database.close();
    },
  };
}

/** Requests to an app as the web app sends them: same-origin, JSON body, cookies passed explicitly. */
export function requestsTo(app: ReturnType<typeof createApp>, config: Pick<Config, 'APP_URL'>) {
  return async (path: string, init: { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { Origin: config.APP_URL, ...init.headers };
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    if (init.cookie) headers.Cookie = init.cookie;
    return app.request(path, {
      method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
  };
}
