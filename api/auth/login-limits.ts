import { and, count, eq, gt, isNull, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AuditAction } from '../audit.ts';
import { AppError } from '../errors.ts';

/**
 * Failed password checks are counted from their audit rows (indexed by action, subject and by
 * action, ip), so the limits hold across API processes and restarts with no other store.
 *
 * Three limits, after OWASP's authentication guidance:
 * - per account and IP: enough for a user fumbling a password, far too few for guessing one;
 *   an attacker who trips it locks out only their own address, not the account's owner;
 * - per account from anywhere, slower: many addresses together still get only this many guesses;
 * - per IP across accounts: higher, since an office or a carrier NAT shares one address.
 */
export const failureWindowMs = 15 * 60 * 1000;
export const accountFailureLimit = 10;
export const accountGlobalWindowMs = 60 * 60 * 1000;
export const accountGlobalFailureLimit = 100;
export const ipFailureLimit = 100;

type Attempt = { action: AuditAction; subject: string; ip: string | null; now: Date };
type Limit = { where: SQL | undefined; limit: number; windowMs: number };

function limitsFor(attempt: Attempt): Limit[] {
  const sameIp = attempt.ip === null ? isNull(auditLog.ip) : eq(auditLog.ip, attempt.ip);
  const limits: Limit[] = [
    { where: and(eq(auditLog.subject, attempt.subject), sameIp), limit: accountFailureLimit, windowMs: failureWindowMs },
    { where: eq(auditLog.subject, attempt.subject), limit: accountGlobalFailureLimit, windowMs: accountGlobalWindowMs },
  ];
  if (attempt.ip !== null) limits.push({ where: eq(auditLog.ip, attempt.ip), limit: ipFailureLimit, windowMs: failureWindowMs });
  return limits;
}

/**
 * Reserves one password check, or throws 429 with Retry-After. The check is recorded as a failure
 * before the password is compared (the caller turns it into a success with `passed`), under
 * transaction-scoped advisory locks on the account and the IP: parallel attempts queue for the
 * count one at a time and each sees the ones still in flight, so no more checks than the limits
 * allow can ever run, however many arrive at once. A refused attempt costs no hashing.
 */
export async function reserveAttempt(
  db: Database,
  attempt: Attempt,
): Promise<{ passed: (tx: Pick<Database, 'delete'>) => Promise<void> }> {
  const reservationId = await db.transaction(async (tx) => {
    // Always the account's lock first, then the IP's: one order, so no two attempts deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attempts:${attempt.subject}`}, 0))`);
    if (attempt.ip !== null) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attempts-ip:${attempt.ip}`}, 0))`);

    const results = await Promise.all(
      limitsFor(attempt).map(async ({ where, limit, windowMs }) => {
        const since = new Date(attempt.now.getTime() - windowMs);
        const [row] = await tx
          .select({ failures: count(), oldest: min(auditLog.createdAt) })
          .from(auditLog)
          .where(and(eq(auditLog.action, attempt.action), gt(auditLog.createdAt, since), where));
        return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null, limit, windowMs };
      }),
    );
    const blocked = results.filter((result) => result.failures >= result.limit && result.oldest);
    if (blocked.length) {
      // Until the oldest counted failure leaves its window; the longest wait of the limits hit.
      const retryAfterSeconds = Math.max(
        ...blocked.map((result) => Math.ceil((result.oldest!.getTime() + result.windowMs - attempt.now.getTime()) / 1000)),
        1,
      );
      throw new AppError('rate_limited', 'Too many failed attempts. Please try again later.', {
        'Retry-After': String(retryAfterSeconds),
      });
    }
    const [reserved] = await tx
      .insert(auditLog)
      .values({ action: attempt.action, actorId: null, subject: attempt.subject, ip: attempt.ip, details: {}, createdAt: attempt.now })
      .returning({ id: auditLog.id });
    return reserved!.id;
  });
  return {
    /** The password was right: the reservation was no failure (deleted in the caller's transaction). */
    passed: async (tx) => {
      await tx.delete(auditLog).where(eq(auditLog.id, reservationId));
    },
  };
}
