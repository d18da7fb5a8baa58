import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, collections, policies, policyCollections, sessions, users } from '../../db/schema/index.ts';
import { createTestUser, createSignedInUser, sessionCookieFrom, signInAs, testPassword, userRole } from '../test/accounts.ts';
import { loadConfig } from '../config.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { accountFailureLimit, accountGlobalFailureLimit, failureWindowMs, ipFailureLimit } from './attempt-limits.ts';
import { assignRole } from './roles.ts';
import { hashSessionToken, sessionAbsoluteLifetimeMs, sessionIdleTimeoutMs } from './session.ts';

const day = 24 * 60 * 60 * 1000;

/** One test per security rule of issue 5. */
describe('security rules', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  afterEach(() => ctx.clock.set(null));

  const login = (username: string, password: string, cookie?: string) =>
    ctx.request('/api/auth/login', { json: { username, password }, ...(cookie ? { cookie } : {}) });
  const me = (cookie: string) => ctx.request('/api/user', { cookie });

  describe('sessions', () => {
    it('cookie flags: __Host-session, HttpOnly, Secure, SameSite=Lax, Path=/ over https', async () => {
      const https = await createTestContext({ APP_URL: 'https://policy.example' });
      try {
        const user = await createTestUser(https);
        const response = await https.request('/api/auth/login', { json: { username: user.email, password: testPassword } });
        expect(response.status).toBe(200);
        const [cookie] = response.headers.getSetCookie();
        expect(cookie).toMatch(/^__Host-session=[a-z2-7]{52}; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
      } finally {
        await https.close();
      }
    });

    it('cookie flags: plain "session" without Secure on local http, still HttpOnly and SameSite=Lax', async () => {
      const user = await createTestUser(ctx);
      const [cookie] = (await login(user.email, testPassword)).headers.getSetCookie();
      expect(cookie).toMatch(/^session=[a-z2-7]{52}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    });

    it('the stored token is its SHA-256, never the token', async () => {
      const user = await createTestUser(ctx);
      const token = sessionCookieFrom(ctx, await login(user.email, testPassword))!.split('=')[1]!;
      const stored = await ctx.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
      expect(stored).toEqual([{ tokenHash: hashSessionToken(token) }]);
      expect(stored[0]!.tokenHash).not.toContain(token);
    });

    it('old cookie refused after logout', async () => {
      const { cookie } = await createSignedInUser(ctx);
      await ctx.request('/api/auth/logout', { method: 'POST', cookie });
      expect((await me(cookie)).status).toBe(401);
    });

    it('old cookie refused after re-login (a new token at login)', async () => {
      const user = await createTestUser(ctx);
      const first = sessionCookieFrom(ctx, await login(user.email, testPassword))!;
      const second = sessionCookieFrom(ctx, await login(user.email, testPassword, first))!;
      expect(second).not.toBe(first);
      expect((await me(first)).status).toBe(401);
      expect((await me(second)).status).toBe(200);
    });

    it('old cookie refused after password change (the changing session stays)', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      const stolen = await signInAs(ctx, user.id);
      const response = await ctx.request('/api/user/change-password', {
        cookie,
        json: { currentPassword: testPassword, newPassword: 'Rotated-Passphrase-9' },
      });
      expect(response.status).toBe(200);
      expect((await me(stolen)).status).toBe(401);
      expect((await me(cookie)).status).toBe(200);
    });

    it('sliding renewal: a day-old session in use is extended and its cookie re-sent', async () => {
      const start = new Date();
      ctx.clock.set(start);
      const { user, cookie } = await createSignedInUser(ctx);
      ctx.clock.advance(2 * day);
      const response = await me(cookie);
      expect(response.status).toBe(200);
      expect(sessionCookieFrom(ctx, response)).toBe(cookie);
      const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(session!.expiresAt.getTime()).toBe(start.getTime() + 2 * day + sessionIdleTimeoutMs);
    });

    it('absolute expiry: refused after 30 days however often it was used (fake clock)', async () => {
      const start = new Date();
      ctx.clock.set(start);
      const { cookie } = await createSignedInUser(ctx);
      for (let elapsed = 6 * day; elapsed < sessionAbsoluteLifetimeMs; elapsed += 6 * day) {
        ctx.clock.set(new Date(start.getTime() + elapsed));
        expect((await me(cookie)).status).toBe(200);
      }
      ctx.clock.set(new Date(start.getTime() + sessionAbsoluteLifetimeMs - 1000));
      expect((await me(cookie)).status).toBe(200);
      ctx.clock.set(new Date(start.getTime() + sessionAbsoluteLifetimeMs));
      expect((await me(cookie)).status).toBe(401);
    });

    it('idle expiry: refused after 7 days unused (fake clock)', async () => {
      const start = new Date();
      ctx.clock.set(start);
      const { cookie } = await createSignedInUser(ctx);
      ctx.clock.set(new Date(start.getTime() + sessionIdleTimeoutMs));
      expect((await me(cookie)).status).toBe(401);
    });

    it('a made-up or malformed cookie is refused and cleared', async () => {
      for (const cookie of ['session=' + 'a'.repeat(52), 'session=not-a-token', 'session=']) {
        const response = await me(cookie);
        expect(response.status, cookie).toBe(401);
        // Cleared: the browser is told to drop it (empty value, expired), on the same path.
        const cleared = response.headers.getSetCookie();
        expect(cleared, cookie).toHaveLength(1);
        expect(cleared[0], cookie).toMatch(/^session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
      }
    });
  });

  describe('cross-site requests', () => {
    it('foreign Origin → 403 on every state-changing method', async () => {
      const { cookie } = await createSignedInUser(ctx);
      for (const [method, path] of [
        ['POST', '/api/auth/login'],
        ['POST', '/api/auth/logout'],
        ['PATCH', '/api/user'],
        ['DELETE', '/api/user/account'],
        ['POST', '/api/collections'],
        ['DELETE', '/api/collections/1'],
      ] as const) {
        const response = await ctx.request(path, { method, cookie, json: {}, headers: { Origin: 'https://evil.example' } });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect((await response.json()).error.message).toBe('Cross-site request refused');
      }
    });

    it('missing Origin → 403', async () => {
      const response = await ctx.app.request('/api/auth/logout', { method: 'POST' });
      expect(response.status).toBe(403);
    });

    it('text/plain body → 415 (a cross-site form cannot send JSON)', async () => {
      const user = await createTestUser(ctx);
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await ctx.request('/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': contentType },
        });
        expect(response.status, contentType).toBe(415);
      }
      const sneaky = await ctx.app.request('/api/auth/login', {
        method: 'POST',
        headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'text/plain' },
        body: JSON.stringify({ username: user.email, password: testPassword }),
      });
      expect(sneaky.status).toBe(415);
    });

    it('GET changes nothing and is not Origin-checked', async () => {
      const { cookie } = await createSignedInUser(ctx);
      const snapshot = async () => ({
        users: await ctx.db.select().from(users),
        sessions: await ctx.db.select().from(sessions),
        auditLog: await ctx.db.select().from(auditLog),
        collections: await ctx.db.select().from(collections),
      });
      const before = await snapshot();
      for (const path of ['/api/database-stats', '/api/user', '/api/collections', '/api/subscription', '/api/user/notifications']) {
        const response = await ctx.request(path, { cookie, headers: { Origin: 'https://evil.example' } });
        expect(response.status, path).toBe(200);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('the Stripe webhook is the one exemption (signed by Stripe, no Origin)', async () => {
      const stripe = await createTestContext({ STRIPE_SECRET_KEY: 'sk_test_csrf', STRIPE_WEBHOOK_SECRET: 'whsec_csrf', STRIPE_PRICE_ID: 'price_csrf' });
      try {
        // No Origin, a non-JSON body: past the CSRF guard, it is the webhook's own signature check that refuses it.
        const response = await stripe.app.request('/api/stripe/webhook', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
        expect(response.status).toBe(400);
        expect((await response.json()).error.message).toBe('Missing Stripe-Signature header');
        // The same request to any other call is refused by the guard.
        const other = await stripe.app.request('/api/auth/logout', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
        expect(other.status).toBe(403);
      } finally {
        await stripe.close();
      }
    });
  });

  describe('login abuse', () => {
    it(`429 with Retry-After after ${accountFailureLimit} failures on one account, even with the right password`, async () => {
      const user = await createTestUser(ctx, { username: 'guessed-user' });
      for (let attempt = 0; attempt < accountFailureLimit; attempt++) {
        // Alternating names: the limit is per account, whichever name is typed.
        expect((await login(attempt % 2 ? user.email : 'guessed-user', `Wrong-Guess-${attempt}!`)).status).toBe(401);
      }
      const limited = await login(user.email, testPassword);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(failureWindowMs / 1000);
      expect((await limited.json()).error.code).toBe('rate_limited');

      ctx.clock.set(new Date(Date.now() + failureWindowMs + 1000));
      expect((await login(user.email, testPassword)).status).toBe(200);
    });

    const loginFrom = (remoteAddress: string, username: string, password: string) =>
      ctx.app.request(
        '/api/auth/login',
        {
          method: 'POST',
          headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' },
          body: JSON.stringify({ username, password }),
        },
        { incoming: { socket: { remoteAddress } } },
      );

    it(`30 simultaneous logins for one account get no more than ${accountFailureLimit} password checks`, async () => {
      const user = await createTestUser(ctx);
      const attempts = Array.from({ length: 30 }, (_, index) => (index === 17 ? testPassword : `Wrong-Guess-${index}!`));
      const statuses = await Promise.all(attempts.map(async (password) => (await loginFrom('203.0.113.40', user.email, password)).status));
      const summary = JSON.stringify(statuses);
      expect(statuses.every((status) => [200, 401, 429].includes(status)), summary).toBe(true);
      // At most the limit of wrong guesses get checked; a right password, when its turn comes,
      // frees its own slot (it was no failure), so the one right attempt may come on top.
      expect(statuses.filter((status) => status === 401).length, summary).toBeLessThanOrEqual(accountFailureLimit);
      expect(statuses.filter((status) => status === 200).length, summary).toBeLessThanOrEqual(1);
      expect(statuses.filter((status) => status === 429).length, summary).toBeGreaterThanOrEqual(30 - accountFailureLimit - 1);
    });

    it('failures from one address lock that address out of the account, not the owner at another', async () => {
      const user = await createTestUser(ctx);
      for (let attempt = 0; attempt < accountFailureLimit; attempt++) {
        expect((await loginFrom('198.51.100.9', user.email, `Wrong-Guess-${attempt}!`)).status).toBe(401);
      }
      expect((await loginFrom('198.51.100.9', user.email, testPassword)).status).toBe(429);
      expect((await loginFrom('192.0.2.33', user.email, testPassword)).status).toBe(200);
    });

    it(`the account's slower limit: ${accountGlobalFailureLimit} failures in an hour from many addresses lock it everywhere`, async () => {
      const user = await createTestUser(ctx);
      const now = new Date();
      await ctx.db.insert(auditLog).values(
        Array.from({ length: accountGlobalFailureLimit }, (_, index) => ({
          action: 'login_failed',
          subject: `user:${user.id}`,
          ip: `198.18.${Math.floor(index / 250)}.${index % 250}`,
          createdAt: new Date(now.getTime() - 50 * 60_000),
        })),
      );
      const limited = await loginFrom('192.0.2.34', user.email, testPassword);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(10 * 60 + 1);
    });

    it('X-Forwarded-For counts only from a proxy TRUST_PROXY names; otherwise the socket address is the client', async () => {
      const failedLoginIp = async (app: TestContext, peer: string, forwardedFor: string) => {
        const user = await createTestUser(app);
        const response = await app.app.request(
          '/api/auth/login',
          {
            method: 'POST',
            headers: { Origin: app.config.APP_URL, 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
            body: JSON.stringify({ username: user.email, password: 'Wrong-Guess-1!' }),
          },
          { incoming: { socket: { remoteAddress: peer } } },
        );
        expect(response.status).toBe(401);
        const [row] = await app.db.select({ ip: auditLog.ip }).from(auditLog).where(eq(auditLog.subject, `user:${user.id}`));
        return row?.ip;
      };
      // No TRUST_PROXY: a loopback or private peer is no proxy of ours, its header is ignored.
      expect(await failedLoginIp(ctx, '127.0.0.1', '203.0.113.99')).toBe('127.0.0.1');
      expect(await failedLoginIp(ctx, '10.0.0.7', '203.0.113.99')).toBe('10.0.0.7');

      const behindProxy = await createTestContext({ TRUST_PROXY: '10.0.0.0/8, ::1' });
      try {
        expect(await failedLoginIp(behindProxy, '10.1.2.3', '198.51.100.1, 203.0.113.99')).toBe('203.0.113.99');
        expect(await failedLoginIp(behindProxy, '::ffff:10.1.2.3', '203.0.113.98')).toBe('203.0.113.98');
        expect(await failedLoginIp(behindProxy, '::1', '203.0.113.97')).toBe('203.0.113.97');
        expect(await failedLoginIp(behindProxy, '192.168.1.1', '203.0.113.99')).toBe('192.168.1.1');
        expect(await failedLoginIp(behindProxy, '10.1.2.3', 'not-an-address')).toBe('10.1.2.3');
      } finally {
        await behindProxy.close();
      }
      expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', MEILI_URL: 'http://m', MEILI_MASTER_KEY: 'k'.repeat(16), TRUST_PROXY: '10.0.0.0/33' })).toThrow(
        /TRUST_PROXY: must be IP addresses or CIDR ranges/,
      );
    });

    it('a right password leaves no failure behind', async () => {
      const user = await createTestUser(ctx);
      expect((await loginFrom('192.0.2.35', user.email, testPassword)).status).toBe(200);
      const failures = await ctx.db.select().from(auditLog).where(eq(auditLog.subject, `user:${user.id}`));
      expect(failures.map((row) => row.action)).toEqual(['login']);
    });

    it(`429 after ${ipFailureLimit} failures from one IP, across accounts`, async () => {
      const ip = '203.0.113.7';
      const user = await createTestUser(ctx);
      const now = new Date();
      await ctx.db.insert(auditLog).values(
        Array.from({ length: ipFailureLimit }, (_, index) => ({
          action: 'login_failed',
          subject: `login:someone-${index}`,
          ip,
          createdAt: new Date(now.getTime() - 60_000),
        })),
      );
      const fromIp = (remoteAddress: string) =>
        ctx.app.request(
          '/api/auth/login',
          {
            method: 'POST',
            headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' },
            body: JSON.stringify({ username: user.email, password: testPassword }),
          },
          { incoming: { socket: { remoteAddress } } },
        );
      expect((await fromIp(ip)).status).toBe(429);
      expect((await fromIp('203.0.113.8')).status).toBe(200);
    });

    it('enumeration: same status and body for an unknown user and a wrong password', async () => {
      const user = await createTestUser(ctx);
      const unknown = await login('nobody@example.com', 'Some-Password-1!');
      const wrong = await login(user.email, 'Some-Password-1!');
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(unknown.status);
      expect(await wrong.text()).toBe(await unknown.text());
      expect(unknown.headers.getSetCookie()).toEqual(wrong.headers.getSetCookie());
    });
  });

  describe('ownership of collections', () => {
    it("a user can't read, delete, add to or remove from another user's collection (404, nothing changes)", async () => {
      const owner = await createSignedInUser(ctx);
      const intruder = await createSignedInUser(ctx);
      const [policy, otherPolicy] = await ctx.db
        .insert(policies)
        .values([
          { title: 'Private interest', departmentId: 1, publishedOn: '2025-01-01' },
          { title: 'Another', departmentId: 1, publishedOn: '2025-01-02' },
        ])
        .returning();
      const created = await ctx.request('/api/collections', { cookie: owner.cookie, json: { name: 'Secret plans' } });
      const { id } = await created.json();
      await ctx.request('/api/collections/add-policy', { cookie: owner.cookie, json: { collectionId: id, policyId: policy!.id } });

      const calls: [string, Parameters<TestContext['request']>[1]][] = [
        ['DELETE /api/collections/{id}', { method: 'DELETE' }],
        ['POST /api/collections/add-policy', { json: { collectionId: id, policyId: otherPolicy!.id } }],
        ['DELETE /api/collections/{id}/policies/{policyId}', { method: 'DELETE' }],
      ];
      const paths: Record<string, string> = {
        'DELETE /api/collections/{id}': `/api/collections/${id}`,
        'POST /api/collections/add-policy': '/api/collections/add-policy',
        'DELETE /api/collections/{id}/policies/{policyId}': `/api/collections/${id}/policies/${policy!.id}`,
      };
      for (const [call, init] of calls) {
        const response = await ctx.request(paths[call]!, { ...init, cookie: intruder.cookie });
        expect(response.status, call).toBe(404);
        expect((await response.json()).error.message, call).toBe('Collection not found');
      }
      // Read: the list holds only the caller's own collections. Rename: no call renames a collection.
      expect(await (await ctx.request('/api/collections', { cookie: intruder.cookie })).json()).toEqual([]);
      // The same name is free for another user: names are unique per user only.
      expect((await ctx.request('/api/collections', { cookie: intruder.cookie, json: { name: 'Secret plans' } })).status).toBe(201);

      const [collection] = await ctx.db.select().from(collections).where(eq(collections.id, id));
      expect(collection).toMatchObject({ name: 'Secret plans', userId: owner.user.id });
      const entries = await ctx.db.select().from(policyCollections).where(eq(policyCollections.collectionId, id));
      expect(entries.map((entry) => entry.policyId)).toEqual([policy!.id]);
    });
  });

  describe('roles', () => {
    it('PATCH /api/user with a role field does not change the role', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      for (const role of ['admin', 'super_admin', 'editor']) {
        const response = await ctx.request('/api/user', { method: 'PATCH', cookie, json: { name: 'Sneaky', role } });
        expect(response.status).toBe(403);
      }
      expect(await userRole(ctx, user.id)).toBe('user');
      const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
      expect(row!.name).not.toBe('Sneaky');
    });

    it('super_admin cannot be assigned, not even by a super_admin', async () => {
      const superAdmin = await createTestUser(ctx, { role: 'super_admin' });
      const target = await createTestUser(ctx);
      await expect(
        ctx.db.transaction((tx) =>
          assignRole(tx, { actor: { id: superAdmin.id, role: 'super_admin' }, userId: target.id, role: 'super_admin', ip: null, at: new Date() }),
        ),
      ).rejects.toMatchObject({ status: 400 });
      expect(await userRole(ctx, target.id)).toBe('user');
    });

    it('admin calls as user and as editor → 403; as admin and super_admin → 200', async () => {
      for (const [role, status] of [
        ['user', 403],
        ['editor', 403],
        ['admin', 200],
        ['super_admin', 200],
      ] as const) {
        const { cookie } = await createSignedInUser(ctx, { role });
        expect((await ctx.request('/api/admin/stats', { cookie })).status, role).toBe(status);
      }
    });

    it('signed out → 401 on every call that needs a user', async () => {
      for (const [method, path] of [
        ['GET', '/api/user'],
        ['PATCH', '/api/user'],
        ['POST', '/api/user/change-password'],
        ['DELETE', '/api/user/account'],
        ['GET', '/api/user/notifications'],
        ['POST', '/api/user/notifications'],
        ['GET', '/api/collections'],
        ['POST', '/api/collections'],
        ['DELETE', '/api/collections/1'],
        ['POST', '/api/collections/add-policy'],
        ['DELETE', '/api/collections/1/policies/1'],
        ['GET', '/api/admin/stats'],
      ] as const) {
        const response = await ctx.request(path, { method, ...(method === 'GET' ? {} : { json: {} }) });
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    });
  });
});
