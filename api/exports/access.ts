import type { AppDeps } from '../app-deps.ts';
import { reserveAttempt, type AttemptLimit } from '../auth/attempt-limits.ts';
import { userSubject } from '../auth/audit.ts';
import type { SessionUser } from '../auth/session.ts';
import { hasFullAccess } from '../billing/entitlement.ts';
import { AppError } from '../http/errors.ts';
import { exportSignInMessage, exportSubscribeMessage } from '../shared/export-schemas.ts';

/**
 * Who may export, decided on the server at the moment of the request (docs/principles.md): a reader
 * entitled to the full text, as the detail page and the search decide it. A visitor gets 401 with
 * the call to sign in; a reader without a subscription 403 with the call to subscribe: they cannot
 * export what they cannot read.
 */
export async function requireExporter(deps: Pick<AppDeps, 'db' | 'now'>, user: SessionUser | null | undefined): Promise<SessionUser> {
  if (!user) throw new AppError('unauthorized', exportSignInMessage);
  if (!(await hasFullAccess(deps.db, user, deps.now()))) throw new AppError('forbidden', exportSubscribeMessage);
  return user;
}

const exportWindowMs = 60 * 60 * 1000;

/**
 * Counts one export against the user's hourly limit, or throws 429 with Retry-After. Exports are
 * counted by the product's one rate limiter (auth/attempt-limits.ts: audit rows, so the limit holds
 * across API processes); called once the file is known to be made, so a refused or missing one
 * costs nothing.
 */
export async function countExport(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, user: SessionUser): Promise<void> {
  const limits: AttemptLimit[] = [{ by: 'subject', limit: deps.config.EXPORTS_PER_USER_PER_HOUR, windowMs: exportWindowMs }];
  await reserveAttempt(deps.db, { action: 'export', subject: userSubject(user.id), ip: null, now: deps.now() }, limits, ({ retryAfterSeconds }) => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return `You have made ${deps.config.EXPORTS_PER_USER_PER_HOUR} exports in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  });
}
