import { z } from 'zod';
import { adminPageSize } from './admin-schemas.ts';
import { optionalParam, wholeNumber } from './params.ts';

/**
 * The back office's Activity view over the audit log (GET /api/admin/activity): the query and the
 * rows, shared with the Activity tab. This module holds no server code.
 */

const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

export const activityListQuerySchema = z
  .object({
    page: optionalParam(wholeNumber(1, 100_000)).default(1),
    pageSize: optionalParam(wholeNumber(1, adminPageSize)).default(adminPageSize),
    /** A part of the actor's name or email, any case. */
    actor: optionalParam(z.string().trim().max(200, 'must be at most 200 characters')),
    /** One action as recorded (policy_updated, role_changed...). */
    action: optionalParam(z.string().regex(/^[a-z_]{1,50}$/, 'must be an action name (lower-case letters and _)')),
    /** Events on or after this day, and on or before that one (UTC days). */
    from: optionalParam(day),
    to: optionalParam(day),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

/**
 * What an event was about, read from the audit row's subject (`policy:12`, `user:3`, `story:40`,
 * `import:2`, `login:name`): a policy, user or story with its id and, while it exists, its title or
 * email (null once deleted); anything else as recorded.
 */
export type ActivitySubject =
  | { kind: 'policy' | 'user' | 'story' | 'import'; id: number; label: string | null }
  | { kind: 'other'; id: null; label: string };

/** A row of the Activity view: who did what, when, to what. */
export type ActivityRow = {
  id: number;
  at: string;
  action: string;
  actor: { id: number; name: string; email: string } | null;
  subject: ActivitySubject | null;
  details: Record<string, unknown>;
};
