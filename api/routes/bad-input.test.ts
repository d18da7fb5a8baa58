import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, contactMessages, users } from '../../db/schema/index.ts';
import { createSignedInUser, testPassword } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

type Call = { method: string; path: string; valid: Record<string, unknown>; allOptional?: boolean };

/** Every account, collection and contact call with a body, with a body it would accept. */
const calls: Call[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    valid: { username: 'newcomer', email: 'newcomer@example.com', password: 'Valid-Passphrase-1', name: 'New Comer', company: 'Acme' },
  },
  { method: 'POST', path: '/api/auth/login', valid: { username: 'someone', password: 'whatever' } },
  { method: 'PATCH', path: '/api/user', valid: { name: 'Renamed', username: 'renamed', company: 'Acme', jobTitle: 'Analyst' }, allOptional: true },
  { method: 'POST', path: '/api/user/change-password', valid: { currentPassword: testPassword, newPassword: 'Another-Passphrase-2' } },
  { method: 'DELETE', path: '/api/user/account', valid: { reason: 'Testing' } },
  {
    method: 'POST',
    path: '/api/user/notifications',
    valid: { email: 'a@example.com', phone: '+1 555 0100', frequency: 'daily', departments: [1], industries: [1] },
  },
  { method: 'POST', path: '/api/collections', valid: { name: 'Watch list' } },
  { method: 'POST', path: '/api/collections/add-policy', valid: { collectionId: 1, policyId: 1 } },
  {
    method: 'POST',
    path: '/api/contact',
    valid: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Acme', subject: 'Question', message: 'Hello' },
  },
];

const huge = 'x'.repeat(10_000);

/** Bad bodies of each kind for a call: each must be refused before anything is written. */
function badBodies(call: Call): [string, unknown][] {
  const fields = Object.keys(call.valid);
  return [
    ...(call.allOptional ? [] : ([['missing fields', {}]] as [string, unknown][])),
    ['wrong types (scalars)', Object.fromEntries(fields.map((field) => [field, typeof call.valid[field] === 'string' ? 42 : '42']))],
    ['wrong types (objects)', Object.fromEntries(fields.map((field) => [field, { nested: true }]))],
    ['huge strings', Object.fromEntries(fields.map((field) => [field, huge]))],
    ['an unknown field', { ...call.valid, isAdmin: true }],
    ['an array instead of an object', [call.valid]],
    ['null', null],
  ];
}

describe('bad input on every call → 400 with a message, never a 500, nothing written', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await createSignedInUser(ctx));
  });
  afterAll(() => ctx.close());

  for (const call of calls) {
    it(`${call.method} ${call.path}`, async () => {
      for (const [kind, body] of badBodies(call)) {
        const response = await ctx.request(call.path, { method: call.method, cookie, json: body });
        expect(response.status, kind).toBe(400);
        const { error } = await response.json();
        expect(error.code, kind).toBe('bad_request');
        expect(error.message.length, kind).toBeGreaterThan(0);
      }

      const malformed = await ctx.app.request(call.path, {
        method: call.method,
        headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json', Cookie: cookie },
        body: '{"name": ',
      });
      expect(malformed.status, 'malformed JSON').toBe(400);

      const oversized = await ctx.request(call.path, { method: call.method, cookie, json: { ...call.valid, padding: 'x'.repeat(70_000) } });
      expect(oversized.status, 'oversized body').toBe(413);
    });
  }

  // A 10 KB body nested 5,000 levels deep once overflowed the stack of the text check: a 500 with a
  // stack trace, for anyone, on the sign-in and contact forms.
  const deeplyNested = (field: string) => `{"${field}": ${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
  for (const call of calls) {
    it(`${call.method} ${call.path}: JSON nested 5,000 levels deep → 400`, async () => {
      const field = Object.keys(call.valid)[0]!;
      const response = await ctx.app.request(call.path, {
        method: call.method,
        headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json', Cookie: cookie },
        body: deeplyNested(field),
      });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.message).toMatch(/nests too deeply \(at most 32 levels\)/);
    });
  }

  it('the unknown-field message names the field', async () => {
    const response = await ctx.request('/api/collections', { cookie, json: { name: 'Fine', owner: 1 } });
    expect((await response.json()).error.message).toMatch(/owner/);
  });

  it('nothing was half-written by any refused call', async () => {
    expect(await ctx.db.select().from(users)).toHaveLength(1);
    expect(await ctx.db.select().from(collections)).toEqual([]);
    expect(await ctx.db.select().from(contactMessages)).toEqual([]);
  });
});
