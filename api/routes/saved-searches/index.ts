import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser, type AuthEnv } from '../../auth/session.ts';
import type { AppDeps } from '../../app-deps.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { validate } from '../../http/validation.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  getSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from '../../saved-searches/saved-searches.ts';
import { idParam } from '../../shared/params.ts';
import { createSavedSearchSchema, updateSavedSearchSchema } from '../../shared/saved-search-schemas.ts';

const savedSearchParams = z.object({ id: idParam('a saved search') });

/**
 * The signed-in user's saved searches. Every query is scoped by user_id: another user's saved
 * search answers 404 like a missing one, so ids reveal nothing.
 */
export function savedSearchRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .use(jsonBodyLimit)
    .use(requireUser)
    .get('/', async (c) => c.json(await listSavedSearches(deps, c.var.user!)))
    .post('/', validate('json', createSavedSearchSchema), async (c) => c.json(await createSavedSearch(deps, c.var.user!, c.req.valid('json')), 201))
    .get('/:id', validate('param', savedSearchParams), async (c) => c.json(await getSavedSearch(deps, c.var.user!, c.req.valid('param').id)))
    .patch('/:id', validate('param', savedSearchParams), validate('json', updateSavedSearchSchema), async (c) =>
      c.json(await updateSavedSearch(deps, c.var.user!, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', validate('param', savedSearchParams), async (c) => {
      await deleteSavedSearch(deps, c.var.user!.id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
