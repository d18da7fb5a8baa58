import { Hono } from 'hono';
import { addLink, decideLink, findLinkCandidates, linksOfPolicy, proposedLinks } from '../../../../db/document-links.ts';
import { chinaDay } from '../../../../db/effectiveness.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { validate } from '../../../http/validation.ts';
import {
  addLinkSchema,
  linkCandidatesQuery,
  linkIdParams,
  policyLinksQuery,
  type LinkCandidates,
  type ReviewedLinkAnswer,
  type ReviewedLinks,
} from '../../../shared/link-schemas.ts';

/** How many proposed links the back office lists at once. */
const proposedPageSize = 200;
/** How many policies the search for a link's other end offers. */
const candidatesShown = 10;

/** A stored link as the answer gives it (db rows are mapped, not passed through: api/shared does not know db). */
function reviewedLink(link: Awaited<ReturnType<typeof proposedLinks>>[number]): ReviewedLinkAnswer {
  const end = (policy: typeof link.from) => ({ id: policy.id, title: policy.title, publishedOn: policy.publishedOn });
  return { id: link.id, kind: link.kind, state: link.state, origin: link.origin, evidence: link.evidence, from: end(link.from), to: end(link.to) };
}

/**
 * The links between documents an editor reviews (db/document-links.ts, decision 022): the
 * proposed ones to confirm or remove, a policy's links, the policies to link to, and links added by hand. The role guard is the admin app's.
 */
export function adminLinkRoutes(deps: AppDeps) {
  const today = () => chinaDay(deps.now());
  return new Hono<SignedInEnv>()
    .use(jsonBodyLimit)
    .get('/proposed', async (c) => c.json({ links: (await proposedLinks(deps.db, proposedPageSize)).map(reviewedLink) } satisfies ReviewedLinks))
    .get('/', validate('query', policyLinksQuery), async (c) =>
      c.json({ links: (await linksOfPolicy(deps.db, c.req.valid('query').policyId)).map(reviewedLink) } satisfies ReviewedLinks),
    )
    .get('/candidates', validate('query', linkCandidatesQuery), async (c) =>
      c.json({ policies: await findLinkCandidates(deps.db, c.req.valid('query').q, candidatesShown) } satisfies LinkCandidates),
    )
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
