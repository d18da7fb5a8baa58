import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicy } from '../../../../db/testing.ts';
import type { Role } from '../../../../db/schema/index.ts';
import type { ActivityRow } from '../../../shared/activity-schemas.ts';
import { createStory } from '../../../stories/testing.ts';
import { adminRoleMatrix, createTestUser, signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';

/** GET /api/admin/activity: the audit log as the back office's Activity view reads it (issue 30). */

let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let ids: Partial<Record<Role, number>>;
const events: Record<string, number> = {};

beforeAll(async () => {
  // A database of its own: the log holds exactly what this file did.
  ctx = await createTestContext();
  ({ cookies, ids } = await signInEveryRole(ctx));
  // Three back-office actions on three days, through the API, by two admins.
  ctx.clock.set(new Date('2026-03-01T10:00:00Z'));
  const target = await createTestUser(ctx, { email: 'activity-target@example.com' });
  events.user = target.id;
  expect((await ctx.request(`/api/admin/users/${target.id}`, { method: 'PATCH', json: { role: 'editor' }, cookie: cookies.admin })).status).toBe(200);
  ctx.clock.set(new Date('2026-03-02T23:59:00Z'));
  const policy = await createPolicy(ctx.db, { title: 'Activity subject policy' });
  events.policy = policy.id;
  expect((await ctx.request(`/api/admin/policies/${policy.id}`, { method: 'PATCH', json: { impact: 9 }, cookie: cookies.super_admin })).status).toBe(200);
  ctx.clock.set(new Date('2026-03-03T08:00:00Z'));
  const story = await createStory(ctx.db, { title: '国务院关于活动记录的通知', url: 'https://www.gov.cn/activity/1.htm' });
  events.story = story.id;
  expect((await ctx.request(`/api/admin/stories/${story.id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(200);
  ctx.clock.set(null);
});
afterAll(() => ctx.close());

async function activity(query = ''): Promise<{ rows: ActivityRow[]; total: number }> {
  const response = await ctx.request(`/api/admin/activity${query}`, { cookie: cookies.admin });
  expect(response.status).toBe(200);
  return { rows: await response.json(), total: Number(response.headers.get('X-Total-Count')) };
}
/** The back-office rows only (signing in writes `login` rows too). */
const backOffice = (rows: ActivityRow[]) => rows.filter((row) => row.action !== 'login');

describe('role matrix', () => {
  it.each(adminRoleMatrix)('GET /api/admin/activity as %s answers %i', async (who, status) => {
    expect((await ctx.request('/api/admin/activity', { cookie: cookies[who] })).status).toBe(status);
  });
});

describe('GET /api/admin/activity', () => {
  it('lists who did what, when, to which user, policy or story, newest first', async () => {
    const { rows } = await activity();
    expect(backOffice(rows).map((row) => [row.action, row.at, row.actor?.id, row.subject])).toEqual([
      ['story_deleted', '2026-03-03T08:00:00.000Z', ids.admin, { kind: 'story', id: events.story, label: null }],
      ['policy_updated', '2026-03-02T23:59:00.000Z', ids.super_admin, { kind: 'policy', id: events.policy, label: 'Activity subject policy' }],
      ['role_changed', '2026-03-01T10:00:00.000Z', ids.admin, { kind: 'user', id: events.user, label: 'activity-target@example.com' }],
    ]);
    const roleChange = rows.find((row) => row.action === 'role_changed')!;
    expect(roleChange.actor).toEqual({ id: ids.admin, name: 'The admin', email: expect.stringContaining('@') });
    expect(roleChange.details).toMatchObject({ from: 'user', to: 'editor' });
  });

  it('filters by action, by a part of the actor’s name or email, and by days (both included)', async () => {
    expect((await activity('?action=policy_updated')).rows.map((row) => row.subject?.id)).toEqual([events.policy]);
    expect(backOffice((await activity('?actor=SUPER_ad')).rows).map((row) => row.action)).toEqual(['policy_updated']);
    expect((await activity('?from=2026-03-02&to=2026-03-02')).rows.map((row) => row.action)).toEqual(['policy_updated']);
    expect((await activity('?from=2026-03-02&to=2026-03-03')).rows.map((row) => row.action)).toEqual(['story_deleted', 'policy_updated']);
    expect((await activity('?actor=The%20admin&to=2026-03-01')).rows.map((row) => row.action)).toEqual(['role_changed']);
  });

  it('pages by the admin page size, with the total in X-Total-Count', async () => {
    const all = await activity();
    const second = await activity('?pageSize=1&page=2');
    expect(second.total).toBe(all.total);
    expect(second.rows.map((row) => row.id)).toEqual([all.rows[1]!.id]);
  });

  it.each([['?pageSize=101'], ['?page=0'], ['?from=2026-02-30'], ['?from=2026-03-03&to=2026-03-01'], ['?action=DROP%20TABLE'], ['?actor=' + 'x'.repeat(201)]])(
    'refuses %s with 400',
    async (query) => {
      const response = await ctx.request(`/api/admin/activity${query}`, { cookie: cookies.admin });
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBeTruthy();
    },
  );
});
