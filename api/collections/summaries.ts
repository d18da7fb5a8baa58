import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { collections, policies, policyCollections } from '../../db/schema/index.ts';
import type { CollectionSummary } from '../shared/collection-schemas.ts';

/**
 * A user's collections, newest first, each with every live policy (id, title), most recently
 * added first: the web app's GET /api/collections and the public API's read.
 */
export async function loadCollectionSummaries(db: Database, userId: number): Promise<CollectionSummary[]> {
  const rows = await db.execute<{ id: number; name: string; created_at: string; policies: { id: number; title: string }[] }>(sql`
    select c.id, c.name, c.created_at,
           coalesce(json_agg(json_build_object('id', p.id, 'title', p.title) order by pc.added_at desc, pc.id desc)
                      filter (where p.id is not null), '[]') as policies
    from ${collections} c
    left join ${policyCollections} pc on pc.collection_id = c.id
    left join ${policies} p on p.id = pc.policy_id and p.deleted_at is null
    where c.user_id = ${userId}
    group by c.id
    order by c.created_at desc, c.id desc`);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    policyCount: row.policies.length,
    policies: row.policies,
  }));
}
