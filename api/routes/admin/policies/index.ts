import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../../app-deps.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import { jsonBodyLimit, policyBodyLimit } from '../../../http/body-limit.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import { listAdminPolicies, loadAdminPolicy } from '../../../policies/admin-view.ts';
import { createAsAdmin, deletePolicies, fieldsFromEditor, saveAsAdmin, type PolicyEditor } from '../../../policies/save.ts';
import {
  adminPolicyListQuerySchema,
  policyCreateSchema,
  policyIdsSchema,
  policyUpdateSchema,
  translationSaveSchema,
  translationsSaveSchema,
} from '../../../shared/admin-schemas.ts';
import { countOf } from '../../../shared/plural.ts';
import { policyIdParamSchema } from '../../../shared/search.ts';
import { adminPolicyRecoveryRoutes } from './recovery.ts';

const editorOf = (c: Context<SignedInEnv>): PolicyEditor => ({ userId: c.get('user').id, ip: clientIp(c) });

/**
 * The Policy Management tab's calls (spec section 7) over api/policies/: the list with its total
 * in X-Total-Count, the editor's read and saves, a new policy, and deleting (to the Trash) one
 * policy or many; the Trash and History are ./recovery.ts's. The role guard is the admin app's.
 */
export function adminPolicyRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .get('/policies', validate('query', adminPolicyListQuerySchema), async (c) => {
      const { rows, total } = await listAdminPolicies(deps.db, c.req.valid('query'));
      c.header('X-Total-Count', String(total));
      return c.json(rows);
    })
    .get('/policies/:id', validate('param', policyIdParamSchema), async (c) => {
      return c.json(await loadAdminPolicy(deps.db, c.req.valid('param').id));
    })
    .patch('/policies/:id', policyBodyLimit, validate('param', policyIdParamSchema), validate('json', policyUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      if (body.id !== undefined && body.id !== id) throw badRequest('id: must match the policy in the address');
      await saveAsAdmin(deps, editorOf(c), id, fieldsFromEditor(body), { translationReviewed: body.translationReviewed, baseVersion: body.baseVersion });
      return c.json({ id, message: 'Policy updated' });
    })
    .post('/policies', policyBodyLimit, validate('json', policyCreateSchema), async (c) => {
      const { id } = await createAsAdmin(deps, editorOf(c), fieldsFromEditor(c.req.valid('json')));
      return c.json({ id, message: 'Policy created' }, 201);
    })
    .post('/policies/:id/translation', policyBodyLimit, validate('param', policyIdParamSchema), validate('json', translationSaveSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { translation } = c.req.valid('json');
      // A translation an admin saves is one an admin has reviewed, changed or not.
      const { version } = await saveAsAdmin(deps, editorOf(c), id, { englishTranslation: translation }, { translationReviewed: translation === null ? undefined : true });
      // The editor's open draft carries on from this version: its Save Changes is not a stale save.
      return c.json({ id, message: 'Translation saved', version });
    })
    .patch('/policies/:id/translations', policyBodyLimit, validate('param', policyIdParamSchema), validate('json', translationsSaveSchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const { version } = await saveAsAdmin(
        deps,
        editorOf(c),
        id,
        { englishTranslation: body.english_translation, chineseOriginal: body.chinese_original },
        { translationReviewed: body.english_translation === null ? undefined : true },
      );
      return c.json({ id, message: 'Translations updated', version });
    })
    .delete('/policies/:id', validate('param', policyIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deletePolicies(deps, editorOf(c), [id]);
      if (deleted.length === 0) throw notFound('Policy not found');
      return c.json({ id, message: 'Policy deleted' });
    })
    .post('/batch-delete-policies', jsonBodyLimit, validate('json', policyIdsSchema), async (c) => {
      const { policyIds } = c.req.valid('json');
      const deletedCount = (await deletePolicies(deps, editorOf(c), policyIds)).length;
      return c.json({ deletedCount, message: `${countOf(deletedCount, 'policy')} deleted` });
    })
    .route('/', adminPolicyRecoveryRoutes(deps));
}
