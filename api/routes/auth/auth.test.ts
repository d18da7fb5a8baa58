import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../../db/schema/index.ts';
import { createTestUser, sessionCookieFrom, signInAs, testPassword } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

const registration = {
  username: 'ada',
  email: 'Ada@Example.com',
  password: 'Analytical-Engine-1843',
  name: 'Ada Lovelace',
  company: 'Difference Ltd',
};

describe('/api/auth', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  describe('POST /api/auth/register', () => {
    it('creates the user with the "user" role, answers 201 { user } and signs them in', async () => {
      const response = await ctx.request('/api/auth/register', { json: registration });
      expect(response.status).toBe(201);
      const { user } = await response.json();
      expect(user).toMatchObject({
        username: 'ada',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        company: 'Difference Ltd',
        jobTitle: null,
        role: 'user',
      });
      const cookie = sessionCookieFrom(ctx, response);
      expect(cookie).not.toBeNull();
      const me = await ctx.request('/api/user', { cookie: cookie! });
      expect(me.status).toBe(200);
      expect((await me.json()).id).toBe(user.id);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('records the new account in the audit log', async () => {
      const response = await ctx.request('/api/auth/register', { json: { ...registration, username: 'audited', email: 'audited@example.com' } });
      const { user } = await response.json();
      const rows = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user_registered'), eq(auditLog.subject, `user:${user.id}`)));
      expect(rows).toMatchObject([{ actorId: user.id, details: { via: 'register' } }]);
    });

    it('lets the email be the username (the landing signup has no username field)', async () => {
      const response = await ctx.request('/api/auth/register', {
        json: { ...registration, username: 'Grace@Navy.mil', email: 'grace@navy.mil', company: '' },
      });
      expect(response.status).toBe(201);
      expect((await response.json()).user).toMatchObject({ username: 'grace@navy.mil', company: null });
    });

    it.each([
      ['email, any case', { username: 'someone-else', email: 'ADA@example.com' }, 'An account with this email already exists'],
      ['username, any case', { username: 'ADA', email: 'other@example.com' }, 'This username is already taken'],
    ])('answers 409 for a taken %s', async (_, clash, message) => {
      const response = await ctx.request('/api/auth/register', { json: { ...registration, ...clash } });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: { code: 'conflict', message } });
    });

    it.each([
      ['Short-1a!', 'Password must be at least 12 characters'],
      ['lowercase-only-1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE-ONLY-1!', 'Password must contain at least one lowercase letter'],
      ['No-Numbers-Here!', 'Password must contain at least one number'],
      ['NoSpecials12345', 'Password must contain at least one special character'],
    ])('refuses the password %s with the spec message', async (password, message) => {
      const response = await ctx.request('/api/auth/register', { json: { ...registration, email: 'x@example.com', username: 'x-user', password } });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(`password: ${message}`);
    });

    it('refuses an email-like username that is not the account email', async () => {
      const response = await ctx.request('/api/auth/register', {
        json: { ...registration, username: 'victim@example.com', email: 'attacker@example.com' },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('username: A username with @ must be your email address');
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in by username or email, trimmed and case-insensitive, answering { user } and a new cookie', async () => {
      const user = await createTestUser(ctx, { email: 'lin@example.com', username: 'Lin_Hui' });
      for (const username of ['lin_hui', '  LIN@example.COM  ']) {
        const response = await ctx.request('/api/auth/login', { json: { username, password: testPassword } });
        expect(response.status).toBe(200);
        expect((await response.json()).user).toMatchObject({ id: user.id, username: 'Lin_Hui', role: 'user' });
        expect(sessionCookieFrom(ctx, response)).not.toBeNull();
      }
      const logins = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'login'), eq(auditLog.actorId, user.id)));
      expect(logins).toHaveLength(2);
    });

    it('answers 401 with a message for a wrong password and records the failure', async () => {
      const user = await createTestUser(ctx);
      const response = await ctx.request('/api/auth/login', { json: { username: user.email, password: 'Wrong-Password-1!' } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: 'Invalid username or password' } });
      expect(sessionCookieFrom(ctx, response)).toBeNull();
      const failures = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'login_failed'), eq(auditLog.subject, `user:${user.id}`)));
      expect(failures).toHaveLength(1);
    });

    it.each([
      [{ password: testPassword }, 'username: Username is required'],
      [{ username: '   ', password: testPassword }, 'username: Username is required'],
      [{ username: 'someone' }, 'password: Password is required'],
    ])('answers 400 naming the missing field (%j)', async (json, message) => {
      const response = await ctx.request('/api/auth/login', { json });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the user\'s sessions, clears the cookie, answers 204 and records it', async () => {
      const user = await createTestUser(ctx);
      const cookie = await signInAs(ctx, user.id);
      const otherDevice = await signInAs(ctx, user.id);
      const response = await ctx.request('/api/auth/logout', { method: 'POST', cookie });
      expect(response.status).toBe(204);
      expect(response.headers.getSetCookie().join()).toMatch(/^session=; Max-Age=0/);
      expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect((await ctx.request('/api/user', { cookie: otherDevice })).status).toBe(401);
      const [logout] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'logout'), eq(auditLog.actorId, user.id)));
      expect(logout).toBeDefined();
    });

    it('answers 204 when already signed out', async () => {
      expect((await ctx.request('/api/auth/logout', { method: 'POST' })).status).toBe(204);
    });
  });
});
