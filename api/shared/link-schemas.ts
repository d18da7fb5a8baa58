import { z } from 'zod';
import { storedLinkKinds, type LinkOrigin, type LinkState, type StoredLinkKind } from '../../vocabulary/document-links.ts';
import { idParam, recordId, wholeNumber } from './params.ts';

/** Requests and answers of /api/admin/links (the back office's links between documents), shared with the web app. */

export const linkIdParams = z.object({ id: idParam('a link') });

/** GET /api/admin/links?policyId=: one policy's links. */
export const policyLinksQuery = z.object({ policyId: wholeNumber(1, 2_147_483_647) });

/** GET /api/admin/links/candidates?q=: the policies an editor may link to, by title, document number or id. */
export const linkCandidatesQuery = z.object({
  q: z.string().trim().min(2, 'q must be at least 2 characters').max(200, 'q must be at most 200 characters'),
});

export const addLinkSchema = z
  .strictObject({
    fromPolicyId: recordId(),
    toPolicyId: recordId(),
    kind: z.enum(storedLinkKinds, { error: `kind must be one of ${storedLinkKinds.join(', ')}` }),
    effectiveOn: z.iso.date({ error: 'effectiveOn must be a date (YYYY-MM-DD)' }).nullable().default(null),
  })
  .refine((link) => link.fromPolicyId !== link.toPolicyId, { message: 'A policy cannot be linked to itself', path: ['toPolicyId'] });

/** A stored link as an editor reviews it: both ends' titles and dates, the words it was read from. */
export type ReviewedLinkAnswer = {
  id: number;
  kind: StoredLinkKind;
  state: LinkState;
  origin: LinkOrigin;
  evidence: string;
  from: { id: number; title: string; publishedOn: string };
  to: { id: number; title: string; publishedOn: string };
};
/** GET /api/admin/links/proposed and GET /api/admin/links?policyId=. */
export type ReviewedLinks = { links: ReviewedLinkAnswer[] };

export type LinkCandidate = { id: number; title: string; chineseTitle: string | null; documentNumber: string | null; publishedOn: string };
export type LinkCandidates = { policies: LinkCandidate[] };
