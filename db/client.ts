import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type Database = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };

/** The `tx` a drizzle transaction callback receives, for helpers that must run inside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The pool or a transaction: for helpers whose writes belong to the caller's transaction when there is one. */
export type Executor = Database | Transaction;

export const connectTimeoutSeconds = 2;
export const reconnectBackoffCapSeconds = 1;

/** One connection pool per process; `close()` ends it. */
export function createDatabase(url: string, options: { max?: number } = {}) {
  const client = postgres(url, {
    max: options.max ?? 10,
    // Notices such as "relation already exists, skipping" are noise in every log.
    onnotice: () => {},
    // With Postgres unreachable a request should fail within a second or two (the API answers 503),
    // not wait out postgres.js's defaults: 30 s to connect, and a reconnect backoff that grows to
    // 20 s and holds every query queued behind it.
    connect_timeout: connectTimeoutSeconds,
    backoff: (retries) => Math.min(reconnectBackoffCapSeconds, (0.5 + Math.random() / 2) * (3 ** retries / 100)),
  });
  const db = drizzle(client, { schema, casing: 'snake_case' }) as Database;
  return { db, sql: client, close: () => client.end({ timeout: 5 }) };
}

export { schema };
