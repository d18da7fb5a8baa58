import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Executor } from '../../db/client.ts';
import { sessions, users, type Role } from '../../db/schema/index.ts';
import type { Config } from '../config.ts';
import type { AppDeps } from '../app-deps.ts';
import { forbidden, unauthorized } from '../http/errors.ts';

/** What GET /api/user answers. `role` is the access role; the profile's free-text title is `jobTitle`. */
export type SessionUser = {
  id: number;
  username: string;
  email: string;
  name: string;
  company: string | null;
  jobTitle: string | null;
  role: Role;
  createdAt: string;
};

/** Context variables set by `sessionMiddleware` on every /api request. */
export type AuthEnv = {
  Variables: {
    user: SessionUser | null;
    /** The SHA-256 of the session token (the sessions row's key), or null when signed out. */
    sessionId: string | null;
  };
};

/** The env after `requireUser`: handlers behind it read `c.var.user` without a null check. */
export type SignedInEnv = { Variables: { user: SessionUser; sessionId: string } };

/** A session dies after a week unused, and after 30 days whatever happens. */
export const sessionIdleTimeoutMs = 7 * 24 * 60 * 60 * 1000;
export const sessionAbsoluteLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** Renewing at most once a day keeps GET /api/user to one read on almost every request. */
const renewalIntervalMs = 24 * 60 * 60 * 1000;

/** 32 random bytes (256 bits) in base32: 52 characters of [a-z2-7]. */
const tokenPattern = /^[a-z2-7]{52}$/;

export function sessionCookie(config: Pick<Config, 'APP_URL'>): { name: string; secure: boolean } {
  const secure = config.APP_URL.startsWith('https:');
  // __Host- binds the cookie to this exact origin (no Domain, Path=/), which browsers only allow with Secure.
  return { name: secure ? '__Host-session' : 'session', secure };
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Only this hash is stored, so a copy of the database yields no usable cookie. */
export function hashSessionToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Columns that make a SessionUser, selected wherever a user is answered. */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  name: users.name,
  company: users.company,
  jobTitle: users.jobTitle,
  role: users.role,
  createdAt: users.createdAt,
};

type SessionUserRow = Omit<SessionUser, 'createdAt'> & { createdAt: Date };

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    company: row.company,
    jobTitle: row.jobTitle,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}


/** Stores a new session and returns its token (the cookie value), for createSession and test factories. */
export async function insertSession(db: Executor, userId: number, now: Date) {
  const token = generateSessionToken();
  const sessionId = hashSessionToken(token);
  const absoluteExpiresAt = new Date(now.getTime() + sessionAbsoluteLifetimeMs);
  const expiresAt = new Date(now.getTime() + sessionIdleTimeoutMs);
  await db.insert(sessions).values({ tokenHash: sessionId, userId, createdAt: now, expiresAt, absoluteExpiresAt });
  return { token, sessionId, expiresAt };
}

/**
 * Signs the user in: a fresh random token (never one the client chose: no session fixation) in
 * the session cookie. Pass `db` to write the session inside the caller's transaction.
 */
export async function createSession(deps: AppDeps, c: Context, userId: number, options: { db?: Executor } = {}) {
  const session = await insertSession(options.db ?? deps.db, userId, deps.now());
  writeSessionCookie(deps.config, c, session.token, session.expiresAt);
  return { sessionId: session.sessionId, expiresAt: session.expiresAt };
}

/** Ends every session of the user, or every one but `except` (a password change keeps the caller's). */
export async function endSessions(db: Executor, userId: number, options: { except?: string | null } = {}): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(options.except ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, options.except)) : eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

export function clearSessionCookie(config: Pick<Config, 'APP_URL'>, c: Context): void {
  const cookie = sessionCookie(config);
  deleteCookie(c, cookie.name, { path: '/', secure: cookie.secure, httpOnly: true, sameSite: 'Lax' });
}

function writeSessionCookie(config: Pick<Config, 'APP_URL'>, c: Context, token: string, expires: Date): void {
  const cookie = sessionCookie(config);
  setCookie(c, cookie.name, token, { path: '/', secure: cookie.secure, httpOnly: true, sameSite: 'Lax', expires });
}

/**
 * Resolves the session cookie into `c.var.user` for every request under /api. One indexed read
 * (sessions by primary key, joined to users); a write only to renew a day-old session or to drop
 * an expired one.
 */
export function sessionMiddleware(deps: AppDeps) {
  const lookup = deps.db
    .select({
      ...sessionUserColumns,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_lookup');

  return createMiddleware<AuthEnv>(async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    const cookie = sessionCookie(deps.config);
    const token = getCookie(c, cookie.name);
    if (token === undefined) return next();
    if (!tokenPattern.test(token)) {
      clearSessionCookie(deps.config, c);
      return next();
    }

    const sessionId = hashSessionToken(token);
    const [row] = await lookup.execute({ tokenHash: sessionId });
    const now = deps.now();
    if (!row || row.expiresAt <= now || row.absoluteExpiresAt <= now) {
      if (row) await deps.db.delete(sessions).where(eq(sessions.tokenHash, sessionId));
      clearSessionCookie(deps.config, c);
      return next();
    }

    if (row.expiresAt.getTime() - now.getTime() < sessionIdleTimeoutMs - renewalIntervalMs) {
      const renewedUntil = new Date(Math.min(now.getTime() + sessionIdleTimeoutMs, row.absoluteExpiresAt.getTime()));
      await deps.db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.tokenHash, sessionId));
      writeSessionCookie(deps.config, c, token, renewedUntil);
    }

    c.set('user', toSessionUser(row));
    c.set('sessionId', sessionId);
    return next();
  });
}

/** 401 JSON error when signed out. */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthorized();
  await next();
});

/** Exact roles, no hierarchy (the spec: "admin and super_admin only"); 401 when signed out, 403 otherwise. */
export function requireRole(...allowed: Role[]) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (!allowed.includes(user.role)) throw forbidden();
    await next();
  });
}
