import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, collections, notificationPreferences, sessions, subscriptions, users, type Role } from '../../../../db/schema/index.ts';
import { adminRoleMatrix, createSignedInUser, createTestUser, signInEveryRole, userRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import type { AdminUserRow } from '../../../shared/admin-schemas.ts';


let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let ids: Partial<Record<Role, number>>;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookies, ids } = await signInEveryRole(ctx));
});
afterAll(() => ctx.close());

const setRole = (id: number, role: unknown, who: Caller = 'admin') => ctx.request(`/api/admin/users/${id}`, { method: 'PATCH', json: { role }, cookie: cookies[who] });
const remove = (id: number, who: Caller = 'admin') => ctx.request(`/api/admin/users/${id}`, { method: 'DELETE', cookie: cookies[who] });
const exists = async (id: number) => (await ctx.db.$count(users, eq(users.id, id))) === 1;

describe('role matrix', () => {
  it.each(adminRoleMatrix)('GET /api/admin/users as %s answers %i', async (who, status) => {
    expect((await ctx.request('/api/admin/users', { cookie: cookies[who] })).status).toBe(status);
  });

  it.each(adminRoleMatrix)('PATCH /api/admin/users/{id} as %s answers %i, and changes the role only when allowed', async (who, status) => {
    const target = await createTestUser(ctx);
    expect((await setRole(target.id, 'editor', who)).status).toBe(status);
    expect(await userRole(ctx, target.id)).toBe(status === 200 ? 'editor' : 'user');
  });

  it.each(adminRoleMatrix)('DELETE /api/admin/users/{id} as %s answers %i, and deletes only when allowed', async (who, status) => {
    const target = await createTestUser(ctx);
    expect((await remove(target.id, who)).status).toBe(status);
    expect(await exists(target.id)).toBe(status !== 200);
  });
});

describe('GET /api/admin/users', () => {
  it('lists accounts newest first with the fields the table and the details dialog show', async () => {
    const newest = await createTestUser(ctx, { name: 'Grace Hopper', email: 'grace@navy.example' });
    await ctx.db.update(users).set({ company: 'US Navy', createdAt: new Date('2099-01-05T15:04:00Z') }).where(eq(users.id, newest.id));
    const response = await ctx.request('/api/admin/users?pageSize=2', { cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(5);
    const rows: AdminUserRow[] = await response.json();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      id: newest.id,
      name: 'Grace Hopper',
      username: 'grace@navy.example',
      email: 'grace@navy.example',
      role: 'user',
      company: 'US Navy',
      created_at: '2099-01-05T15:04:00.000Z',
    });
    // No password hash, no payment ids.
    expect(Object.keys(rows[1]!).sort()).toEqual(['company', 'created_at', 'email', 'id', 'name', 'role', 'username']);
  });

  it('finds by a part of the name or email', async () => {
    const rows: AdminUserRow[] = await (await ctx.request('/api/admin/users?search=NAVY.ex', { cookie: cookies.admin })).json();
    expect(rows.map((row) => row.name)).toEqual(['Grace Hopper']);
  });

  it.each([['?pageSize=101'], ['?page=0'], ['?search=' + 'x'.repeat(201)]])('refuses %.30s with 400', async (query) => {
    expect((await ctx.request(`/api/admin/users${query}`, { cookie: cookies.admin })).status).toBe(400);
  });
});

describe('PATCH /api/admin/users/{id}: the role rules', () => {
  it('changes a role at once and writes who, before and after to the audit log', async () => {
    const target = await createTestUser(ctx);
    const response = await setRole(target.id, 'admin');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: target.id, role: 'admin', previousRole: 'user', message: 'User role updated' });
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'role_changed'), eq(auditLog.subject, `user:${target.id}`)));
    expect(audit).toMatchObject({ actorId: ids.admin, details: { from: 'user', to: 'admin', via: 'admin' } });
  });

  it.each([['super_admin'], ['owner'], [''], [null]])('refuses the role %j with 400: Super Admin is never assignable', async (role) => {
    const target = await createTestUser(ctx);
    const response = await setRole(target.id, role);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('role');
    expect(await userRole(ctx, target.id)).toBe('user');
  });

  it("refuses an admin's change of their own role", async () => {
    const response = await setRole(ids.admin!, 'user');
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe('You cannot change your own role');
    expect(await userRole(ctx, ids.admin!)).toBe('admin');
  });

  it("lets only a super_admin change a super_admin's role", async () => {
    const other = await createTestUser(ctx, { role: 'super_admin' });
    const byAdmin = await setRole(other.id, 'admin');
    expect(byAdmin.status).toBe(403);
    expect((await byAdmin.json()).error.message).toBe("Only a super admin can change a super admin's role");
    expect(await userRole(ctx, other.id)).toBe('super_admin');
    expect((await setRole(other.id, 'admin', 'super_admin')).status).toBe(200);
    expect(await userRole(ctx, other.id)).toBe('admin');
  });

  it('answers 404 for an account that does not exist, 400 for an id that is not one', async () => {
    expect((await setRole(999999, 'editor')).status).toBe(404);
    expect((await ctx.request('/api/admin/users/me', { method: 'PATCH', json: { role: 'user' }, cookie: cookies.admin })).status).toBe(400);
  });
});

describe('the last admin', () => {
  it('can be neither demoted nor deleted, even by a super_admin who is leaving', async () => {
    // A world of its own: one admin and one super_admin.
    const own = await createTestContext();
    try {
      const admin = await createSignedInUser(own, { role: 'admin' });
      const superAdmin = await createSignedInUser(own, { role: 'super_admin' });
      // The super_admin demotes the admin: allowed, the super_admin still holds admin rights.
      expect((await own.request(`/api/admin/users/${admin.user.id}`, { method: 'PATCH', json: { role: 'user' }, cookie: superAdmin.cookie })).status).toBe(200);
      // Now the super_admin is the last one: another super_admin would be needed to change them.
      const second = await createSignedInUser(own, { role: 'admin' });
      const demote = await own.request(`/api/admin/users/${superAdmin.user.id}`, { method: 'PATCH', json: { role: 'user' }, cookie: second.cookie });
      expect(demote.status).toBe(403);
      // The super_admin may delete the other admin, but never demote themselves: they stay the last admin.
      expect((await own.request(`/api/admin/users/${second.user.id}`, { method: 'DELETE', cookie: superAdmin.cookie })).status).toBe(200);
      const lastDemote = await own.request(`/api/admin/users/${superAdmin.user.id}`, { method: 'PATCH', json: { role: 'user' }, cookie: superAdmin.cookie });
      expect(lastDemote.status).toBe(403);
    } finally {
      await own.close();
    }
  });

  it('survives two admins demoting each other at once: one wins, one admin remains', async () => {
    const own = await createTestContext();
    try {
      const first = await createSignedInUser(own, { role: 'admin' });
      const second = await createSignedInUser(own, { role: 'admin' });
      const [a, b] = await Promise.all([
        own.request(`/api/admin/users/${second.user.id}`, { method: 'PATCH', json: { role: 'user' }, cookie: first.cookie }),
        own.request(`/api/admin/users/${first.user.id}`, { method: 'PATCH', json: { role: 'user' }, cookie: second.cookie }),
      ]);
      const statuses = [a.status, b.status].sort();
      // One wins; the other, serialised behind it, is no longer an admin.
      expect(statuses).toEqual([200, 403]);
      const roles = [await userRole(own, first.user.id), await userRole(own, second.user.id)];
      expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('refuses an admin whose own rights were taken while their session lasted', async () => {
    const own = await createTestContext();
    try {
      const demoted = await createSignedInUser(own, { role: 'admin' });
      const target = await createTestUser(own);
      await own.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.user.id));
      // The session was loaded with the old role; the rule reads the role under lock.
      const response = await own.request(`/api/admin/users/${target.id}`, { method: 'PATCH', json: { role: 'admin' }, cookie: demoted.cookie });
      expect(response.status).toBe(403);
      expect(await userRole(own, target.id)).toBe('user');
    } finally {
      await own.close();
    }
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it("goes the account-deletion path: sessions, collections, preferences and subscription go; the renewal is cancelled; an audit row stays", async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await ctx.db.insert(collections).values({ userId: user.id, name: 'Reading list' });
    await ctx.db.insert(notificationPreferences).values({ userId: user.id, frequency: 'daily' });
    await ctx.db.insert(subscriptions).values({
      userId: user.id,
      provider: 'local',
      providerSubscriptionId: `sub_${user.id}`,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    const response = await remove(user.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: user.id, message: 'User deleted' });
    expect(await exists(user.id)).toBe(false);
    expect(await ctx.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    expect(await ctx.db.$count(collections, eq(collections.userId, user.id))).toBe(0);
    expect(await ctx.db.$count(subscriptions, eq(subscriptions.userId, user.id))).toBe(0);
    expect((await ctx.request('/api/user', { cookie })).status).toBe(401);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user_deleted'), eq(auditLog.subject, `user:${user.id}`)));
    expect(audit).toMatchObject({ actorId: ids.admin, details: { subscription: { provider: 'local', status: 'active' } } });
  });

  it('refuses deleting oneself or a super_admin (as an admin), leaving the subscription renewing', async () => {
    const self = await remove(ids.admin!);
    expect(self.status).toBe(403);
    expect((await self.json()).error.message).toBe('You cannot delete your own account here');

    const boss = await createTestUser(ctx, { role: 'super_admin' });
    await ctx.db.insert(subscriptions).values({
      userId: boss.id,
      provider: 'local',
      providerSubscriptionId: `sub_${boss.id}`,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    const response = await remove(boss.id);
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe('Only a super admin can delete a super admin');
    expect(await exists(boss.id)).toBe(true);
    const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, boss.id));
    expect(subscription!.cancelAtPeriodEnd).toBe(false);
  });

  it('answers 404 for an account that does not exist', async () => {
    const response = await remove(999999);
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe('User not found');
  });
});
