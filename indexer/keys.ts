import { createMeilisearchClient } from './meilisearch-client.ts';
import { createHash } from 'node:crypto';
import { Meilisearch, MeilisearchApiError } from 'meilisearch';

export type MeilisearchKeys = { adminKey: string; searchKey: string };

/**
 * Creates (idempotently) the two keys the product uses: an admin key for the indexer, limited to
 * the policies index and the rebuild indexes beside it, and a search-only key for the API, limited
 * to the live index. Key uids are derived from the index name, so a second call finds the same keys.
 * This is the only use of the master key.
 */
export async function ensureMeilisearchKeys(url: string, masterKey: string, indexName: string): Promise<MeilisearchKeys> {
  const master = createMeilisearchClient(url, masterKey);
  const adminKey = await ensureKey(master, {
    uid: uidFor(`admin:${indexName}`),
    name: `${indexName} indexer`,
    description: 'Indexer: writes documents and settings, rebuilds and swaps indexes',
    actions: ['*'],
    indexes: [indexName, `${indexName}_*`],
  });
  const searchKey = await ensureKey(master, {
    uid: uidFor(`search:${indexName}`),
    name: `${indexName} search`,
    description: 'API: search only, live index only',
    actions: ['search'],
    indexes: [indexName],
  });
  return { adminKey, searchKey };
}

async function ensureKey(
  master: Meilisearch,
  key: { uid: string; name: string; description: string; actions: string[]; indexes: string[] },
): Promise<string> {
  try {
    return (await master.getKey(key.uid)).key;
  } catch (error) {
    if (!(error instanceof MeilisearchApiError) || error.response.status !== 404) throw error;
  }
  const created = await master.createKey({ ...key, expiresAt: null } as Parameters<Meilisearch['createKey']>[0]);
  return created.key;
}

/** A UUID v4-shaped id derived from a name (Meilisearch key uids must be UUID v4). */
function uidFor(name: string): string {
  const hex = createHash('sha256').update(`policy-tracker:${name}`).digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20),
    hex.slice(20, 32),
  ].join('-');
}
