import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { collections, policies, policyCollections } from '../../../db/schema/index.ts';
import { livePolicy } from '../../../db/policy-records.ts';
import { requireUser, type AuthEnv } from '../../auth/session.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../http/errors.ts';
import {
  addPolicyToCollectionSchema,
  createCollectionSchema,
  type CollectionSummary,
} from '../../shared/collection-schemas.ts';
import { validate } from '../../http/validation.ts';
import { loadCollectionSummaries } from '../../collections/summaries.ts';

const recordId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'is too large'));

const collectionParams = z.object({ id: recordId });
const collectionPolicyParams = z.object({ collectionId: recordId, policyId: recordId });

/**
 * The signed-in user's collections. Every query is scoped by user_id: another user's collection
 * answers 404 like a missing one, so ids reveal nothing.
 */
export function collectionRoutes(deps: AppDeps) {
  const collectionNotFound = () => notFound('Collection not found');

  return new Hono<AuthEnv>()
    .use(jsonBodyLimit)

    /** Newest first, each with every policy (id, title), most recently added first. */
    .get('/', requireUser, async (c) => c.json(await loadCollectionSummaries(deps.db, c.var.user.id)))

    .post('/', requireUser, validate('json', createCollectionSchema), async (c) => {
      const { name } = c.req.valid('json');
      const now = deps.now();
      // A second collection of the same name (any case) is a 409 from the unique index (errors.ts).
      const [created] = await deps.db
        .insert(collections)
        .values({ userId: c.var.user.id, name, createdAt: now, updatedAt: now })
        .returning({ id: collections.id, name: collections.name, createdAt: collections.createdAt });
      const summary: CollectionSummary = { ...created!, createdAt: created!.createdAt.toISOString(), policyCount: 0, policies: [] };
      return c.json(summary, 201);
    })

    .post('/add-policy', requireUser, validate('json', addPolicyToCollectionSchema), async (c) => {
      const { collectionId, policyId } = c.req.valid('json');
      const added = await deps.db.transaction(async (tx) => {
        // Locked so the collection cannot be deleted between this check and the insert.
        const [collection] = await tx
          .select({ id: collections.id })
          .from(collections)
          .where(and(eq(collections.id, collectionId), eq(collections.userId, c.var.user.id)))
          .for('update');
        if (!collection) throw collectionNotFound();
        const [policy] = await tx.select({ id: policies.id }).from(policies).where(and(eq(policies.id, policyId), livePolicy));
        if (!policy) throw notFound('Policy not found');
        // Already there: a 409 from the unique index (errors.ts).
        const [row] = await tx
          .insert(policyCollections)
          .values({ collectionId, policyId, addedAt: deps.now() })
          .returning({ collectionId: policyCollections.collectionId, policyId: policyCollections.policyId, addedAt: policyCollections.addedAt });
        await tx.update(collections).set({ updatedAt: deps.now() }).where(eq(collections.id, collectionId));
        return row!;
      });
      return c.json({ ...added, addedAt: added.addedAt.toISOString() }, 201);
    })

    .delete('/:id', requireUser, validate('param', collectionParams), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deps.db
        .delete(collections)
        .where(and(eq(collections.id, id), eq(collections.userId, c.var.user.id)))
        .returning({ id: collections.id });
      if (!deleted.length) throw collectionNotFound();
      return c.body(null, 204);
    })

    .delete('/:collectionId/policies/:policyId', requireUser, validate('param', collectionPolicyParams), async (c) => {
      const { collectionId, policyId } = c.req.valid('param');
      await deps.db.transaction(async (tx) => {
        const [collection] = await tx
          .select({ id: collections.id })
          .from(collections)
          .where(and(eq(collections.id, collectionId), eq(collections.userId, c.var.user.id)))
          .for('update');
        if (!collection) throw collectionNotFound();
        const removed = await tx
          .delete(policyCollections)
          .where(and(eq(policyCollections.collectionId, collectionId), eq(policyCollections.policyId, policyId)))
          .returning({ id: policyCollections.id });
        if (!removed.length) throw notFound('The policy is not in this collection');
        await tx.update(collections).set({ updatedAt: deps.now() }).where(eq(collections.id, collectionId));
      });
      return c.body(null, 204);
    });
}
