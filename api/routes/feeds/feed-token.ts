import { Hono } from 'hono';
import { requireUser, type AuthEnv } from '../../auth/session.ts';
import type { AppDeps } from '../../app-deps.ts';
import { feedTokenCreatedAt, issueFeedToken, removeFeedToken } from '../../feeds/feed-tokens.ts';
import type { FeedTokenAnswer, FeedTokenStatus } from '../../shared/saved-search-schemas.ts';

/**
 * /api/user/feed-token: the signed-in user's personal feed token. POST makes a new one, answers it
 * once, and the old one stops working; DELETE removes it (every feed URL with it stops working); GET
 * says only whether one exists (it is stored hashed).
 */
export function feedTokenRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      const createdAt = await feedTokenCreatedAt(deps.db, c.var.user!.id);
      return c.json({ createdAt: createdAt?.toISOString() ?? null } satisfies FeedTokenStatus);
    })
    .post('/', async (c) => {
      const { token, createdAt } = await issueFeedToken(deps.db, c.var.user!.id, deps.now());
      return c.json({ token, createdAt: createdAt.toISOString() } satisfies FeedTokenAnswer, 201);
    })
    .delete('/', async (c) => {
      await removeFeedToken(deps.db, c.var.user!.id);
      return c.body(null, 204);
    });
}
