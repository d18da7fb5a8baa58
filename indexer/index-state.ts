import type { Sql, TransactionSql } from 'postgres';

/**
 * The search index's version (db/schema/search.ts, `search_index_state`): moved on by the indexer
 * each time a change has landed in Meilisearch, read by the API to key the answers it keeps in
 * memory. Only ever moved after Meilisearch reported the change applied, so whoever reads version
 * N and then searches sees every change made before N.
 */
export async function markIndexChanged(sql: Sql | TransactionSql): Promise<void> {
  await sql`update search_index_state set version = version + 1, changed_at = now()`;
}

/** The version as Postgres keeps it (a bigint, as text). */
export async function readIndexVersion(sql: Sql): Promise<string> {
  const [row] = await sql<{ version: string }[]>`select version from search_index_state`;
  if (!row) throw new Error('search_index_state has no row: run the migrations');
  return row.version;
}
