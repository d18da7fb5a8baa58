import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type Database = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };

/** The `tx` a drizzle transaction callback receives, for helpers that must run inside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The pool or a transaction: for helpers whose writes belong to the caller's transaction when there is one. */
export type Executor = Database | Transaction;

/** One connection pool per process; `close()` ends it. */
export function createDatabase(url: string, options: { max?: number } = {}) {
  const client = postgres(url, {
    max: options.max ?? 10,
    // Notices such as "relation already exists, skipping" are noise in every log.
    onnotice: () => {},
  });
  const db = drizzle(client, { schema, casing: 'snake_case' }) as Database;
  return { db, sql: client, close: () => client.end({ timeout: 5 }) };
}

export { schema };
