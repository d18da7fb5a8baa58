import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { recordAudit } from '../../../auth/audit.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import { idParam } from '../../../shared/params.ts';
import { requeue } from '../../../stories/status.ts';

const storyIdParamSchema = z.object({ id: idParam('a story') });

/**
 * Re-queue (the queue's row action for a processed story with no policy: its policy was deleted,
 * or an admin marked it processed by mistake): back to pending, to be processed into a new policy.
 * A policy in the Trash still holds the story's URL: it is restored, or purged first.
 * The role guard is the admin app's.
 */
export function adminStoryRequeueRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>().post('/stories/:id/requeue', jsonBodyLimit, validate('param', storyIdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const at = deps.now();
    await deps.db.transaction(async (tx) => {
      const outcome = await requeue(tx, id, at);
      if (outcome === 'missing') throw notFound('Story not found');
      if (outcome === 'not_processed') throw conflict('Only a processed story can be re-queued');
      if (outcome === 'has_policy') throw conflict('This story has a policy: delete the policy first');
      if (outcome === 'in_trash') throw conflict('Its policy is in the Trash: restore it, or purge it before re-queueing the story');
      await recordAudit(tx, { action: 'story_requeued', actorId: c.get('user').id, subject: `story:${id}`, ip: clientIp(c), details: { policyId: outcome.policyId }, at });
    });
    return c.json({ id, status: 'pending' as const, message: 'Story re-queued' });
  });
}
