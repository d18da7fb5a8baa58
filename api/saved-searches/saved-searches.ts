import { and, count, desc, eq } from 'drizzle-orm';
import type { MultiSearchQuery } from 'meilisearch';
import { savedSearches, users } from '../../db/schema/index.ts';
import type { Role } from '../../db/schema/index.ts';
import { bumpAlertsVersion } from '../alerts/unsubscribe.ts';
import type { AppDeps } from '../app-deps.ts';
import { hasFullAccess } from '../billing/entitlement.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { AnswerShape } from '../search/cached-search.ts';
import type { SearchReader } from '../search/policy-index.ts';
import { buildPolicySearch, countChineseOnly } from '../search/policy-search.ts';
import {
  criteriaOf,
  maxSavedSearches,
  tooManySavedSearchesMessage,
  type SavedSearch,
  type SavedSearchQuery,
} from '../shared/saved-search-schemas.ts';
import type { AlertFrequency } from '../../vocabulary/alerts.ts';
import { feedUrlsOf } from '../shared/feed-urls.ts';
import { readStoredQueryForOwner } from './stored-query.ts';

type Owner = { id: number; role: Role };
/**
 * A row with its query read as criteria (./stored-query.ts). `outdatedFilters` names the criteria
 * today's rules refuse: such a search matches nothing (its count, alerts and feed) until its owner
 * saves it again.
 */
type SavedSearchRow = Omit<typeof savedSearches.$inferSelect, 'query'> & { query: SavedSearchQuery; outdatedFilters: string[] };

const withQuery = (row: typeof savedSearches.$inferSelect): SavedSearchRow => {
  const { query, outdated } = readStoredQueryForOwner(row.query);
  return { ...row, query, outdatedFilters: outdated };
};

export const savedSearchNotFound = () => notFound('Saved search not found');

/**
 * How many policies each query finds for the reader now: the page query /api/search sends for the
 * same search (one builder), asked for its exact total only, all in one multi-search; and, for an
 * entitled reader, the ones found only through the Chinese text (api/search/policy-search.ts).
 */
export async function countHits(deps: AppDeps, queries: readonly SavedSearchQuery[], reader: SearchReader): Promise<number[]> {
  if (queries.length === 0) return [];
  const searches = queries.map((query): MultiSearchQuery => {
    const [page] = buildPolicySearch(criteriaOf(query), deps.search.indexName, reader);
    return {
      indexUid: page!.indexUid,
      q: page!.q,
      attributesToSearchOn: page!.attributesToSearchOn,
      filter: page!.filter,
      matchingStrategy: page!.matchingStrategy,
      page: 1,
      hitsPerPage: 0,
    };
  });
  // Beside the English matches, those found only in the Chinese text (an entitled reader's), as the search page, the alert and the feed find them.
  const [english, chineseOnly] = await Promise.all([
    deps.search.search(searches, reader, hitCountsShape),
    Promise.all(queries.map((query) => countChineseOnly(deps, criteriaOf(query), reader))),
  ]);
  return english.value.map((count, index) => count + chineseOnly[index]!);
}

const hitCountsShape: AnswerShape<unknown, number[]> = {
  name: 'saved search hit counts',
  build: (results) => results.map((result) => result.totalHits ?? 0),
};

function toSavedSearch(deps: AppDeps, row: SavedSearchRow, hitCount: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    alert: row.alert,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hitCount,
    outdatedFilters: row.outdatedFilters,
    feedUrl: feedUrlsOf(deps.config.APP_URL, { savedSearchId: row.id }),
  };
}

async function withHitCounts(deps: AppDeps, owner: Owner, rows: SavedSearchRow[]): Promise<SavedSearch[]> {
  const reader = { entitled: await hasFullAccess(deps.db, owner, deps.now()) };
  const counted = rows.filter((row) => row.outdatedFilters.length === 0);
  const counts = await countHits(deps, counted.map((row) => row.query), reader);
  const countOf = new Map(counted.map((row, index) => [row.id, counts[index]!]));
  return rows.map((row) => toSavedSearch(deps, row, countOf.get(row.id) ?? 0));
}

/** The owner's saved searches, newest first. */
export async function listSavedSearches(deps: AppDeps, owner: Owner): Promise<SavedSearch[]> {
  const rows = await deps.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, owner.id))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return withHitCounts(deps, owner, rows.map(withQuery));
}

/** One of the owner's saved searches; another user's is not found, like a missing one. */
export async function findSavedSearch(deps: Pick<AppDeps, 'db'>, ownerId: number, id: number): Promise<SavedSearchRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, ownerId)));
  return row && withQuery(row);
}

export async function getSavedSearch(deps: AppDeps, owner: Owner, id: number): Promise<SavedSearch> {
  const row = await findSavedSearch(deps, owner.id, id);
  if (!row) throw savedSearchNotFound();
  return (await withHitCounts(deps, owner, [row]))[0]!;
}

export async function createSavedSearch(
  deps: AppDeps,
  owner: Owner,
  input: { name: string; query: SavedSearchQuery; alert: AlertFrequency },
): Promise<SavedSearch> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    // The owner's row is locked so two saves at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
    const [kept] = await tx.select({ total: count() }).from(savedSearches).where(eq(savedSearches.userId, owner.id));
    if (kept!.total >= maxSavedSearches) throw conflict(tooManySavedSearchesMessage);
    const [created] = await tx
      .insert(savedSearches)
      .values({ userId: owner.id, ...input, createdAt: now, updatedAt: now })
      .returning();
    if (input.alert !== 'off') await bumpAlertsVersion(tx, owner.id, now);
    return withQuery(created!);
  });
  return (await withHitCounts(deps, owner, [row]))[0]!;
}

export async function updateSavedSearch(
  deps: AppDeps,
  owner: Owner,
  id: number,
  changes: { name?: string; query?: SavedSearchQuery; alert?: AlertFrequency },
): Promise<SavedSearch> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(savedSearches)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, owner.id)))
      .returning();
    if (!updated) throw savedSearchNotFound();
    await bumpAlertsVersion(tx, owner.id, now);
    return withQuery(updated);
  });
  return (await withHitCounts(deps, owner, [row]))[0]!;
}

export async function deleteSavedSearch(deps: Pick<AppDeps, 'db'>, ownerId: number, id: number): Promise<void> {
  const deleted = await deps.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, ownerId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw savedSearchNotFound();
}
