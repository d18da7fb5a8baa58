import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.ts';
import { accountGlobalFailureLimit, accountGlobalWindowMs, deviceFailureLimit } from '../../auth/attempt-limits.ts';
import { deviceCookieName, deviceCookieValue, writeDeviceCookie } from '../../auth/device-cookie.ts';
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
    const forgeries = {
      "another account's": attackerDevice.cookie,
      // The attacker's own valid cookie with the owner's id put in.
      'renamed': attackerDevice.cookie.replace(`=${attacker.id}.`, `=${owner.id}.`),
      // Signed with a key that is not the owner's.
      'signed elsewhere': `${name}=${deviceCookieValue({ id: owner.id, passwordHash: 'not-the-owners-hash' })}`,
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

  it('over https the cookie is __Host- and Secure', async () => {
    const config = { APP_URL: 'https://policy.example.com' };
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
