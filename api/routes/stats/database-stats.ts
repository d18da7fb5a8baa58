import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { DatabaseStats } from '../../shared/database-stats.ts';

/** The counts the status page and the admin dashboard show, in one statement. */
export async function countDatabaseStats(db: Database): Promise<DatabaseStats> {
  const [row] = await db.execute<DatabaseStats>(sql`
    select (select count(*) from policies where deleted_at is null)::int as "policiesCount",
           (select count(*) from users)::int as "usersCount",
           (select count(*) from collections)::int as "collectionsCount",
           (select count(*) from pending_stories where status in ('pending', 'processing'))::int as "pendingStoriesCount",
           (select count(*) from pending_stories where status = 'processed')::int as "processedStoriesCount"`);
  return row!;
}
