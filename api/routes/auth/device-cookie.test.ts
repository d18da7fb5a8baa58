import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../db/config.ts';
import { auditLog, users } from '../../../db/schema/index.ts';
import { accountGlobalFailureLimit, accountGlobalWindowMs, deviceFailureLimit } from '../../auth/attempt-limits.ts';
import { deviceCookieName, deviceCookieValue, trustedDevice, writeDeviceCookie } from '../../auth/device-cookie.ts';
import { loadConfig } from '../../config.ts';
import { createTestUser, testPassword } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

const lockedMessage = /^Too many failed sign-ins for this account\. Try again in (\d+) minutes?, or sign in from a device you have used before\.$/;

describe('device cookies: guesses from everywhere lock the account, not its owner on a device used before', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (remoteAddress: string, username: string, password: string, cookie?: string) =>
    ctx.app.request(
      '/api/auth/login',
      {
        method: 'POST',
        headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify({ username, password }),
      },
      { incoming: { socket: { remoteAddress } } },
    );

  /** The device cookie a response set, as a Cookie header, with its Set-Cookie line. */
  const deviceCookieFrom = (response: Response) => {
    const name = deviceCookieName(ctx.config).name;
    const line = response.headers.getSetCookie().find((header) => header.startsWith(`${name}=`));
    expect(line, 'a device cookie is set').toBeDefined();
    return { cookie: line!.split(';')[0]!, line: line! };
  };

  /** The account locked as the issue found it: its failure limit filled by failures from many addresses. */
  const lockAccount = (userId: number) =>
    ctx.db.insert(auditLog).values(
      Array.from({ length: accountGlobalFailureLimit }, (_, index) => ({
        action: 'login_failed',
        subject: `user:${userId}`,
        ip: `198.18.7.${index}`,
        createdAt: new Date(Date.now() - 60_000),
      })),
    );

  it('100 wrong passwords from 10 addresses lock cookie-less sign-ins for an hour, saying how long; the owner signs in on a device used before', async () => {
    const owner = await createTestUser(ctx);
    const earlier = await login('192.0.2.10', owner.email, testPassword);
    expect(earlier.status).toBe(200);

    for (let address = 0; address < 10; address++) {
      for (let guess = 0; guess < 10; guess++) {
        expect((await login(`203.0.113.${100 + address}`, owner.email, `Wrong-Guess-${address}-${guess}!`)).status).toBe(401);
      }
    }

    for (const address of ['192.0.2.10', '192.0.2.11']) {
      const locked = await login(address, owner.email, testPassword);
      expect(locked.status, address).toBe(429);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(accountGlobalWindowMs / 1000 - 10 * 60);
      const { error } = await locked.json();
      expect(error.code).toBe('rate_limited');
      expect(error.message).toMatch(lockedMessage);
      expect(Number(lockedMessage.exec(error.message)![1])).toBe(Math.ceil(retryAfter / 60));
    }

    const device = deviceCookieFrom(earlier);
    expect(device.line).toMatch(/; HttpOnly/);
    expect(device.line).toMatch(/; SameSite=Lax/);
    expect(device.line).toMatch(/; Path=\//);
    expect(new Date(/; Expires=([^;]+)/.exec(device.line)![1]!).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 60 * 60 * 1000);
    const trusted = await login('192.0.2.12', owner.email, testPassword, device.cookie);
    expect(trusted.status).toBe(200);
    expect((await trusted.json()).user.id).toBe(owner.id);
  });

  it("another account's device cookie, or a forged one, does not get past the lock", async () => {
    const owner = await createTestUser(ctx);
    const attacker = await createTestUser(ctx);
    const attackerDevice = deviceCookieFrom(await login('192.0.2.20', attacker.email, testPassword));
    await lockAccount(owner.id);

    const name = deviceCookieName(ctx.config).name;
    const [{ passwordHash }] = (await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, owner.id))) as [{ passwordHash: string }];
    const nonce = randomBytes(16).toString('base64url');
    const forgeries = {
      "another account's": attackerDevice.cookie,
      // The attacker's own valid cookie with the owner's id put in.
      'renamed': attackerDevice.cookie.replace(`=${attacker.id}.`, `=${owner.id}.`),
      // Signed with a secret that is not the app's, over the owner's real password hash.
      'signed elsewhere': `${name}=${deviceCookieValue(randomBytes(32).toString('base64url'), { id: owner.id, passwordHash })}`,
      // Keyed by the password hash, as cookies once were: whoever read the database could make these.
      'keyed by the password hash': `${name}=${owner.id}.${nonce}.${createHmac('sha256', passwordHash).update(`device-cookie:v1:${owner.id}:${nonce}`).digest('base64url')}`,
      'malformed': `${name}=${owner.id}.x.y`,
    };
    for (const [kind, cookie] of Object.entries(forgeries)) {
      const response = await login('192.0.2.21', owner.email, testPassword, cookie);
      expect(response.status, kind).toBe(429);
      expect((await response.json()).error.message, kind).toMatch(lockedMessage);
    }
  });

  it(`a device cookie with ${deviceFailureLimit} failures is itself refused for a while`, async () => {
    const owner = await createTestUser(ctx);
    const device = deviceCookieFrom(await login('192.0.2.30', owner.email, testPassword));
    await lockAccount(owner.id);
    // From many addresses, so only the device's own count can be what refuses.
    for (let guess = 0; guess < deviceFailureLimit; guess++) {
      expect((await login(`198.51.100.${guess}`, owner.email, `Wrong-Guess-${guess}!`, device.cookie)).status).toBe(401);
    }
    const refused = await login('192.0.2.31', owner.email, testPassword, device.cookie);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/^Too many failed sign-ins from this device\. Try again in \d+ minutes?\.$/);
  });

  it('a registration makes the browser a device of the new account, as a login does', async () => {
    const registered = await ctx.request('/api/auth/register', {
      json: { username: 'device-owner', email: 'device-owner@example.com', password: testPassword, name: 'Device Owner' },
    });
    expect(registered.status).toBe(201);
    const { user } = await registered.json();
    await lockAccount(user.id);
    expect((await login('192.0.2.40', 'device-owner', testPassword)).status).toBe(429);
    expect((await login('192.0.2.40', 'device-owner', testPassword, deviceCookieFrom(registered).cookie)).status).toBe(200);
  });

  it('the secret rotates: a cookie signed with APP_SECRET_PREVIOUS is still trusted, one signed with a retired secret or before a password change is not', async () => {
    const [first, second, third] = [0, 1, 2].map(() => randomBytes(32).toString('base64url')) as [string, string, string];
    const account = { id: 7, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$test-data-hash' };
    const cookie = `device=${deviceCookieValue(first, account)}`;
    const trustedWith = async (secrets: { APP_SECRET?: string; APP_SECRET_PREVIOUS?: string }, passwordHash = account.passwordHash) => {
      const app = new Hono().get('/', (c) => c.json({ device: trustedDevice({ APP_URL: 'http://localhost:3000', ...secrets }, c, { id: 7, passwordHash }) }));
      return ((await (await app.request('/', { headers: { Cookie: cookie } })).json()) as { device: string | null }).device !== null;
    };
    expect(await trustedWith({ APP_SECRET: first })).toBe(true);
    expect(await trustedWith({ APP_SECRET: second, APP_SECRET_PREVIOUS: first })).toBe(true);
    expect(await trustedWith({ APP_SECRET: third, APP_SECRET_PREVIOUS: second })).toBe(false);
    expect(await trustedWith({ APP_SECRET: first }, '$argon2id$v=19$m=19456,t=2,p=1$new-password-hash')).toBe(false);
    expect(await trustedWith({})).toBe(false);
  });

  it('production refuses to start without APP_SECRET', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/x', MEILI_URL: 'http://127.0.0.1:7700', MEILI_MASTER_KEY: 'k'.repeat(16), PAYMENTS: 'local', APP_URL: 'https://policy.example.com' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/APP_SECRET: is required in production/);
    expect(loadConfig({ ...env, APP_SECRET: 's'.repeat(32) }).APP_SECRET).toBe('s'.repeat(32));
  });

  it('over https the cookie is __Host- and Secure', async () => {
    const config = { APP_URL: 'https://policy.example.com', APP_SECRET: randomBytes(32).toString('base64url') };
    const app = new Hono().get('/', (c) => {
      writeDeviceCookie(config, c, { id: 7, passwordHash: 'hash' }, new Date());
      return c.body(null, 204);
    });
    const [line] = (await app.request('/')).headers.getSetCookie();
    expect(line).toMatch(/^__Host-device=7\./);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; HttpOnly/);
  });
});
