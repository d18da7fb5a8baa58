import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { sessions } from '../../../db/schema/index.ts';
import { recordAudit, userSubject } from '../../auth/audit.ts';
import { clientIp } from '../../auth/client-ip.ts';
import {
  loginRefusal,
  passwordCheckLimits,
  registrationLimits,
  registrationSubject,
  reserveAttempt,
  trustedDeviceLimits,
} from '../../auth/attempt-limits.ts';
import { trustedDevice, writeDeviceCookie } from '../../auth/device-cookie.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { clearSessionCookie, createSession, endSessions, toSessionUser, type AuthEnv } from '../../auth/session.ts';
import { createUser, findUserById, findUserByLoginName } from '../../auth/users.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import type { Transaction } from '../../../db/client.ts';
import type { AppDeps } from '../../app-deps.ts';
import { unauthorized } from '../../http/errors.ts';
import { loginSchema, registerSchema } from '../../shared/account-schemas.ts';
import { validate } from '../../http/validation.ts';

/** One message for an unknown name and a wrong password, so the answer tells nothing about accounts. */
export const invalidCredentialsMessage = 'Invalid username or password';

/**
 * A hash to verify against when no account matches, so an unknown name takes as long as a wrong
 * password. Made once per process from a random password nobody knows.
 */
let unknownUserHash: Promise<string> | undefined;
const hashForUnknownUser = () => (unknownUserHash ??= hashPassword(crypto.randomUUID()));

export function authRoutes(deps: AppDeps) {
  // Made now, so the first unknown name is not the one slow answer.
  void hashForUnknownUser();

  /** A new token at every sign-in; the session the request came with (if any) ends. */
  async function replaceSession(tx: Transaction, c: Context<AuthEnv>, userId: number) {
    const previous = c.get('sessionId');
    if (previous) await tx.delete(sessions).where(eq(sessions.tokenHash, previous));
    await createSession(deps, c, userId, { db: tx });
  }

  return new Hono<AuthEnv>()
    .use(jsonBodyLimit)

    /**
     * Who is signed in, or `{ user: null }`: the web app asks on every page, and a visitor is an
     * expected answer, not an error (GET /api/user answers 401 for API clients).
     */
    .get('/session', (c) => c.json({ user: c.var.user }))

    .post('/register', validate('json', registerSchema), async (c) => {
      const input = c.req.valid('json');
      await reserveAttempt(deps.db, { action: 'registration_attempt', subject: registrationSubject, ip: clientIp(c), now: deps.now() }, registrationLimits(deps.config));
      const user = await deps.db.transaction(async (tx) => {
        const user = await createUser(tx, input, { ip: clientIp(c), at: deps.now(), via: 'register' });
        // The spec: "on success the user is treated as logged in".
        await replaceSession(tx, c, user.id);
        return user;
      });
      // Signed in, so this browser is the owner's device from now on, as after a login.
      const account = await findUserById(deps.db, user.id);
      if (account) writeDeviceCookie(deps.config, c, account, deps.now());
      return c.json({ user }, 201);
    })

    .post('/login', validate('json', loginSchema), async (c) => {
      const { username, password } = c.req.valid('json');
      const ip = clientIp(c);
      const now = deps.now();
      const account = await findUserByLoginName(deps.db, username);
      // Failures count per account, whichever of its names was typed; names of no account count by name.
      const subject = account ? userSubject(account.id) : `login:${username.toLowerCase()}`;
      // A device this account signed in from before is limited on its own (OWASP's device cookies),
      // so guesses from elsewhere that lock the account don't lock its owner out.
      const device = trustedDevice(deps.config, c, account);
      // Recorded as a failure until the password proves right.
      const attempt = await reserveAttempt(
        deps.db,
        { action: 'login_failed', subject, ip, device, now },
        device ? trustedDeviceLimits : passwordCheckLimits,
        loginRefusal,
      );

      const passwordMatches = await verifyPassword(account?.passwordHash ?? (await hashForUnknownUser()), password);
      if (!account || !passwordMatches) throw unauthorized(invalidCredentialsMessage);

      const user = toSessionUser(account);
      await deps.db.transaction(async (tx) => {
        await attempt.passed(tx);
        await recordAudit(tx, { action: 'login', actorId: user.id, subject, ip, at: now });
        await replaceSession(tx, c, user.id);
      });
      writeDeviceCookie(deps.config, c, account, now);
      return c.json({ user });
    })

    /** Ends every session of the user (all devices), as the issue asks; idempotent when signed out. */
    .post('/logout', async (c) => {
      const user = c.get('user');
      if (user) {
        await deps.db.transaction(async (tx) => {
          await endSessions(tx, user.id);
          await recordAudit(tx, {
            action: 'logout',
            actorId: user.id,
            subject: userSubject(user.id),
            ip: clientIp(c),
            at: deps.now(),
          });
        });
      }
      clearSessionCookie(deps.config, c);
      return c.body(null, 204);
    });
}
