import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWithKey, createKeyFor } from '../../public-api/testing.ts';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

const limitHeaders = (response: Response) => ({
  limit: response.headers.get('RateLimit-Limit'),
  remaining: response.headers.get('RateLimit-Remaining'),
  reset: Number(response.headers.get('RateLimit-Reset')),
  policy: response.headers.get('RateLimit-Policy'),
});

/** Limits per key, a minute and a day (settings made small here), with their headers on every answer. */
describe('limits per API key', () => {
  describe('a minute', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ API_REQUESTS_PER_MINUTE: '3', API_REQUESTS_PER_DAY: '100' });
    });
    afterAll(() => ctx.close());

    it('counts each key on its own, says so on every answer, and answers 429 with Retry-After past it', async () => {
      const { cookie } = await createSignedInUser(ctx);
      const first = (await createKeyFor(ctx, cookie, 'First')).key;
      const second = (await createKeyFor(ctx, cookie, 'Second')).key;

      const seen = [];
      for (const path of ['/api/v1/departments', '/api/v1/industries', '/api/v1/policies/999999']) {
        const response = await callWithKey(ctx, path, first);
        seen.push({ status: response.status, ...limitHeaders(response) });
      }
      // The 404 is counted and carries the headers too.
      expect(seen.map(({ status, limit, remaining, policy }) => ({ status, limit, remaining, policy }))).toEqual([
        { status: 200, limit: '3', remaining: '2', policy: '3;w=60, 100;w=86400' },
        { status: 200, limit: '3', remaining: '1', policy: '3;w=60, 100;w=86400' },
        { status: 404, limit: '3', remaining: '0', policy: '3;w=60, 100;w=86400' },
      ]);
      for (const { reset } of seen) {
        expect(reset).toBeGreaterThanOrEqual(1);
        expect(reset).toBeLessThanOrEqual(60);
      }

      const refused = await callWithKey(ctx, '/api/v1/departments', first);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limitHeaders(refused)).toMatchObject({ limit: '3', remaining: '0', reset: retryAfter });
      expect(await refused.json()).toEqual({
        error: { code: 'rate_limited', message: `Rate limit reached (3 a minute for this API key); retry in ${retryAfter} s` },
      });

      // A minute after the window opened, a new one opens.
      ctx.clock.set(new Date(Date.now() + 61_000));
      const later = await callWithKey(ctx, '/api/v1/departments', first);
      expect(later.status).toBe(200);
      expect(limitHeaders(later)).toMatchObject({ remaining: '2', reset: 60 });
      ctx.clock.set(null);

      // Another key of the same user has its own count.
      const other = await callWithKey(ctx, '/api/v1/departments', second);
      expect(other.status).toBe(200);
      expect(limitHeaders(other).remaining).toBe('2');
    });
  });

  describe('a day', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ API_REQUESTS_PER_MINUTE: '50', API_REQUESTS_PER_DAY: '2' });
    });
    afterAll(() => ctx.close());

    it('answers 429 past the day, with the day window in the headers', async () => {
      const { cookie } = await createSignedInUser(ctx);
      const { key } = await createKeyFor(ctx, cookie);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await callWithKey(ctx, '/api/v1/topics', key));
      expect(answers.map((response) => response.status)).toEqual([200, 200, 429]);
      expect(limitHeaders(answers[0]!)).toMatchObject({ limit: '2', remaining: '1' });
      const refused = answers[2]!;
      const retryAfter = Number(refused.headers.get('Retry-After'));
      // The day's window opened with the first request: a retry waits for most of a day, not a minute.
      expect(retryAfter).toBeGreaterThan(86_400 - 600);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      expect((await refused.json()).error.message).toBe(`Rate limit reached (2 a day for this API key); retry in ${retryAfter} s`);
    });

    it('keeps the counts on the key in Postgres, and opens a new day once the last one closed', async () => {
      const { cookie } = await createSignedInUser(ctx);
      const { id, key } = await createKeyFor(ctx, cookie);
      ctx.clock.set(new Date('2026-04-01T10:00:00Z'));
      await callWithKey(ctx, '/api/v1/topics', key);
      await callWithKey(ctx, '/api/v1/topics', key);
      expect((await callWithKey(ctx, '/api/v1/topics', key)).status).toBe(429);
      const [row] = await ctx.sql<{ day_count: number; day_started_at: string }[]>`select day_count, day_started_at from api_keys where id = ${id}`;
      expect({ ...row, day_started_at: new Date(row!.day_started_at).toISOString() }).toEqual({ day_count: 3, day_started_at: '2026-04-01T10:00:00.000Z' });
      ctx.clock.set(new Date('2026-04-02T09:59:59Z'));
      expect((await callWithKey(ctx, '/api/v1/topics', key)).status).toBe(429);
      ctx.clock.set(new Date('2026-04-02T10:00:00Z'));
      const reopened = await callWithKey(ctx, '/api/v1/topics', key);
      expect(reopened.status).toBe(200);
      expect(limitHeaders(reopened)).toMatchObject({ limit: '2', remaining: '1', reset: 86_400 });
      ctx.clock.set(null);
    });
  });
});
