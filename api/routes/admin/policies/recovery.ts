import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import { compareTranslationVersions, loadHistory, restoreVersion } from '../../../policies/history.ts';
import type { PolicyEditor } from '../../../policies/save.ts';
import { loadTrash, purgeFromTrash, restoreFromTrash } from '../../../policies/trash.ts';
import { policyIdsSchema } from '../../../shared/admin-schemas.ts';
import { restoreVersionSchema } from '../../../shared/policy-history-schemas.ts';
import { idParam } from '../../../shared/params.ts';
import { policyIdParamSchema } from '../../../shared/search.ts';

const editorOf = (c: Context<SignedInEnv>): PolicyEditor => ({ userId: c.get('user').id, ip: clientIp(c) });
const versionParamSchema = z.object({ id: idParam('a policy'), version: idParam('a version') });
const versionPairParamSchema = versionParamSchema.extend({ otherVersion: idParam('a version') });
const plural = (count: number) => `${count} ${count === 1 ? 'policy' : 'policies'}`;

/**
 * Undoing in Policy Management: the Trash (what deletes left, Restore, Delete permanently) and a
 * policy's History (its versions, two versions' English texts compared, and restoring one). The role guard is the admin app's.
 */
export function adminPolicyRecoveryRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .get('/policy-trash', async (c) => {
      const policies = await loadTrash(deps);
      return c.json({ policies, retentionDays: deps.config.TRASH_RETENTION_DAYS });
    })
    .post('/policy-trash/restore', jsonBodyLimit, validate('json', policyIdsSchema), async (c) => {
      const restored = await restoreFromTrash(deps, editorOf(c), c.req.valid('json').policyIds);
      return c.json({ restoredCount: restored.length, message: `${plural(restored.length)} restored` });
    })
    .post('/policy-trash/purge', jsonBodyLimit, validate('json', policyIdsSchema), async (c) => {
      const purged = await purgeFromTrash(deps, editorOf(c), c.req.valid('json').policyIds);
      return c.json({ purgedCount: purged.length, message: `${plural(purged.length)} deleted permanently` });
    })
    .get('/policies/:id/versions', validate('param', policyIdParamSchema), async (c) => {
      return c.json(await loadHistory(deps, c.req.valid('param').id));
    })
    .get('/policies/:id/versions/:version/compare/:otherVersion', validate('param', versionPairParamSchema), async (c) => {
      const { id, version, otherVersion } = c.req.valid('param');
      return c.json(await compareTranslationVersions(deps, id, version, otherVersion));
    })
    .post('/policies/:id/versions/:version/restore', jsonBodyLimit, validate('param', versionParamSchema), validate('json', restoreVersionSchema), async (c) => {
      const { id, version } = c.req.valid('param');
      const saved = await restoreVersion(deps, editorOf(c), id, version, c.req.valid('json').baseVersion);
      if (!saved) throw notFound('Policy not found');
      return c.json({ id, version: saved.version, message: `Version ${version} restored` });
    });
}
