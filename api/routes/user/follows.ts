import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import { requireUser, type AuthEnv } from '../../auth/session.ts';
import { follow, loadFollows, unfollow } from '../../follows/follows.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { validate } from '../../http/validation.ts';
import { followedPolicyParams, followPolicySchema, type FollowList } from '../../shared/follow-schemas.ts';

/** GET/POST /api/user/follows, DELETE /api/user/follows/{policyId}: the signed-in reader's followed policies. */
export function followRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .use(jsonBodyLimit)
    .get('/', requireUser, async (c) => c.json({ follows: await loadFollows(deps.db, c.var.user.id) } satisfies FollowList))
    .post('/', requireUser, validate('json', followPolicySchema), async (c) => {
      const { policyId } = c.req.valid('json');
      const created = await follow(deps.db, c.var.user.id, policyId, deps.now());
      return c.json({ follows: await loadFollows(deps.db, c.var.user.id) } satisfies FollowList, created ? 201 : 200);
    })
    .delete('/:policyId', requireUser, validate('param', followedPolicyParams), async (c) => {
      await unfollow(deps.db, c.var.user.id, c.req.valid('param').policyId);
      return c.body(null, 204);
    });
}
