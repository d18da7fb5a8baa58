import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';

/**
 * OWASP's device cookies (Slow Down Online Guessing Attacks with Device Cookies): a browser that
 * signed in to an account once gets a signed cookie naming that account. A login attempt that
 * brings a valid one for the account it tries is from a device the owner has used, and is limited
 * per device cookie instead of per account, so guesses from elsewhere can't lock the owner out.
 *
 * The cookie is `{userId}.{nonce}.{signature}`, the signature an HMAC keyed by the app's secret
 * (APP_SECRET), which no database row holds, over the id, the nonce and the account's password
 * hash: a password change (a reset after a theft) ends the trust of every device cookie made
 * before. A cookie signed with APP_SECRET_PREVIOUS is still trusted, so the secret can be rotated.
 * Without APP_SECRET (allowed outside production only) no device cookie is made or trusted.
 */

/** Long-lived: the point is to recognise a device the owner used months ago. */
export const deviceCookieLifetimeMs = 365 * 24 * 60 * 60 * 1000;

const cookiePattern = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

type Account = { id: number; passwordHash: string };
type Secrets = Pick<Config, 'APP_SECRET' | 'APP_SECRET_PREVIOUS'>;

export function deviceCookieName(config: Pick<Config, 'APP_URL'>): { name: string; secure: boolean } {
  const secure = config.APP_URL.startsWith('https:');
  // As the session cookie: __Host- pins it to this origin, which browsers allow only with Secure.
  return { name: secure ? '__Host-device' : 'device', secure };
}

function sign(secret: string, account: Account, nonce: string): string {
  return createHmac('sha256', secret).update(`device-cookie:v2:${account.id}:${nonce}:${account.passwordHash}`).digest('base64url');
}

/** The cookie value for the account, with a fresh nonce, signed with `secret` (exported for tests that forge one). */
export function deviceCookieValue(secret: string, account: Account): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${account.id}.${nonce}.${sign(secret, account, nonce)}`;
}

/** After a successful sign-in: a new device cookie for the account (one per browser, the last account). */
export function writeDeviceCookie(config: Pick<Config, 'APP_URL'> & Secrets, c: Context, account: Account, now: Date): void {
  if (!config.APP_SECRET) return;
  const cookie = deviceCookieName(config);
  setCookie(c, cookie.name, deviceCookieValue(config.APP_SECRET, account), {
    path: '/',
    secure: cookie.secure,
    httpOnly: true,
    sameSite: 'Lax',
    expires: new Date(now.getTime() + deviceCookieLifetimeMs),
  });
}

/**
 * The nonce of the request's device cookie when it is valid for this account (which names the
 * device in the per-device limit), else null: no cookie, another account's, a forged or stale one.
 */
export function trustedDevice(config: Pick<Config, 'APP_URL'> & Secrets, c: Context, account: Account | null): string | null {
  if (!account) return null;
  const match = cookiePattern.exec(getCookie(c, deviceCookieName(config).name) ?? '');
  if (!match || Number(match[1]) !== account.id) return null;
  const [, , nonce, signature] = match as unknown as [string, string, string, string];
  const given = Buffer.from(signature);
  const signedBy = (secret: string | undefined) => {
    if (!secret) return false;
    const expected = Buffer.from(sign(secret, account, nonce));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return signedBy(config.APP_SECRET) || signedBy(config.APP_SECRET_PREVIOUS) ? nonce : null;
}
