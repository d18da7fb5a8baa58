import { Hono } from 'hono';
import { addLink, decideLink, proposedLinks } from '../../../../db/document-links.ts';
import { chinaDay } from '../../../../db/effectiveness.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { validate } from '../../../http/validation.ts';
import { addLinkSchema, linkIdParams, type ProposedLinks } from '../../../shared/link-schemas.ts';

/** How many proposed links the back office lists at once. */
const proposedPageSize = 200;

/**
 * The links between documents an editor reviews (db/document-links.ts, decision 022): the
 * proposed ones to confirm or remove, and links added by hand. The role guard is the admin app's.
 */
export function adminLinkRoutes(deps: AppDeps) {
  const today = () => chinaDay(deps.now());
  return new Hono<SignedInEnv>()
    .use(jsonBodyLimit)
    .get('/proposed', async (c) => c.json({ links: await proposedLinks(deps.db, proposedPageSize) } satisfies ProposedLinks))
    .post('/', validate('json', addLinkSchema), async (c) => {
      const body = c.req.valid('json');
      const id = await deps.db.transaction((tx) => addLink(tx, body, c.get('user').id, today()));
      return c.json({ id }, 201);
    })
    .post('/:id/confirm', validate('param', linkIdParams), async (c) => {
      await deps.db.transaction((tx) => decideLink(tx, c.req.valid('param').id, 'confirmed', c.get('user').id, today()));
      return c.json({ message: 'Link confirmed' });
    })
    .delete('/:id', validate('param', linkIdParams), async (c) => {
      await deps.db.transaction((tx) => decideLink(tx, c.req.valid('param').id, 'rejected', c.get('user').id, today()));
      return c.body(null, 204);
    });
}
