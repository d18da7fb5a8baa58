import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, users } from '../../db/schema/index.ts';
import { createSignedInUser, testPassword } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

const nul = 'a\u0000b';
const loneSurrogate = 'a\ud800b';

/** Each call with a body it would accept, and the string fields to poison one at a time. */
const calls: { method: string; path: string; valid: Record<string, unknown>; fields: string[] }[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    valid: { username: 'text-rules', email: 'text-rules@example.com', password: 'Valid-Passphrase-1', name: 'Text Rules', company: 'Acme' },
    fields: ['username', 'email', 'password', 'name', 'company'],
  },
  { method: 'POST', path: '/api/auth/login', valid: { username: 'someone', password: 'whatever' }, fields: ['username', 'password'] },
  { method: 'PATCH', path: '/api/user', valid: { name: 'Renamed', company: 'Acme', jobTitle: 'Analyst' }, fields: ['name', 'company', 'jobTitle'] },
  { method: 'POST', path: '/api/collections', valid: { name: 'Watch list' }, fields: ['name'] },
  { method: 'DELETE', path: '/api/user/account', valid: { reason: 'Testing' }, fields: ['reason'] },
  { method: 'POST', path: '/api/verify-subscription', valid: { sessionId: 'cs_local_x' }, fields: ['sessionId'] },
  {
    method: 'POST',
    path: '/api/contact',
    valid: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Acme', subject: 'Question', message: 'Hello' },
    fields: ['name', 'email', 'company', 'subject', 'message'],
  },
];

function poisoned(valid: Record<string, unknown>, field: string, value: string): Record<string, unknown> {
  const copy = structuredClone(valid);
  const keys = field.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

describe('text no database or index can hold: 400 naming the field, never a 500', () => {
  let ctx: TestContext;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie, user: { id: userId } } = await createSignedInUser(ctx));
  });
  afterAll(() => ctx.close());

  for (const call of calls) {
    for (const field of call.fields) {
      it(`${call.method} ${call.path} ${field}`, async () => {
        for (const [kind, value, message] of [
          ['NUL', nul, 'must not contain NUL characters'],
          ['lone surrogate', loneSurrogate, 'must be valid Unicode text (it has an unpaired surrogate)'],
        ] as const) {
          const response = await ctx.request(call.path, { method: call.method, cookie, json: poisoned(call.valid, field, value) });
          expect(response.status, kind).toBe(400);
          const { error } = await response.json();
          expect(error.message, kind).toContain(message);
          expect(error.message, kind).toContain(field);
        }
      });
    }
  }

  it('signup checkout answers in its own error shape', async () => {
    const response = await ctx.request('/api/create-signup-checkout', {
      json: { priceId: 'pro', metadata: { firstName: nul, lastName: 'Lovelace', email: 'nul@example.com', password: testPassword } },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].message).toBe('metadata.firstName: must not contain NUL characters');
    expect(await ctx.db.select().from(users).where(eq(users.email, 'nul@example.com'))).toEqual([]);
  });

  it('search and suggestions with a NUL in the query, and the local checkout path with one', async () => {
    for (const path of ['/api/search?q=a%00b', '/api/search/suggest?q=a%00b', '/api/billing/local/checkout/a%00b']) {
      const response = await ctx.request(path, { cookie });
      expect(response.status, path).toBe(400);
      expect((await response.json()).error.message, path).toContain('must not contain NUL characters');
    }
  });

  it('names refuse bidirectional overrides and other control characters', async () => {
    for (const name of ['Ada\u202Egnp.exe', 'Ada\u2066Lovelace', 'Ada\nLovelace', 'Ada\u0007']) {
      const profile = await ctx.request('/api/user', { method: 'PATCH', cookie, json: { name } });
      expect(profile.status, JSON.stringify(name)).toBe(400);
      expect((await profile.json()).error.message).toBe('name: Name must not contain control characters');
      const collection = await ctx.request('/api/collections', { cookie, json: { name } });
      expect(collection.status, JSON.stringify(name)).toBe(400);
      expect((await collection.json()).error.message).toBe('name: Collection name must not contain control characters');
    }
    // Letters of every script stay welcome.
    expect((await ctx.request('/api/user', { method: 'PATCH', cookie, json: { name: '李雷 Zoë' } })).status).toBe(200);
    expect(await ctx.db.select({ name: collections.name }).from(collections).where(eq(collections.userId, userId))).toEqual([]);
  });
});
