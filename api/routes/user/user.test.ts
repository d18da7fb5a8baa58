import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertSettings,
  auditLog,
  collections,
  notificationPreferences,
  sessions,
  subscriptions,
  users,
} from '../../../db/schema/index.ts';
import { createApp } from '../../app.ts';
import type { PaymentProvider } from '../../billing/provider.ts';
import { unsubscribe } from '../../alerts/unsubscribe.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import { createSignedInUser, sessionCookieFrom, signInAs, testPassword } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

describe('/api/user', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  describe('GET /api/user', () => {
    it('answers the signed-in user (access role as role, job title apart), not cacheable', async () => {
      const { user, cookie } = await createSignedInUser(ctx, { role: 'editor' });
      const response = await ctx.request('/api/user', { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await response.json()).toEqual({
        id: user.id,
        username: user.username,
        email: user.email,
        name: user.name,
        company: null,
        jobTitle: null,
        role: 'editor',
        createdAt: user.createdAt.toISOString(),
      });
    });

    it('answers 401 when signed out', async () => {
      const response = await ctx.request('/api/user');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
    });
  });

  describe('PATCH /api/user', () => {
    it('updates name, username, company and job title, and answers the updated user', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      const response = await ctx.request('/api/user', {
        method: 'PATCH',
        cookie,
        json: { name: ' Wu Mei ', username: 'wu.mei', company: 'Acme', jobTitle: 'Analyst', email: user.email, role: 'user' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ name: 'Wu Mei', username: 'wu.mei', company: 'Acme', jobTitle: 'Analyst', role: 'user' });
      const cleared = await ctx.request('/api/user', { method: 'PATCH', cookie, json: { company: '' } });
      expect(await cleared.json()).toMatchObject({ company: null, jobTitle: 'Analyst' });
    });

    it('answers 400 for a changed email (read-only)', async () => {
      const { cookie } = await createSignedInUser(ctx);
      const response = await ctx.request('/api/user', { method: 'PATCH', cookie, json: { email: 'new@example.com' } });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('email: Email cannot be changed');
    });

    it('answers 409 for a username another account has', async () => {
      const { user: other } = await createSignedInUser(ctx, { username: 'taken-name' });
      const { cookie } = await createSignedInUser(ctx);
      const response = await ctx.request('/api/user', { method: 'PATCH', cookie, json: { username: 'TAKEN-NAME' } });
      expect(response.status).toBe(409);
      expect((await response.json()).error.message).toBe('This username is already taken');
      expect(other.username).toBe('taken-name');
    });
  });

  describe('POST /api/user/change-password', () => {
    const newPassword = 'Brand-New-Passphrase-7';

    it('replaces the password, keeps this session, ends the others, and records it', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      const otherDevice = await signInAs(ctx, user.id);
      const response = await ctx.request('/api/user/change-password', { cookie, json: { currentPassword: testPassword, newPassword } });
      expect(response.status).toBe(200);
      expect((await ctx.request('/api/user', { cookie })).status).toBe(200);
      expect((await ctx.request('/api/user', { cookie: otherDevice })).status).toBe(401);
      const login = await ctx.request('/api/auth/login', { json: { username: user.email, password: newPassword } });
      expect(login.status).toBe(200);
      const [row] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'password_changed'), eq(auditLog.actorId, user.id)));
      expect(row!.details).toEqual({ sessionsEnded: 1 });
    });

    it('answers 400 "Current password is incorrect" and leaves the password alone', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      const response = await ctx.request('/api/user/change-password', { cookie, json: { currentPassword: 'Not-The-Password-1', newPassword } });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('Current password is incorrect');
      const login = await ctx.request('/api/auth/login', { json: { username: user.email, password: testPassword } });
      expect(login.status).toBe(200);
    });

    it.each([
      [{ newPassword }, 'currentPassword: Current password is required'],
      [{ currentPassword: testPassword }, 'newPassword: New password is required'],
      [{ currentPassword: testPassword, newPassword: 'alllowercase-123' }, 'newPassword: Password must contain at least one uppercase letter'],
    ])('answers 400 with the spec message (%j)', async (json, message) => {
      const { cookie } = await createSignedInUser(ctx);
      const response = await ctx.request('/api/user/change-password', { cookie, json });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    });
  });

  describe('DELETE /api/user/account', () => {
    /** The provider the billing engineer owns, replaced by a recorder. */
    function appWithPayments(cancel: (userId: number) => Promise<void>) {
      const payments = {
        cancelSubscriptionAtPeriodEnd: async (userId: number) => {
          await cancel(userId);
          return { undo: async () => {} };
        },
      } as unknown as PaymentProvider;
      const app = createApp({ ...ctx.deps, payments });
      return (cookie: string, json: unknown) =>
        app.request('/api/user/account', {
          method: 'DELETE',
          headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json', Cookie: cookie },
          body: JSON.stringify(json),
        });
    }

    async function giveUserEverything(userId: number) {
      const [collection] = await ctx.db.insert(collections).values({ userId, name: 'Saved' }).returning();
      await ctx.db.insert(notificationPreferences).values({ userId, frequency: 'daily' });
      await ctx.db.insert(subscriptions).values({
        userId,
        provider: 'stripe',
        providerSubscriptionId: `sub_${userId}`,
        status: 'active',
      });
      return collection!;
    }

    it('cancels the subscription at period end, then removes the user, sessions, collections and preferences', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      await giveUserEverything(user.id);
      const cancelled: number[] = [];
      const deleteAccount = appWithPayments(async (userId) => {
        cancelled.push(userId);
      });
      const response = await deleteAccount(cookie, { reason: 'Moving on' });
      expect(response.status).toBe(204);
      expect(cancelled).toEqual([user.id]);
      expect(sessionCookieFrom(ctx, response)).toBeNull();
      for (const table of [sessions, collections, notificationPreferences, subscriptions] as const) {
        expect(await ctx.db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
      }
      expect(await ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
      const [row] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'account_deleted'), eq(auditLog.subject, `user:${user.id}`)));
      expect(row!.details).toMatchObject({ reason: 'Moving on', subscription: { provider: 'stripe', id: `sub_${user.id}` } });
      expect((await ctx.request('/api/user', { cookie })).status).toBe(401);
    });

    it('keeps everything when the payment provider cannot cancel (503)', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      await giveUserEverything(user.id);
      const deleteAccount = appWithPayments(async () => {
        throw serviceUnavailable('Could not reach the payment provider');
      });
      const response = await deleteAccount(cookie, { reason: 'Moving on' });
      expect(response.status).toBe(503);
      expect(await ctx.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
      expect(await ctx.db.select().from(collections).where(eq(collections.userId, user.id))).toHaveLength(1);
      expect((await ctx.request('/api/user', { cookie })).status).toBe(200);
    });

    it('when the deletion itself fails, the account stays and so does its renewal (nothing half-written)', async () => {
      // The real local provider: sign up, pay, a trialing subscription that renews.
      const signup = await ctx.request('/api/create-signup-checkout', {
        json: { priceId: 'pro', metadata: { firstName: 'Ada', lastName: 'Lovelace', email: 'half-deleted@example.com', password: testPassword } },
      });
      const cookie = sessionCookieFrom(ctx, signup)!;
      const { checkoutUrl, user } = (await signup.json()) as { checkoutUrl: string; user: { id: number } };
      expect((await ctx.request(`${new URL(checkoutUrl).pathname}/pay`, { json: {}, cookie })).status).toBe(200);

      // A real failure inside the delete transaction, after the provider was asked to cancel.
      await ctx.sql.unsafe(`
        create function refuse_user_delete() returns trigger language plpgsql as $$
        begin raise exception 'deletion refused for the test'; end $$;
        create trigger refuse_user_delete before delete on users
          for each row when (old.id = ${user.id}) execute function refuse_user_delete();`);
      try {
        const response = await ctx.request('/api/user/account', { method: 'DELETE', cookie, json: { reason: 'Moving on' } });
        expect(response.status).toBe(500);
      } finally {
        await ctx.sql.unsafe('drop trigger refuse_user_delete on users; drop function refuse_user_delete();');
      }
      expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toEqual([{ id: user.id }]);
      const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
      expect(subscription).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false });
      expect(await (await ctx.request('/api/subscription', { cookie })).json()).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false });
    });

    it('answers 400 without a reason', async () => {
      const { cookie } = await createSignedInUser(ctx);
      for (const json of [{}, { reason: '   ' }]) {
        const response = await ctx.request('/api/user/account', { method: 'DELETE', cookie, json });
        expect(response.status).toBe(400);
        expect((await response.json()).error.message).toBe('reason: A reason is required');
      }
    });
  });

  describe('/api/user/notifications', () => {
    it('answers defaults, then saves and replaces the preferences', async () => {
      const { cookie } = await createSignedInUser(ctx);
      expect(await (await ctx.request('/api/user/notifications', { cookie })).json()).toEqual({
        email: null,
        phone: null,
        frequency: 'hourly',
        departments: [],
        industries: [],
        paused: false,
      });
      const preferences = { email: 'Alerts@Example.com', phone: '+86 10 1234 5678', frequency: 'weekly', departments: [1, 14, 1], industries: [2] };
      const saved = await ctx.request('/api/user/notifications', { cookie, json: preferences });
      expect(saved.status).toBe(200);
      const expected = { ...preferences, email: 'alerts@example.com', departments: [1, 14], paused: false };
      expect(await saved.json()).toEqual(expected);
      await ctx.request('/api/user/notifications', { cookie, json: { frequency: 'monthly' } });
      expect(await (await ctx.request('/api/user/notifications', { cookie })).json()).toEqual({
        email: null,
        phone: null,
        frequency: 'monthly',
        departments: [],
        industries: [],
        paused: false,
      });
    });

    it('says the alerts are paused after an unsubscribe link, and saving the preferences again resumes them', async () => {
      const { cookie, user } = await createSignedInUser(ctx);
      await ctx.request('/api/user/notifications', { cookie, json: { frequency: 'daily', departments: [1] } });
      await unsubscribe(ctx.db, { userId: user.id, ruleId: 'preferences' }, new Date());
      expect(await (await ctx.request('/api/user/notifications', { cookie })).json()).toMatchObject({ departments: [1], paused: true });
      const saved = await ctx.request('/api/user/notifications', { cookie, json: { frequency: 'daily', departments: [1] } });
      expect(await saved.json()).toMatchObject({ paused: false });
      const [settings] = await ctx.db.select().from(alertSettings).where(eq(alertSettings.userId, user.id));
      expect(settings!.preferencesUnsubscribed).toBe(false);
    });

    it.each([
      [{ frequency: 'yearly' }, 'frequency: Frequency must be hourly, daily, weekly or monthly'],
      [{ frequency: 'daily', email: 'not-an-email' }, 'email: Invalid email address'],
      [{ frequency: 'daily', phone: 'call me' }, 'phone: Invalid phone number'],
      [{ frequency: 'daily', departments: [999] }, 'departments: no department with id 999'],
      [{ frequency: 'daily', industries: [999] }, 'industries: no industry with id 999'],
    ])('answers 400 for %j', async (json, message) => {
      const { cookie } = await createSignedInUser(ctx);
      const response = await ctx.request('/api/user/notifications', { cookie, json });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    });
  });
});
