import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, testPassword } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { registrationWindowMs } from './attempt-limits.ts';
import { duplicateEmailMessage, duplicateUsernameMessage } from './users.ts';

/**
 * Decision 008: registration says whether an email or a username is taken, and the per-address
 * registration limit is what bounds that. So a probe answered 409 counts like an account made.
 */
describe('registration enumeration is bounded by the per-address limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const from = (remoteAddress: string, path: string, body: unknown) =>
    ctx.app.request(
      path,
      { method: 'POST', headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      { incoming: { socket: { remoteAddress } } },
    );
  const register = (ip: string, username: string, email: string) =>
    from(ip, '/api/auth/register', { username, email, password: testPassword, name: 'Prober' });

  it(`an address gets at most REGISTRATIONS_PER_IP_PER_HOUR answers about taken names an hour, then 429 that says nothing of them`, async () => {
    const limit = ctx.config.REGISTRATIONS_PER_IP_PER_HOUR;
    const existing = await createTestUser(ctx, { username: 'probed-handle', email: 'probed@example.com' });
    const ip = '203.0.113.80';

    for (let probe = 0; probe < limit; probe++) {
      const byEmail = probe % 2 === 0;
      const answer = await (byEmail ? register(ip, `prober-${probe}`, existing.email) : register(ip, 'probed-handle', `prober-${probe}@example.com`));
      expect(answer.status, `probe ${probe + 1}`).toBe(409);
      expect((await answer.json()).error.message).toBe(byEmail ? duplicateEmailMessage : duplicateUsernameMessage);
    }

    const refusals = [
      await register(ip, 'prober-next', existing.email),
      await register(ip, 'probed-handle', 'prober-next@example.com'),
      await register(ip, 'prober-free', 'prober-free@example.com'),
      await from(ip, '/api/create-signup-checkout', {
        priceId: 'pro',
        metadata: { firstName: 'Pro', lastName: 'Ber', email: existing.email, password: testPassword },
      }),
    ];
    const bodies: string[] = [];
    for (const refused of refusals) {
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(registrationWindowMs / 1000);
      bodies.push((await refused.json()).error.message);
    }
    // A taken name and a free one get the same refusal: nothing more is learnt this hour.
    expect(new Set(bodies.slice(0, 3)).size).toBe(1);

    expect((await register('203.0.113.81', 'prober-elsewhere', 'prober-elsewhere@example.com')).status).toBe(201);
  });
});
