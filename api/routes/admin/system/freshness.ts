import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.ts';
import { freshnessWindowMinutes, type SearchFreshness } from '../../../shared/admin-schemas.ts';

/**
 * The p95 write → searchable of the outbox rows indexed in the last `freshnessWindowMinutes`
 * (search_freshness, written by the indexer as it finishes each batch); null when Postgres fails,
 * as the database row of System Status then says why.
 */
export async function recentFreshness(deps: AppDeps): Promise<SearchFreshness | null> {
  try {
    const [row] = await deps.db.execute<{ writes: number; p95: number | null }>(sql`
      select count(*)::int as writes,
             percentile_cont(0.95) within group (order by extract(epoch from indexed_at - written_at))::float8 as p95
      from search_freshness
      where indexed_at > now() - make_interval(mins => ${freshnessWindowMinutes})`);
    return { writes: row?.writes ?? 0, p95Seconds: row?.p95 ?? null };
  } catch {
    return null;
  }
}
