import type { Sql } from 'postgres';
import type { PolicyDocument } from './document.ts';
import { enqueuePolicies } from './outbox.ts';
import { loadPolicyStamps } from './policy-documents.ts';
import type { SearchTarget } from './sync.ts';

export type IndexDifference = {
  policies: number;
  documents: number;
  /** Policies with no document. */
  missing: number[];
  /** Documents whose stamp differs from their policy's. */
  stale: number[];
  /** Documents of policies that no longer exist. */
  extra: number[];
};

const pageSize = 10_000;

/**
 * Compares every policy's stamp in Postgres with its document's in Meilisearch. While writes are
 * running, a change still on its way through the outbox shows up as a difference.
 */
export async function verifyIndex(target: SearchTarget): Promise<IndexDifference> {
  const stamps = await loadPolicyStamps(target.sql);
  const index = target.client.index<Pick<PolicyDocument, 'id' | 'updatedAt'>>(target.indexName);
  const indexed = new Map<number, number>();
  for (let offset = 0; ; offset += pageSize) {
    const page = await index.getDocuments({ fields: ['id', 'updatedAt'], limit: pageSize, offset });
    for (const document of page.results) indexed.set(document.id, document.updatedAt);
    if (page.results.length < pageSize) break;
  }
  const difference: IndexDifference = { policies: stamps.size, documents: indexed.size, missing: [], stale: [], extra: [] };
  for (const [id, stamp] of stamps) {
    const indexedStamp = indexed.get(id);
    if (indexedStamp === undefined) difference.missing.push(id);
    else if (indexedStamp !== stamp) difference.stale.push(id);
  }
  for (const id of indexed.keys()) if (!stamps.has(id)) difference.extra.push(id);
  for (const ids of [difference.missing, difference.stale, difference.extra]) ids.sort((a, b) => a - b);
  return difference;
}

export function differenceCount(difference: IndexDifference): number {
  return difference.missing.length + difference.stale.length + difference.extra.length;
}

/** Puts every differing policy in the outbox, so the indexer brings its document up to date. */
export async function repairIndex(sql: Sql, difference: IndexDifference): Promise<number> {
  await enqueuePolicies(sql, [...difference.missing, ...difference.stale], 'upsert');
  await enqueuePolicies(sql, difference.extra, 'delete');
  return differenceCount(difference);
}
