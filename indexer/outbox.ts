import type { Sql, TransactionSql } from 'postgres';
import { markIndexChanged } from './index-state.ts';

/** The channel the search_triggers migration notifies on. */
export const outboxChannel = 'search_outbox';

/** Notified when policies became searchable for the first time (policy_arrivals): alerts match them. */
export const arrivalsChannel = 'policy_arrivals';

export type OutboxClaim = { token: string; rowCount: number; policyIds: number[] };

/**
 * Claims up to `batchSize` of the oldest claimable outbox rows, plus every other claimable row of
 * the same policies (coalescing: a policy edited ten times is indexed once). One autocommitted
 * statement: the rows stay claimed by the token and the lease, not by a transaction, so nothing
 * is held open across the Meilisearch call. A row is claimable when unclaimed or when its lease
 * ran out (its indexer crashed or stalled). SKIP LOCKED lets concurrent indexers take disjoint
 * rows; a policy another indexer holds a live claim on is left alone, so two indexers rarely
 * work on the same policy (correctness does not depend on it: see syncOutboxBatch).
 */
export async function claimOutboxRows(sql: Sql, options: { token: string; batchSize: number; leaseSeconds: number }): Promise<OutboxClaim> {
  const rows = await sql<{ policy_id: number }[]>`
    with picked as (
      select o.id, o.policy_id from search_outbox o
      where (o.claimed_until is null or o.claimed_until < now())
        -- NOT IN over a small set is hashed once; claim_token is indexed, claimed_until is not.
        and o.policy_id not in (
          select live.policy_id from search_outbox live
          where live.claim_token is not null and live.claimed_until >= now())
      order by o.id
      limit ${options.batchSize}
      for update of o skip locked
    ), coalesced as (
      select o.id from search_outbox o
      where o.policy_id in (select policy_id from picked)
        and (o.claimed_until is null or o.claimed_until < now())
      for update of o skip locked
    )
    update search_outbox s
    set claim_token = ${options.token}, claimed_until = now() + make_interval(secs => ${options.leaseSeconds})
    where s.id in (select id from picked union select id from coalesced)
    returning s.policy_id`;
  return { token: options.token, rowCount: rows.length, policyIds: [...new Set(rows.map((row) => row.policy_id))] };
}

/**
 * Finishes a claim whose documents Meilisearch has applied: deletes its rows, enqueues
 * `requeuePolicyIds` afresh for another pass, records the `indexedPolicyIds` that are searchable
 * for the first time (alerts match those, once: an edit finds its row there already), and moves
 * the index's version on (answers kept from before are stale from that commit on).
 * Only rows still carrying the token are deleted: rows enqueued since the claim have no token,
 * and rows another indexer took over after the lease ran out carry its token. A requeue needs new
 * rows rather than releasing ours: when our lease ran out, ours may be gone already.
 */
export async function completeOutboxClaim(sql: Sql, token: string, requeuePolicyIds: readonly number[] = [], indexedPolicyIds: readonly number[] = []): Promise<void> {
  await sql.begin(async (tx) => {
    await recordFreshness(tx, token);
    await enqueue(tx, requeuePolicyIds, 'upsert');
    await recordArrivals(tx, indexedPolicyIds);
    await markIndexChanged(tx);
  });
}

/** How long search_freshness keeps a row: System Status reads the last 15 minutes of it. */
const freshnessKeptMinutes = 60;

/**
 * Deletes the claim's rows, recording how long each waited from its write to this commit (when
 * the API's kept answers move on and the change is searchable), and forgets rows older than
 * `freshnessKeptMinutes` (an index on indexed_at keeps that cheap).
 */
async function recordFreshness(tx: TransactionSql, token: string): Promise<void> {
  await tx`
    with done as (delete from search_outbox where claim_token = ${token} returning enqueued_at)
    insert into search_freshness (written_at, indexed_at) select enqueued_at, clock_timestamp() from done`;
  await tx`delete from search_freshness where indexed_at < now() - make_interval(mins => ${freshnessKeptMinutes})`;
}

async function recordArrivals(tx: TransactionSql, policyIds: readonly number[]): Promise<void> {
  if (policyIds.length === 0) return;
  const added = await tx`
    insert into policy_arrivals (policy_id)
    select indexed.policy_id from unnest(${tx.array([...policyIds], 23)}::int[]) as indexed(policy_id)
    where exists (select from policies p where p.id = indexed.policy_id)
    on conflict (policy_id) do nothing`;
  if (added.count > 0) await tx`select pg_notify(${arrivalsChannel}, '')`;
}

/** Extends a claim that is still ours while its batch waits for Meilisearch. */
export async function renewOutboxClaim(sql: Sql, token: string, leaseSeconds: number): Promise<void> {
  await sql`update search_outbox set claimed_until = now() + make_interval(secs => ${leaseSeconds}) where claim_token = ${token}`;
}

/**
 * Gives a claim's rows back at once (Meilisearch failed) rather than when the lease runs out,
 * keeping their age. Policies none of whose rows are ours any more (another indexer took them
 * over after our lease ran out) are enqueued afresh: our failed write may still land after theirs.
 */
export async function releaseOutboxClaim(sql: Sql, token: string, policyIds: readonly number[]): Promise<void> {
  await sql.begin(async (tx) => {
    const released = await tx<{ policy_id: number }[]>`
      update search_outbox set claim_token = null, claimed_until = null where claim_token = ${token} returning policy_id`;
    const stillOurs = new Set(released.map((row) => row.policy_id));
    await enqueue(tx, policyIds.filter((id) => !stillOurs.has(id)), 'upsert');
  });
}

/** Enqueues policies by hand (repair, rebuild check), as the triggers would. */
export async function enqueuePolicies(sql: Sql, policyIds: readonly number[], operation: 'upsert' | 'delete'): Promise<void> {
  await sql.begin((tx) => enqueue(tx, policyIds, operation));
}

/**
 * A policy that already has an unclaimed row waiting is skipped: that row will be claimed later,
 * and its pass reads the policy as it is then.
 */
async function enqueue(tx: TransactionSql, policyIds: readonly number[], operation: 'upsert' | 'delete'): Promise<void> {
  if (policyIds.length === 0) return;
  const added = await tx`
    insert into search_outbox (policy_id, operation)
    select requeued.policy_id, ${operation} from unnest(${tx.array([...policyIds], 23)}::int[]) as requeued(policy_id)
    where not exists (
      select from search_outbox waiting where waiting.policy_id = requeued.policy_id and waiting.claim_token is null)`;
  if (added.count > 0) await tx`select pg_notify(${outboxChannel}, '')`;
}

export async function outboxBacklog(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from search_outbox`;
  return row!.count;
}
