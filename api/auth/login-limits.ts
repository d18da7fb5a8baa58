import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AuditAction } from '../audit.ts';
import { AppError } from '../errors.ts';

/**
 * Failed attempts are counted from their audit rows (indexed by action, subject and by action, ip),
 * so the limit holds across API processes and restarts with no other store.
 */
export const failureWindowMs = 15 * 60 * 1000;
/** Per account: enough for a user fumbling a password, far too few for guessing one. */
export const accountFailureLimit = 10;
/** Per IP: higher, since an office or a carrier NAT shares one address. */
export const ipFailureLimit = 100;

type Counted = { column: typeof auditLog.subject | typeof auditLog.ip; value: string; limit: number };

/**
 * Throws 429 with Retry-After when the account (`subject`) or the IP has too many recent failures
 * of `action`. Checked before the password is, so a locked account costs no hashing.
 */
export async function assertAttemptsAllowed(
  db: Pick<Database, 'select'>,
  check: { action: AuditAction; subject: string; ip: string | null; now: Date },
): Promise<void> {
  const since = new Date(check.now.getTime() - failureWindowMs);
  const counted: Counted[] = [{ column: auditLog.subject, value: check.subject, limit: accountFailureLimit }];
  if (check.ip) counted.push({ column: auditLog.ip, value: check.ip, limit: ipFailureLimit });

  const results = await Promise.all(
    counted.map(async ({ column, value, limit }) => {
      const [row] = await db
        .select({ failures: count(), oldest: min(auditLog.createdAt) })
        .from(auditLog)
        .where(and(eq(auditLog.action, check.action), eq(column, value), gt(auditLog.createdAt, since)));
      return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null, limit };
    }),
  );

  const blocked = results.filter((result) => result.failures >= result.limit && result.oldest);
  if (!blocked.length) return;
  // Until the oldest counted failure leaves the window; the longest wait of the limits hit.
  const retryAfterSeconds = Math.max(
    ...blocked.map((result) => Math.ceil((result.oldest!.getTime() + failureWindowMs - check.now.getTime()) / 1000)),
    1,
  );
  throw new AppError('rate_limited', 'Too many failed attempts. Please try again later.', {
    'Retry-After': String(retryAfterSeconds),
  });
}
