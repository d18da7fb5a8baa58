import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, users } from '../../../db/schema/index.ts';
import { createSignedInUser, testPassword } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

const rightToLeftOverride = '\u202E';
const lineSeparator = '\u2028';
const paragraphSeparator = '\u2029';

/**
 * Every call that stores text a person sees, with a body it would accept, and its fields: one line
 * (names, company, job title, subject: no line breaks of any kind, no bidi overrides) or several
 * (a message, a reason: line breaks kept, bidi overrides refused).
 */
const calls: { method: string; path: string; valid: Record<string, unknown>; singleLine: string[]; multiLine: string[]; anonymous?: true }[] = [
  { method: 'PATCH', path: '/api/user', valid: { name: 'Ada', company: 'Acme', jobTitle: 'Analyst' }, singleLine: ['name', 'company', 'jobTitle'], multiLine: [] },
  {
    method: 'POST',
    path: '/api/auth/register',
    valid: { username: 'free-text', email: 'free-text@example.com', password: testPassword, name: 'Free Text', company: 'Acme' },
    singleLine: ['username', 'email', 'name', 'company'],
    multiLine: [],
    // Signed out: a registration ends the session it came with.
    anonymous: true,
  },
  { method: 'POST', path: '/api/collections', valid: { name: 'Watch list' }, singleLine: ['name'], multiLine: [] },
  {
    method: 'POST',
    path: '/api/contact',
    valid: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Acme', subject: 'Question', message: 'Hello' },
    singleLine: ['name', 'email', 'company', 'subject'],
    multiLine: ['message'],
    anonymous: true,
  },
  {
    method: 'POST',
    path: '/api/user/notifications',
    valid: { email: 'alerts@example.com', phone: '+86 10 1234 5678', frequency: 'daily' },
    singleLine: ['email', 'phone'],
    multiLine: [],
  },
  // Only refused bodies are sent here: an accepted one would delete the account.
  { method: 'DELETE', path: '/api/user/account', valid: { reason: 'Moving on' }, singleLine: [], multiLine: ['reason'] },
];

describe('one rule for every free-text field a person sees: 400 naming the field', () => {
  let ctx: TestContext;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie, user: { id: userId } } = await createSignedInUser(ctx, { name: 'Unchanged' }));
  });
  afterAll(() => ctx.close());

  for (const call of calls) {
    for (const [field, refused] of [
      ...call.singleLine.map((field) => [field, [rightToLeftOverride, lineSeparator, paragraphSeparator]] as const),
      ...call.multiLine.map((field) => [field, [rightToLeftOverride]] as const),
    ]) {
      it(`${call.method} ${call.path} ${field}`, async () => {
        for (const character of refused) {
          const label = `U+${character.codePointAt(0)!.toString(16).toUpperCase()}`;
          const value = `${String(call.valid[field])}${character}gnp.exe`;
          const response = await ctx.request(call.path, { method: call.method, cookie: call.anonymous ? undefined : cookie, json: { ...call.valid, [field]: value } });
          expect(response.status, label).toBe(400);
          expect((await response.json()).error.message, label).toMatch(new RegExp(`^${field}: `));
        }
      });
    }
  }

  it('nothing refused was stored', async () => {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ name: 'Unchanged', company: null, jobTitle: null });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'free-text@example.com'))).toEqual([]);
    expect(await ctx.db.select().from(contactMessages)).toEqual([]);
  });

  it('a message keeps its line breaks', async () => {
    const message = 'First line\nSecond line\r\n\tindented';
    const response = await ctx.request('/api/contact', { json: { ...calls[3]!.valid, message } });
    expect(response.status).toBe(201);
    expect(await ctx.db.select({ message: contactMessages.message }).from(contactMessages)).toEqual([{ message }]);
  });

  it('the landing signup refuses them in its names, in its own error shape', async () => {
    for (const firstName of [`Ada${rightToLeftOverride}gnp.exe`, `Ada${lineSeparator}Byron`]) {
      const response = await ctx.request('/api/create-signup-checkout', {
        json: { priceId: 'pro', metadata: { firstName, lastName: 'Lovelace', email: 'signup-free-text@example.com', password: testPassword } },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0].message).toContain('First name');
    }
    expect(await ctx.db.select().from(users).where(eq(users.email, 'signup-free-text@example.com'))).toEqual([]);
  });
});
