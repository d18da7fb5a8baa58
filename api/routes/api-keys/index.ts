import { Hono } from 'hono';
import { z } from 'zod';
import { clientIp } from '../../auth/client-ip.ts';
import { requireUser, type AuthEnv } from '../../auth/session.ts';
import type { AppDeps } from '../../app-deps.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { validate } from '../../http/validation.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../public-api/keys.ts';
import { createApiKeySchema } from '../../shared/api-key-schemas.ts';

const keyParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'is too large')),
});

/** The signed-in user's API keys for /api/v1 (the web app's calls, behind the session and the CSRF guard). */
export function apiKeyRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .use(jsonBodyLimit)
    .get('/', requireUser, async (c) => c.json(await listApiKeys(deps.db, c.var.user.id, deps.now())))
    .post('/', requireUser, validate('json', createApiKeySchema), async (c) => {
      const created = await createApiKey(deps.db, { userId: c.var.user.id, name: c.req.valid('json').name, ip: clientIp(c), at: deps.now() });
      return c.json(created, 201);
    })
    .delete('/:id', requireUser, validate('param', keyParams), async (c) => {
      await revokeApiKey(deps.db, { userId: c.var.user.id, keyId: c.req.valid('param').id, ip: clientIp(c), at: deps.now() });
      return c.body(null, 204);
    });
}
