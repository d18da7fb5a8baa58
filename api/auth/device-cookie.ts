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
 * The cookie is `{userId}.{nonce}.{signature}`. The app keeps no signing secret of its own
 * (sessions are random tokens stored hashed), so the key is the account's password hash: a secret
 * that never leaves the server, is the same in every API process, and changes with the password,
 * which ends the trust of every device cookie made before (as a reset after a theft should). Whoever
 * holds the hash could forge one, but such a person can guess offline and needs no lockout bypass.
 */

/** Long-lived: the point is to recognise a device the owner used months ago. */
export const deviceCookieLifetimeMs = 365 * 24 * 60 * 60 * 1000;

const cookiePattern = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

type Account = { id: number; passwordHash: string };

export function deviceCookieName(config: Pick<Config, 'APP_URL'>): { name: string; secure: boolean } {
  const secure = config.APP_URL.startsWith('https:');
  // As the session cookie: __Host- pins it to this origin, which browsers allow only with Secure.
  return { name: secure ? '__Host-device' : 'device', secure };
}

function sign(account: Account, nonce: string): string {
  return createHmac('sha256', account.passwordHash).update(`device-cookie:v1:${account.id}:${nonce}`).digest('base64url');
}

/** The cookie value for the account, with a fresh nonce (exported for tests that forge one). */
export function deviceCookieValue(account: Account): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${account.id}.${nonce}.${sign(account, nonce)}`;
}

/** After a successful sign-in: a new device cookie for the account (one per browser, the last account). */
export function writeDeviceCookie(config: Pick<Config, 'APP_URL'>, c: Context, account: Account, now: Date): void {
  const cookie = deviceCookieName(config);
  setCookie(c, cookie.name, deviceCookieValue(account), {
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
export function trustedDevice(config: Pick<Config, 'APP_URL'>, c: Context, account: Account | null): string | null {
  if (!account) return null;
  const match = cookiePattern.exec(getCookie(c, deviceCookieName(config).name) ?? '');
  if (!match || Number(match[1]) !== account.id) return null;
  const [, , nonce, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(account, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
