import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthEnv } from '../../auth/session.ts';
import { hasFullAccess } from '../../billing/entitlement.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { citationLinks } from '../../../db/citations.ts';
import { similarPolicies } from '../../search/related-policies.ts';
import { latestPoliciesQuerySchema, policyIdParamSchema } from '../../shared/search.ts';
import { validate } from '../../http/validation.ts';
import { readFullContent, toPolicyDetail } from './policy-detail.ts';
import { loadPolicy, loadPolicyCards, loadPolicyPage, loadTaxonomyNames } from './policy-reads.ts';

const relatedQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(20, 'must be at most 20'))
    .default(5),
});

/**
 * Reading policies, from Postgres: the ticker's latest list, the detail page (full text and
 * analysis only for entitled readers, DESIGN.md), and related policies.
 */
export function policyRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .get('/paginated', validate('query', latestPoliciesQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const policies = await loadPolicyPage(deps.db, query);
      return c.json({ policies, page: query.page, pageSize: query.pageSize });
    })
    .get('/:id', validate('param', policyIdParamSchema), async (c) => {
      // Anyone may read the preview (title, description, key points); the full text and
      // analysis need an entitled user (DESIGN.md). The web app's route guard still asks
      // visitors to sign in first, as the spec's route table says.
      const user = c.var.user ?? null;
      const { id } = c.req.valid('param');
      const [policy, entitled] = await Promise.all([loadPolicy(deps.db, id), hasFullAccess(deps.db, user, deps.now())]);
      if (!policy) throw notFound('No policy with this id');
      const content = readFullContent(policy.fullContent);
      if (!entitled) return c.json(toPolicyDetail(policy, content, { entitled: false }));
      const names = await loadTaxonomyNames(
        deps.db,
        content.impactAnalysis.map((impact) => impact.industryId).concat(policy.industryImpacts.map((row) => row.industryId)),
        content.topicAnalysis.map((impact) => impact.topicId),
      );
      return c.json(toPolicyDetail(policy, content, { entitled: true, industryNames: names.industries, topicNames: names.topics }));
    })
    .get('/:id/related', validate('param', policyIdParamSchema), validate('query', relatedQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { limit } = c.req.valid('query');
      const policy = await loadPolicy(deps.db, id);
      if (!policy) throw notFound('No policy with this id');
      // The policies it cites and those citing it come first, then its own list of related
      // policies as its editor or analyser chose them, then similar ones.
      const chosenIds = [
        ...new Set([
          ...(await citationLinks(deps.db, id)),
          ...readFullContent(policy.fullContent).relatedPolicies.flatMap((related) => (related.policyId !== null && related.policyId !== id ? [related.policyId] : [])),
        ]),
      ].slice(0, limit);
      const chosen = await loadPolicyCards(deps.db, chosenIds);
      const similar =
        chosen.length < limit
          ? await similarPolicies(
              deps,
              {
                id,
                departmentId: policy.departmentId,
                industries: policy.tags.flatMap((tag) => (tag.kind === 'industry' ? [tag.name] : [])),
                topicCodes: policy.tags.flatMap((tag) => (tag.kind === 'topic' ? [tag.code] : [])),
              },
              { limit: limit - chosen.length, exclude: chosen.map((card) => card.id) },
            )
          : [];
      return c.json({ policies: [...chosen, ...similar] });
    });
}
