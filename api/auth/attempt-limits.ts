import { and, count, eq, gt, isNull, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AuditAction } from './audit.ts';
import { AppError } from '../http/errors.ts';

/**
 * Failed password checks are counted from their audit rows (indexed by action, subject and by
 * action, ip), so the limits hold across API processes and restarts with no other store.
 *
 * Three limits, after OWASP's authentication guidance:
 * - per account and IP: enough for a user fumbling a password, far too few for guessing one;
 *   an attacker who trips it locks out only their own address, not the account's owner;
 * - per account from anywhere, slower: many addresses together still get only this many guesses;
 * - per IP across accounts: higher, since an office or a carrier NAT shares one address.
 *
 * The per-account limit lets anyone lock the owner out; a login from a device the owner signed in
 * from before (a valid device cookie, api/auth/device-cookie.ts) is counted per device cookie
 * instead, so a cookie with many failures is itself refused.
 */
export const failureWindowMs = 15 * 60 * 1000;
export const accountFailureLimit = 10;
export const accountGlobalWindowMs = 60 * 60 * 1000;
export const accountGlobalFailureLimit = 100;
export const ipFailureLimit = 100;

/** What an attempt is counted by: its subject and IP together, its subject alone, its IP alone, or its subject's device cookie. */
export type AttemptLimit = { by: 'subject and ip' | 'subject' | 'ip' | 'device'; limit: number; windowMs: number };

export const passwordCheckLimits: readonly AttemptLimit[] = [
  { by: 'subject and ip', limit: accountFailureLimit, windowMs: failureWindowMs },
  { by: 'subject', limit: accountGlobalFailureLimit, windowMs: accountGlobalWindowMs },
  { by: 'ip', limit: ipFailureLimit, windowMs: failureWindowMs },
];

/**
 * A login with a valid device cookie: as few guesses as one address gets, counted per cookie, and
 * nothing that guesses from other addresses or accounts can fill.
 */
export const deviceFailureLimit = accountFailureLimit;
export const trustedDeviceLimits: readonly AttemptLimit[] = [{ by: 'device', limit: deviceFailureLimit, windowMs: failureWindowMs }];

/** What a refused login is told: which limit, how long to wait, and what still works. */
export function loginRefusal({ by, retryAfterSeconds }: Refusal): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  if (by === 'ip') return `Too many failed sign-ins from your network. Try again in ${wait}.`;
  if (by === 'device') return `Too many failed sign-ins from this device. Try again in ${wait}.`;
  return `Too many failed sign-ins for this account. Try again in ${wait}, or sign in from a device you have used before.`;
}

/**
 * New accounts (registration and signup checkout), each an Argon2 hash: a person makes one, an
 * office a few; the global limit bounds what many addresses together can make the server hash.
 */
export const registrationSubject = 'registration';
export const registrationWindowMs = 60 * 60 * 1000;
export const registrationGlobal = { limit: 100, windowMs: 10 * 60 * 1000 };
export function registrationLimits(config: { REGISTRATIONS_PER_IP_PER_HOUR: number }): readonly AttemptLimit[] {
  return [
    { by: 'ip', limit: config.REGISTRATIONS_PER_IP_PER_HOUR, windowMs: registrationWindowMs },
    { by: 'subject', ...registrationGlobal },
  ];
}

/**
 * Contact form messages, each a stored row and an e-mail to support: a person sends one or two;
 * the global limit bounds how fast many addresses together can fill the support mailbox.
 */
export const contactSubject = 'contact';
export const contactWindowMs = 60 * 60 * 1000;
export const contactGlobal = { limit: 100, windowMs: 10 * 60 * 1000 };
export function contactLimits(config: { CONTACT_MESSAGES_PER_IP_PER_HOUR: number }): readonly AttemptLimit[] {
  return [
    { by: 'ip', limit: config.CONTACT_MESSAGES_PER_IP_PER_HOUR, windowMs: contactWindowMs },
    { by: 'subject', ...contactGlobal },
  ];
}

const tooManyAttempts = 'Too many failed attempts. Please try again later.';

type Attempt = {
  action: AuditAction;
  subject: string;
  ip: string | null;
  /** The nonce of a valid device cookie for the subject's account, kept on the attempt's row. */
  device?: string | null;
  now: Date;
};

/** The limit that refused an attempt and when the oldest failure it counted leaves its window. */
export type Refusal = { by: AttemptLimit['by']; retryAfterSeconds: number };

function conditionFor(attempt: Attempt, by: AttemptLimit['by']): SQL | undefined {
  const sameIp = attempt.ip === null ? isNull(auditLog.ip) : eq(auditLog.ip, attempt.ip);
  if (by === 'ip') return sameIp;
  if (by === 'device') return and(eq(auditLog.subject, attempt.subject), sql`${auditLog.details} ->> 'device' = ${attempt.device ?? null}`);
  if (by === 'subject') return eq(auditLog.subject, attempt.subject);
  return and(eq(auditLog.subject, attempt.subject), sameIp);
}

/**
 * Reserves one attempt (a password check, a new account), or throws 429 with Retry-After. The
 * attempt is recorded before the costly work (a password check is a failure until the caller turns
 * it into a success with `passed`), under
 * transaction-scoped advisory locks on the account and the IP: parallel attempts queue for the
 * count one at a time and each sees the ones still in flight, so no more checks than the limits
 * allow can ever run, however many arrive at once. A refused attempt costs no hashing.
 */
export async function reserveAttempt(
  db: Database,
  attempt: Attempt,
  limits: readonly AttemptLimit[],
  /** The 429's message: fixed (a contact message), or told which limit refused and the wait (a login). */
  refusal: string | ((refusal: Refusal) => string) = tooManyAttempts,
): Promise<{ passed: (tx: Pick<Database, 'delete'>) => Promise<void>; note: (details: Record<string, unknown>) => Promise<void> }> {
  const reservationId = await db.transaction(async (tx) => {
    // Always the account's lock first, then the IP's: one order, so no two attempts deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attempts:${attempt.subject}`}, 0))`);
    if (attempt.ip !== null) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attempts-ip:${attempt.ip}`}, 0))`);

    const results = await Promise.all(
      // Without a socket address (never behind a real server) there is no IP to count by; without
      // a device cookie, no device.
      limits
        .filter((rule) => !(rule.by === 'ip' && attempt.ip === null) && !(rule.by === 'device' && !attempt.device))
        .map(async ({ by, limit, windowMs }) => {
          const since = new Date(attempt.now.getTime() - windowMs);
          const [row] = await tx
            .select({ failures: count(), oldest: min(auditLog.createdAt) })
            .from(auditLog)
            .where(and(eq(auditLog.action, attempt.action), gt(auditLog.createdAt, since), conditionFor(attempt, by)));
          return { by, failures: row?.failures ?? 0, oldest: row?.oldest ?? null, limit, windowMs };
        }),
    );
    const blocked = results.filter((result) => result.failures >= result.limit && result.oldest);
    if (blocked.length) {
      // Until the oldest counted failure leaves its window; the longest wait of the limits hit.
      const [longest] = blocked
        .map((result): Refusal => ({
          by: result.by,
          retryAfterSeconds: Math.max(Math.ceil((result.oldest!.getTime() + result.windowMs - attempt.now.getTime()) / 1000), 1),
        }))
        .sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds);
      throw new AppError('rate_limited', typeof refusal === 'string' ? refusal : refusal(longest!), {
        'Retry-After': String(longest!.retryAfterSeconds),
      });
    }
    const [reserved] = await tx
      .insert(auditLog)
      .values({
        action: attempt.action,
        actorId: null,
        subject: attempt.subject,
        ip: attempt.ip,
        details: attempt.device ? { device: attempt.device } : {},
        createdAt: attempt.now,
      })
      .returning({ id: auditLog.id });
    return reserved!.id;
  });
  return {
    /** The password was right: the reservation was no failure (deleted in the caller's transaction). */
    passed: async (tx) => {
      await tx.delete(auditLog).where(eq(auditLog.id, reservationId));
    },
    /** What came of the attempt, on its row: the Activity view shows it to admins. */
    note: async (details) => {
      await db.update(auditLog).set({ details }).where(eq(auditLog.id, reservationId));
    },
  };
}
