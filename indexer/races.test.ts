import { eq } from 'drizzle-orm';
import type { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { policies } from '../db/schema/index.ts';
import { createPolicy } from '../db/testing.ts';
import type { PolicyDocument } from './document.ts';
import { claimOutboxRows } from './outbox.ts';
import { applyIndexSettings } from './settings.ts';
import { syncOutboxBatch, type SearchTarget } from './sync.ts';
import { createIndexerTestContext, indexAll, type IndexerTestContext } from './testing.ts';
import { verifyIndex } from './verify.ts';

/**
 * The interleavings the fault test can only hit by luck, played out step by step: an indexer is
 * held between reading a policy and writing it to Meilisearch by a client whose addDocuments
 * waits for a gate.
 */
function heldClient(client: Meilisearch, options: { failAfterGate?: boolean } = {}) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reachedGate: () => void = () => {};
  const reached = new Promise<void>((resolve) => (reachedGate = resolve));
  const held = new Proxy(client, {
    get(target, property) {
      if (property !== 'index') return unproxied(target, property);
      return (name: string) => {
        const index = target.index(name);
        return new Proxy(index, {
          get(indexTarget, indexProperty) {
            if (indexProperty !== 'addDocuments') return unproxied(indexTarget, indexProperty);
            return (...args: Parameters<typeof index.addDocuments>) => {
              reachedGate();
              return gate.then(() => {
                if (options.failAfterGate) throw new Error('Meilisearch is down');
                return indexTarget.addDocuments(...args);
              });
            };
          },
        });
      };
    },
  });
  return { client: held, reached, open: () => open() };
}

/** The client's classes keep private fields, which their methods and getters reach only through `this` being the real object. */
function unproxied(object: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(object, property);
  return typeof value === 'function' ? value.bind(object) : value;
}

describe('indexer races', () => {
  let ctx: IndexerTestContext;
  let target: SearchTarget;

  beforeAll(async () => {
    ctx = await createIndexerTestContext();
    target = { sql: ctx.sql, client: ctx.meili.admin, indexName: ctx.meili.indexName };
    await applyIndexSettings(ctx.meili.admin, ctx.meili.indexName);
  });
  beforeEach(async () => {
    await indexAll(ctx);
  });
  afterAll(async () => {
    await ctx.meili.admin.deleteIndex(ctx.meili.indexName);
    await ctx.close();
  });

  const title = async (id: number) => (await ctx.meili.admin.index<PolicyDocument>(ctx.meili.indexName).getDocument(id)).title;
  const outboxRows = async (policyId: number) =>
    ctx.sql<{ claim_token: string | null }[]>`select claim_token from search_outbox where policy_id = ${policyId}`;

  it('an indexer whose lease ran out cannot leave its older document behind', async () => {
    const policy = await createPolicy(ctx.db, { title: 'Version one' });
    // Indexer A claims and reads version one, then stalls before writing it.
    const stalled = heldClient(ctx.meili.admin);
    const indexerA = syncOutboxBatch({ ...target, client: stalled.client });
    await stalled.reached;
    // Meanwhile the policy changes, A's lease runs out (as if A froze, renewing nothing), and
    // indexer B writes version two.
    await ctx.db.update(policies).set({ title: 'Version two' }).where(eq(policies.id, policy.id));
    await ctx.sql`update search_outbox set claimed_until = now() - interval '1 second' where claim_token is not null`;
    const indexerB = await syncOutboxBatch(target);
    expect(indexerB?.upserted).toBe(1);
    expect(await title(policy.id)).toBe('Version two');
    expect(await outboxRows(policy.id)).toEqual([]);

    // A wakes up and writes version one over version two, then sees the stamp moved. (Another
    // policy's change waits in the outbox meanwhile; it must not stand in for this one.)
    await createPolicy(ctx.db, { title: 'Unrelated' });
    stalled.open();
    expect(await indexerA).toMatchObject({ upserted: 1, requeued: 1 });
    expect(await title(policy.id)).toBe('Version one');
    expect(await outboxRows(policy.id)).toEqual([{ claim_token: null }]);

    await indexAll(ctx);
    expect(await title(policy.id)).toBe('Version two');
    expect(await verifyIndex(target)).toMatchObject({ missing: [], stale: [], extra: [] });
  });

  it('a change made while a batch is in flight is kept for the next pass, and no one else takes it meanwhile', async () => {
    const policy = await createPolicy(ctx.db, { title: 'Before' });
    const stalled = heldClient(ctx.meili.admin);
    const indexerA = syncOutboxBatch({ ...target, client: stalled.client });
    await stalled.reached;
    await ctx.db.update(policies).set({ title: 'After' }).where(eq(policies.id, policy.id));
    // A second indexer leaves the policy alone while A holds a live claim on it.
    const other = await claimOutboxRows(ctx.sql, { token: crypto.randomUUID(), batchSize: 100, leaseSeconds: 60 });
    expect(other.policyIds).not.toContain(policy.id);

    stalled.open();
    // A saw the stamp move, but the change's own row is still waiting: nothing more to enqueue.
    expect(await indexerA).toMatchObject({ upserted: 1, requeued: 1 });
    expect(await outboxRows(policy.id)).toEqual([{ claim_token: null }]);
    await indexAll(ctx);
    expect(await title(policy.id)).toBe('After');
  });

  it("a crashed indexer's claim is taken over once its lease has run out", async () => {
    const policy = await createPolicy(ctx.db, { title: 'Claimed by a crash' });
    // A claim that nobody finishes or renews: the indexer died right after claiming.
    await claimOutboxRows(ctx.sql, { token: crypto.randomUUID(), batchSize: 100, leaseSeconds: 2 });
    expect(await syncOutboxBatch(target)).toBeNull();
    // The lease runs out on Postgres's clock, which is the one the claim is checked against.
    const leaseExpired = async () =>
      (await ctx.sql<{ expired: boolean }[]>`select bool_and(claimed_until <= now()) as expired from search_outbox where policy_id = ${policy.id}`)[0]!
        .expired;
    for (const deadline = Date.now() + 10_000; !(await leaseExpired()); ) {
      if (Date.now() > deadline) throw new Error('The 2 s lease did not run out within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await syncOutboxBatch(target)).toMatchObject({ upserted: 1 });
    expect(await title(policy.id)).toBe('Claimed by a crash');
  });

  it('an indexer that fails after its rows were taken over enqueues the policy again', async () => {
    const policy = await createPolicy(ctx.db, { title: 'Taken over' });
    const stalled = heldClient(ctx.meili.admin, { failAfterGate: true });
    const indexerA = syncOutboxBatch({ ...target, client: stalled.client });
    await stalled.reached;
    await ctx.sql`update search_outbox set claimed_until = now() - interval '1 second' where claim_token is not null`;
    expect(await syncOutboxBatch(target)).toMatchObject({ upserted: 1 });
    expect(await outboxRows(policy.id)).toEqual([]);
    // A's write may yet be applied after B's: it must be followed by another pass.
    stalled.open();
    await expect(indexerA).rejects.toThrow('Meilisearch is down');
    expect(await outboxRows(policy.id)).toEqual([{ claim_token: null }]);
  });

  it('gives the rows back at once when Meilisearch fails', async () => {
    const policy = await createPolicy(ctx.db, { title: 'Meilisearch refuses' });
    const down = () => {
      throw new Error('Meilisearch is down');
    };
    const failing = new Proxy(ctx.meili.admin, {
      get: (client, property, receiver) => (property === 'index' ? () => ({ addDocuments: down }) : Reflect.get(client, property, receiver)),
    });
    await expect(syncOutboxBatch({ ...target, client: failing })).rejects.toThrow('Meilisearch is down');
    expect(await outboxRows(policy.id)).toEqual([{ claim_token: null }]);
    await indexAll(ctx);
    expect(await title(policy.id)).toBe('Meilisearch refuses');
  });
});
