import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema/index.ts';
import { demoPassword, loadDemoUsers } from './demo-users.ts';
import { passwordRules } from '../shared/password-rules.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

describe('loadDemoUsers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('creates the four demo logins once, the subscriber with a 7-day local trial', async () => {
    const createdAt = new Date('2026-01-10T09:00:00Z');
    await loadDemoUsers(ctx.db, createdAt);
    await loadDemoUsers(ctx.db);
    const rows = await ctx.db.select({ email: users.email, role: users.role }).from(users).orderBy(users.id);
    expect(rows).toEqual([
      { email: 'admin@example.com', role: 'admin' },
      { email: 'editor@example.com', role: 'editor' },
      { email: 'subscriber@example.com', role: 'user' },
      { email: 'reader@example.com', role: 'user' },
    ]);
    const [trial, ...others] = await ctx.db
      .select({ email: users.email, subscription: subscriptions })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId));
    expect(others).toEqual([]);
    expect(trial).toMatchObject({
      email: 'subscriber@example.com',
      subscription: { provider: 'local', providerSubscriptionId: 'local_demo_subscriber', status: 'trialing', trialEnd: new Date('2026-01-17T09:00:00Z') },
    });
  });

  it('uses a password that meets the rules and signs in', async () => {
    expect(passwordRules.every((rule) => rule.test(demoPassword))).toBe(true);
    const response = await ctx.request('/api/auth/login', { json: { username: 'admin@example.com', password: demoPassword } });
    expect((await response.json()).user.role).toBe('admin');
  });
});
