import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, type Role } from '../../../../db/schema/index.ts';
import { createSignedInUser } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';

const validMessage = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  subject: 'Enterprise plan',
  message: 'We are a team of twelve.\nWhat does an enterprise plan include?',
};

describe('/api/admin/contact-messages', () => {
  let ctx: TestContext;
  const cookies: Partial<Record<Role | 'anonymous', string>> = {};
  let adminId: number;
  let ids: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['user', 'editor', 'admin', 'super_admin'] as const) {
      const { user, cookie } = await createSignedInUser(ctx, { role });
      cookies[role] = cookie;
      if (role === 'admin') adminId = user.id;
    }
    const rows = await ctx.db
      .insert(contactMessages)
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          ...validMessage,
          subject: `Question ${index + 1}`,
          ip: '203.0.113.60',
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)),
        })),
      )
      .returning({ id: contactMessages.id });
    ids = rows.map((row) => row.id);
  });
  afterAll(() => ctx.close());

  const list = (cookie?: string, query = '') => ctx.request(`/api/admin/contact-messages${query}`, { cookie });
  const mark = (cookie: string | undefined, id: number, handled: unknown) =>
    ctx.request(`/api/admin/contact-messages/${id}`, { method: 'PATCH', cookie, json: { handled } });

  it.each([
    ['anonymous', 401],
    ['user', 403],
    ['editor', 403],
    ['admin', 200],
    ['super_admin', 200],
  ] as const)('GET as %s answers %i', async (who, status) => {
    const response = await list(cookies[who as Role]);
    expect(response.status).toBe(status);
    if (status !== 200) expect((await response.json()).error.code).toBe(status === 401 ? 'unauthorized' : 'forbidden');
  });

  it.each([
    ['anonymous', 401],
    ['user', 403],
    ['editor', 403],
    ['admin', 200],
    ['super_admin', 200],
  ] as const)('PATCH as %s answers %i (and changes nothing unless allowed)', async (who, status) => {
    const id = ids[0]!;
    await ctx.db.update(contactMessages).set({ handledAt: null, handledBy: null }).where(eq(contactMessages.id, id));
    const response = await mark(cookies[who as Role], id, true);
    expect(response.status).toBe(status);
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.handledAt !== null).toBe(status === 200);
  });

  it('lists newest first, paged, with the total in X-Total-Count', async () => {
    const first = await list(cookies.admin, '?pageSize=10');
    expect(first.headers.get('x-total-count')).toBe('25');
    const page1 = await first.json();
    expect(page1).toMatchObject({ page: 1, pageSize: 10 });
    expect(page1.messages.map((message: { subject: string }) => message.subject)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Question ${25 - index}`),
    );
    expect(page1.messages[0]).toMatchObject({ ...validMessage, subject: 'Question 25', ip: '203.0.113.60', createdAt: '2025-01-01T00:24:00.000Z' });

    const page3 = await (await list(cookies.admin, '?page=3&pageSize=10')).json();
    expect(page3.messages.map((message: { subject: string }) => message.subject)).toEqual(['Question 5', 'Question 4', 'Question 3', 'Question 2', 'Question 1']);
    expect((await list(cookies.admin)).headers.get('x-total-count')).toBe('25');
  });

  it('answers 400 to a bad page or page size', async () => {
    expect((await list(cookies.admin, '?page=0')).status).toBe(400);
    expect((await list(cookies.admin, '?pageSize=101')).status).toBe(400);
  });

  it('PATCH {handled: true} records who and when; {handled: false} opens it again', async () => {
    const at = new Date('2025-02-03T04:05:06.000Z');
    ctx.clock.set(at);
    try {
      const id = ids[3]!;
      const handled = await mark(cookies.admin, id, true);
      expect(handled.status).toBe(200);
      expect(await handled.json()).toMatchObject({ id, handledAt: at.toISOString(), handledBy: adminId });

      const reopened = await mark(cookies.admin, id, false);
      expect(await reopened.json()).toMatchObject({ id, handledAt: null, handledBy: null });
    } finally {
      ctx.clock.set(null);
    }
  });

  it('PATCH answers 404 for a missing message and 400 for a body without a boolean', async () => {
    expect((await mark(cookies.admin, 999_999, true)).status).toBe(404);
    const bad = await mark(cookies.admin, ids[0]!, 'yes');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('handled: handled must be true or false');
  });
});
