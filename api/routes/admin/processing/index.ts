import { eq, inArray, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { importJobs, pendingStories, policies, users } from '../../../../db/schema/index.ts';
import { passwordCheckLimits, reserveAttempt } from '../../../auth/attempt-limits.ts';
import { recordAudit, userSubject } from '../../../auth/audit.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import { verifyPassword } from '../../../auth/password.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import { processStoriesSchema, reprocessPoliciesSchema, reprocessPolicySchema, resetProcessingSchema } from '../../../shared/admin-schemas.ts';
import { countOf } from '../../../shared/plural.ts';
import { policyIdParamSchema } from '../../../shared/search.ts';
import { previewReprocessing } from '../../../processing/preview.ts';
import { resetProcessing, startProcessing } from '../../../stories/status.ts';

export const wrongAdminPasswordMessage = 'Invalid password. Please try again.';

/** A policy can be reprocessed when there is Chinese text to analyse: its story's, or its own. */
const hasSource = or(
  sql`btrim(coalesce(${policies.chineseOriginal}, '')) <> ''`,
  sql`exists (select 1 from ${pendingStories} where ${pendingStories.policyId} = ${policies.id} and btrim(${pendingStories.chineseText}) <> '')`,
);

const previewDeps = (deps: AppDeps) => ({ db: deps.db, now: deps.now, threads: deps.threads, llmModel: deps.config.LLM_BASE_URL ? deps.config.LLM_MODEL : undefined });

/**
 * The story pipeline's calls (spec section 7): start processing, reset what is stuck, reprocess
 * policies, and preview a reprocessing (nothing written). The others move the stories' status
 * (api/stories/status.ts) and enqueue their jobs (api/jobs/) in one transaction, so a story is
 * `processing` exactly when a job for it exists; the worker does the rest. The role guard is the
 * admin app's.
 */
export function adminProcessingRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .post('/process-stories', jsonBodyLimit, validate('json', processStoriesSchema), async (c) => {
      const { storyIds: named, importJobId } = c.req.valid('json');
      const queued = await deps.db.transaction(async (tx) => {
        let storyIds = named;
        if (importJobId !== undefined) {
          // An import's stories, exactly: none left to process is none queued, never every pending story.
          const [job] = await tx.select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.id, importJobId));
          if (!job) throw notFound('Import not found');
          storyIds = (await tx.select({ id: pendingStories.id }).from(pendingStories).where(eq(pendingStories.importJobId, importJobId))).map((story) => story.id);
          if (!storyIds.length) return 0;
        }
        const stories = await startProcessing(tx, storyIds, deps.now());
        await deps.jobs.enqueue(
          tx,
          stories.map((storyId) => ({ name: 'process-story', data: { storyId } })),
        );
        return stories.length;
      });
      const skipped = named.length ? named.length - queued : 0;
      const message = queued === 0 ? 'No stories to process' : `Processing ${countOf(queued, 'story')}`;
      return c.json({ message, queued, skipped });
    })
    .post('/reset-processing', jsonBodyLimit, validate('json', resetProcessingSchema), async (c) => {
      const admin = c.get('user');
      const { password } = c.req.valid('json');
      const at = deps.now();
      const ip = clientIp(c);
      // The same guard as a password change: a stolen session must not become a guessing oracle.
      const attempt = await reserveAttempt(deps.db, { action: 'password_change_failed', subject: userSubject(admin.id), ip: null, now: at }, passwordCheckLimits);
      const [account] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, admin.id));
      if (!account || !(await verifyPassword(account.passwordHash, password))) throw badRequest(wrongAdminPasswordMessage);
      const reset = await deps.db.transaction(async (tx) => {
        await attempt.passed(tx);
        const stories = await resetProcessing(tx, at);
        await recordAudit(tx, { action: 'processing_reset', actorId: admin.id, subject: null, ip, details: { stories: stories.length }, at });
        return stories.length;
      });
      return c.json({ message: `Processing state reset: ${countOf(reset, 'story')} returned to pending`, reset });
    })
    .post('/reprocess-policy/:id', jsonBodyLimit, validate('param', policyIdParamSchema), validate('json', reprocessPolicySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { overwriteEdited } = c.req.valid('json');
      await deps.db.transaction(async (tx) => {
        const [policy] = await tx.select({ id: policies.id, analysable: sql<boolean>`${hasSource}` }).from(policies).where(eq(policies.id, id));
        if (!policy) throw notFound('Policy not found');
        if (!policy.analysable) throw new AppError('unprocessable', 'This policy has no Chinese text to analyse');
        await deps.jobs.enqueue(tx, [{ name: 'reprocess-policy', data: { policyId: id, overwriteEdited } }]);
        await recordAudit(tx, { action: 'policies_reprocessed', actorId: c.get('user').id, subject: `policy:${id}`, ip: clientIp(c), details: { overwriteEdited }, at: deps.now() });
      });
      return c.json({ policyId: id, message: 'Policy reprocessing initiated' });
    })
    .post('/reprocess-policy/:id/preview', jsonBodyLimit, validate('param', policyIdParamSchema), validate('json', reprocessPolicySchema), async (c) => {
      const { id } = c.req.valid('param');
      const [policy] = await deps.db.select({ id: policies.id, analysable: sql<boolean>`${hasSource}` }).from(policies).where(eq(policies.id, id));
      if (!policy) throw notFound('Policy not found');
      if (!policy.analysable) throw new AppError('unprocessable', 'This policy has no Chinese text to analyse');
      return c.json(await previewReprocessing(previewDeps(deps), [id], c.req.valid('json').overwriteEdited));
    })
    .post('/reprocess-policies/preview', jsonBodyLimit, validate('json', reprocessPoliciesSchema), async (c) => {
      const { policyIds, overwriteEdited } = c.req.valid('json');
      return c.json(await previewReprocessing(previewDeps(deps), policyIds, overwriteEdited));
    })
    .post('/reprocess-policies', jsonBodyLimit, validate('json', reprocessPoliciesSchema), async (c) => {
      const { policyIds, overwriteEdited } = c.req.valid('json');
      const result = await deps.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: policies.id, analysable: sql<boolean>`${hasSource}` })
          .from(policies)
          .where(inArray(policies.id, policyIds));
        const queued = found.filter((policy) => policy.analysable).map((policy) => policy.id);
        await deps.jobs.enqueue(
          tx,
          queued.map((policyId) => ({ name: 'reprocess-policy', data: { policyId, overwriteEdited } })),
        );
        await recordAudit(tx, { action: 'policies_reprocessed', actorId: c.get('user').id, subject: null, ip: clientIp(c), details: { policyIds: queued, overwriteEdited }, at: deps.now() });
        const foundIds = new Set(found.map((policy) => policy.id));
        return { queued, notFound: policyIds.filter((policyId) => !foundIds.has(policyId)), noText: found.filter((policy) => !policy.analysable).map((policy) => policy.id) };
      });
      if (result.queued.length === 0) throw new AppError('unprocessable', 'None of these policies exists with Chinese text to analyse');
      return c.json({ message: 'Batch reprocessing initiated', queued: result.queued.length, notFound: result.notFound, noText: result.noText });
    });
}
