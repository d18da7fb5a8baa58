import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { livePolicy, loadPolicyTags } from '../../db/policy-records.ts';
import { collections, departments, policies, policyCollections } from '../../db/schema/index.ts';
import type { TranslationStatus } from '../../vocabulary/translation-status.ts';
import type { AppDeps } from '../app-deps.ts';
import { AppError, notFound } from '../http/errors.ts';
import { buildPolicySearch } from '../search/policy-search.ts';
import type { SearchReader } from '../search/policy-index.ts';
import { maxExportRows, tooManyRowsMessage } from '../shared/export-schemas.ts';
import type { SearchCriteria } from '../shared/search.ts';

/**
 * The rows of a list export: which policies (a search's results through the one search builder,
 * or a collection's), then their fields read from Postgres a chunk at a time, so a 10,000-row
 * export holds one chunk in memory, never the list.
 */

/** One policy as a row of a list export. */
export type ExportRow = {
  id: number;
  title: string;
  chineseTitle: string | null;
  documentNumber: string | null;
  /** The issuer's full name; null when nothing named it (readers are told 'Unidentified issuer'). */
  department: string | null;
  publishedOn: string;
  /** False when the document's own date is unknown: `publishedOn` is then when it was received. */
  dateKnown: boolean;
  impact: number;
  industries: string[];
  topics: string[];
  translationStatus: TranslationStatus;
  description: string;
  sourceUrl: string | null;
};

/** Rows read from Postgres at a time: small enough to bound memory, large enough to be few round trips. */
const chunkSize = 500;

/**
 * Every result of a search as the reader may see it (the search page's own query: same filters,
 * same order, same entitlement), as ids; 422 past the limit. One query for the ids, so the list
 * is one snapshot of the index.
 */
export async function searchResultIds(deps: AppDeps, criteria: SearchCriteria, reader: SearchReader): Promise<number[]> {
  const [page] = buildPolicySearch(criteria, deps.search.indexName, reader);
  const {
    attributesToHighlight: _highlight,
    attributesToCrop: _crop,
    cropLength: _cropLength,
    cropMarker: _cropMarker,
    highlightPreTag: _pre,
    highlightPostTag: _post,
    facets: _facets,
    ...query
  } = page!;
  const answer = await deps.meilisearch.multiSearch<{ id: number }>([{ ...query, page: 1, hitsPerPage: maxExportRows, attributesToRetrieve: ['id'] }]);
  const result = answer.results[0]!;
  const total = result.totalHits ?? result.hits.length;
  if (total > maxExportRows) throw new AppError('unprocessable', tooManyRowsMessage(total));
  return result.hits.map((hit) => hit.id);
}

/** A collection's live policies, most recently added first (the collections panel's order); 404 unless `userId` owns it. */
export async function collectionPolicyIds(db: Database, collectionId: number, userId: number): Promise<{ name: string; ids: number[] }> {
  const [collection] = await db
    .select({ name: collections.name })
    .from(collections)
    .where(and(eq(collections.id, collectionId), eq(collections.userId, userId)));
  if (!collection) throw notFound('Collection not found');
  const rows = await db
    .select({ id: policies.id })
    .from(policyCollections)
    .innerJoin(policies, and(eq(policies.id, policyCollections.policyId), livePolicy))
    .where(eq(policyCollections.collectionId, collectionId))
    .orderBy(sql`${policyCollections.addedAt} desc`, sql`${policyCollections.id} desc`);
  if (rows.length > maxExportRows) throw new AppError('unprocessable', tooManyRowsMessage(rows.length));
  return { name: collection.name, ids: rows.map((row) => row.id) };
}

/**
 * The rows of the given policies in the given order, a chunk at a time. A policy put in the Trash
 * since its id was read is left out. Only the columns a row shows are read: the long texts stay
 * in Postgres.
 */
export async function* exportRows(db: Database, ids: readonly number[]): AsyncGenerator<ExportRow[]> {
  for (let start = 0; start < ids.length; start += chunkSize) {
    const chunk = ids.slice(start, start + chunkSize);
    const [rows, tags] = await Promise.all([
      db
        .select({
          id: policies.id,
          title: policies.title,
          chineseTitle: policies.chineseTitle,
          documentNumber: policies.documentNumber,
          department: sql<string | null>`case when ${policies.issuerIdentified} then ${departments.fullName} end`,
          publishedOn: policies.publishedOn,
          dateKnown: policies.dateKnown,
          impact: policies.impact,
          translationStatus: policies.translationStatus,
          description: policies.description,
          sourceUrl: policies.sourceUrl,
        })
        .from(policies)
        .innerJoin(departments, eq(departments.id, policies.departmentId))
        .where(and(livePolicy, inArray(policies.id, chunk)))
        .orderBy(asc(policies.id)),
      loadPolicyTags(db, chunk),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    yield chunk.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const tagsOf = tags.get(id)!;
      return [{ ...row, industries: tagsOf.industries.map((tag) => tag.name), topics: tagsOf.topics.map((tag) => tag.name) }];
    });
  }
}
