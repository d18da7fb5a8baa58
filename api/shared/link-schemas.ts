import { z } from 'zod';
import { storedLinkKinds, type LinkOrigin, type LinkState, type StoredLinkKind } from '../../vocabulary/document-links.ts';
import { idParam, recordId } from './params.ts';

/** Requests and answers of /api/admin/links (the back office's links between documents), shared with the web app. */

export const linkIdParams = z.object({ id: idParam('a link') });

export const addLinkSchema = z
  .strictObject({
    fromPolicyId: recordId(),
    toPolicyId: recordId(),
    kind: z.enum(storedLinkKinds, { error: `kind must be one of ${storedLinkKinds.join(', ')}` }),
    effectiveOn: z.iso.date({ error: 'effectiveOn must be a date (YYYY-MM-DD)' }).nullable().default(null),
  })
  .refine((link) => link.fromPolicyId !== link.toPolicyId, { message: 'A policy cannot be linked to itself', path: ['toPolicyId'] });

export type ReviewedLinkAnswer = {
  id: number;
  kind: StoredLinkKind;
  state: LinkState;
  origin: LinkOrigin;
  evidence: string;
  from: { id: number; title: string; publishedOn: string };
  to: { id: number; title: string; publishedOn: string };
};
export type ProposedLinks = { links: ReviewedLinkAnswer[] };
