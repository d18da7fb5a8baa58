import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { testPassword } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { registrationGlobal as global, registrationSubject, registrationWindowMs } from './attempt-limits.ts';

const perIp = { limit: 10, windowMs: registrationWindowMs };

describe('new accounts are rate limited per IP and overall (each costs an Argon2 hash)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    expect(ctx.config.REGISTRATIONS_PER_IP_PER_HOUR).toBe(perIp.limit);
  });
  afterAll(() => ctx.close());

  let sequence = 0;
  const from = (remoteAddress: string, path: string, body: unknown) =>
    ctx.app.request(
      path,
      { method: 'POST', headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      { incoming: { socket: { remoteAddress } } },
    );
  const register = (ip: string) => {
    const name = `limited-${++sequence}`;
    return from(ip, '/api/auth/register', { username: name, email: `${name}@example.com`, password: testPassword, name: 'Limited' });
  };
  const signup = (ip: string) =>
    from(ip, '/api/create-signup-checkout', {
      priceId: 'pro',
      metadata: { firstName: 'Ada', lastName: 'Lovelace', email: `signup-${++sequence}@example.com`, password: testPassword },
    });

  it(`${perIp.limit} accounts an hour from one address, registration and signup checkout together; then 429 with Retry-After`, async () => {
    const ip = '203.0.113.60';
    for (let index = 0; index < perIp.limit; index++) {
      expect((await (index % 2 ? register(ip) : signup(ip))).status, `attempt ${index + 1}`).toBeLessThan(300);
    }
    for (const refused of [await register(ip), await signup(ip)]) {
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(perIp.windowMs / 1000);
    }
    expect((await register('203.0.113.61')).status).toBe(201);
  });

  it('twenty registrations at once from one address create no more than the limit', async () => {
    const ip = '203.0.113.62';
    const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await register(ip)).status));
    expect(statuses.filter((status) => status === 201).length).toBe(perIp.limit);
    expect(statuses.filter((status) => status === 429).length).toBe(20 - perIp.limit);
  });

  it(`${global.limit} accounts in ${global.windowMs / 60_000} minutes from all addresses together, then 429 for everyone`, async () => {
    const before = await ctx.db.select({ id: users.id }).from(users).where(like(users.email, 'limited-%'));
    await ctx.db.insert(auditLog).values(
      Array.from({ length: global.limit }, (_, index) => ({
        action: 'registration_attempt',
        subject: registrationSubject,
        ip: `198.18.1.${index}`,
        createdAt: new Date(Date.now() - 60_000),
      })),
    );
    expect((await register('192.0.2.70')).status).toBe(429);
    expect((await signup('192.0.2.71')).status).toBe(429);
    const after = await ctx.db.select({ id: users.id }).from(users).where(like(users.email, 'limited-%'));
    expect(after).toHaveLength(before.length);
    ctx.clock.set(new Date(Date.now() + global.windowMs));
    expect((await register('192.0.2.70')).status).toBe(201);
    ctx.clock.set(null);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'registration_attempt'))).not.toHaveLength(0);
  });
});
