import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthEnv } from '../../auth/session.ts';
import { validate } from '../../http/validation.ts';
import { loadComparison } from '../../policies/compare.ts';
import { loadPolicyDetail, loadRelatedPolicies } from '../../policies/detail.ts';
import { loadPolicyPage } from '../../policies/reads.ts';
import { latestPoliciesQuerySchema, policyIdParamSchema } from '../../shared/search.ts';

const relatedQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(20, 'must be at most 20'))
    .default(5),
});

const comparisonParamSchema = policyIdParamSchema.extend({ otherId: policyIdParamSchema.shape.id });

/**
 * Reading policies, from Postgres (api/policies/): the ticker's latest list, the detail page and
 * related policies, and two versions of a document compared.
 */
export function policyRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .get('/paginated', validate('query', latestPoliciesQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const policies = await loadPolicyPage(deps.db, query);
      return c.json({ policies, page: query.page, pageSize: query.pageSize });
    })
    .get('/:id', validate('param', policyIdParamSchema), async (c) => {
      // The web app's route guard still asks visitors to sign in first, as the spec's route table
      // says; the API answers them the preview.
      return c.json(await loadPolicyDetail(deps, c.req.valid('param').id, c.var.user ?? null));
    })
    .get('/:id/compare/:otherId', validate('param', comparisonParamSchema), async (c) => {
      const { id, otherId } = c.req.valid('param');
      return c.json(await loadComparison(deps, id, otherId, c.var.user ?? null));
    })
    .get('/:id/related', validate('param', policyIdParamSchema), validate('query', relatedQuerySchema), async (c) => {
      return c.json({ policies: await loadRelatedPolicies(deps, c.req.valid('param').id, c.req.valid('query').limit) });
    });
}
