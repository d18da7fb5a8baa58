import { asc, count, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { pendingStories } from '../../../../db/schema/index.ts';
import { recordAudit } from '../../../auth/audit.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import {
  markStorySchema,
  storyIdsSchema,
  storyListQuerySchema,
  type StoryCounts,
  type StoryDetails,
  type StoryPagination,
  type StoryRow,
} from '../../../shared/admin-schemas.ts';
import { idParam } from '../../../shared/params.ts';
import { countOf } from '../../../shared/plural.ts';
import { deleteStories, inQueue, markByAdmin, policyDeleted } from '../../../stories/status.ts';

const storyIdParamSchema = z.object({ id: idParam('a story') });

const storySubject = (id: number) => `story:${id}`;

/** Deletes the stories that exist among `ids`, each with its audit row, in one transaction. */
async function deleteStoriesAudited(deps: AppDeps, c: Context<SignedInEnv>, ids: number[]) {
  const user = c.get('user');
  const at = deps.now();
  const ip = clientIp(c);
  return deps.db.transaction(async (tx) => {
    const deleted = await deleteStories(tx, ids);
    await recordAudit(
      tx,
      deleted.map((story) => ({ action: 'story_deleted' as const, actorId: user.id, subject: storySubject(story.id), ip, details: { url: story.url }, at })),
    );
    return deleted;
  });
}

/**
 * The Story Processing tab's queue calls (spec section 7). Processing itself (process-stories,
 * reset-processing, the worker and the analysers) is the story pipeline's. The role guard is the
 * admin app's.
 */
export function adminStoryRoutes(deps: AppDeps) {
  // Body limits per route, not `.use`: this app is mounted at /api/admin itself, where a `use`
  // would reach every admin route (the policy editor's saves take 4 MB).
  return new Hono<SignedInEnv>()
    .get('/pending-stories', validate('query', storyListQuerySchema), async (c) => {
      const { page, pageSize, status } = c.req.valid('query');
      const listed = status ? eq(pendingStories.status, status) : inQueue;
      const [rows, [total], byStatus] = await Promise.all([
        deps.db
          .select({
            id: pendingStories.id,
            title: pendingStories.title,
            url: pendingStories.url,
            status: pendingStories.status,
            error: pendingStories.error,
            createdAt: pendingStories.createdAt,
            policyDeleted: sql<boolean>`${policyDeleted}`,
          })
          .from(pendingStories)
          .where(listed)
          .orderBy(asc(pendingStories.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        deps.db.select({ total: count() }).from(pendingStories).where(listed),
        deps.db.select({ status: pendingStories.status, stories: count() }).from(pendingStories).groupBy(pendingStories.status),
      ]);
      const totalItems = total?.total ?? 0;
      const pagination: StoryPagination = { page, pageSize, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / pageSize)) };
      const stories: StoryRow[] = rows.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
      // What the queue is doing, for the tab's live line: processed stories leave the table.
      const counts: StoryCounts = { pending: 0, processing: 0, processed: 0, failed: 0 };
      for (const row of byStatus) counts[row.status] = row.stories;
      return c.json({ stories, pagination, counts });
    })
    .get('/stories/:id', validate('param', storyIdParamSchema), async (c) => {
      const [story] = await deps.db.select().from(pendingStories).where(eq(pendingStories.id, c.req.valid('param').id));
      if (!story) throw notFound('Story not found');
      const details: StoryDetails = {
        id: story.id,
        title: story.title,
        url: story.url,
        chinese_text: story.chineseText,
        processed: story.status === 'processed',
        processed_at: story.processedAt?.toISOString() ?? null,
        status: story.status,
        error: story.error,
        policyId: story.policyId,
      };
      return c.json(details);
    })
    .post('/stories/:id/mark-processed', jsonBodyLimit, validate('param', storyIdParamSchema), validate('json', markStorySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { success } = c.req.valid('json');
      const user = c.get('user');
      const at = deps.now();
      await deps.db.transaction(async (tx) => {
        const marked = await markByAdmin(tx, id, success, at);
        if (marked === 'missing') throw notFound('Story not found');
        if (marked === 'processing') throw conflict('This story is being processed');
        await recordAudit(tx, {
          action: 'story_marked',
          actorId: user.id,
          subject: storySubject(id),
          ip: clientIp(c),
          details: { from: marked.from, to: success ? 'processed' : 'failed' },
          at,
        });
      });
      return c.json({ id, status: success ? 'processed' : 'failed', message: success ? 'Story marked as processed' : 'Story marked as failed' });
    })
    .delete('/stories/:id', validate('param', storyIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteStoriesAudited(deps, c, [id]);
      if (deleted.length === 0) throw notFound('Story not found');
      return c.json({ storyId: id, message: 'Story deleted' });
    })
    .post('/batch-delete-stories', jsonBodyLimit, validate('json', storyIdsSchema), async (c) => {
      const deletedCount = (await deleteStoriesAudited(deps, c, c.req.valid('json').storyIds)).length;
      return c.json({ deletedCount, message: `${countOf(deletedCount, 'story')} deleted` });
    });
}
