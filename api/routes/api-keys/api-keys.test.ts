import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWithKey, createKeyFor } from '../../public-api/testing.ts';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/** The account page's API keys: created (shown once), listed, used, revoked; stored hashed; audited. */
describe('/api/user/api-keys', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const list = async (cookie: string) => {
    const response = await ctx.request('/api/user/api-keys', { cookie });
    expect(response.status).toBe(200);
    return response.json();
  };

  it('creates a key shown once in full, lists it by prefix, counts its use, and refuses it once revoked', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    ctx.clock.set(new Date('2026-03-02T09:00:00Z'));
    const response = await ctx.request('/api/user/api-keys', { json: { name: '  Daily pull  ' }, cookie });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(Object.keys(created).sort()).toEqual(['id', 'key', 'name', 'prefix']);
    expect(created.name).toBe('Daily pull');
    expect(created.key).toMatch(/^cpt_[a-z2-7]{52}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toHaveLength(12);

    // Listed by prefix, never in full.
    const listed = await list(cookie);
    expect(listed).toEqual([
      { id: created.id, name: 'Daily pull', prefix: created.prefix, createdAt: '2026-03-02T09:00:00.000Z', lastUsedAt: null, requestsToday: 0 },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    // Stored hashed: the row holds the SHA-256 of the key, and no column holds the key.
    const [row] = await ctx.sql`select * from api_keys where id = ${created.id}`;
    expect(row!.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(Object.values(row!).some((value) => String(value).includes(created.key))).toBe(false);

    // Used: last used and today's count move; a new UTC day starts the count again.
    for (let i = 0; i < 2; i++) expect((await callWithKey(ctx, '/api/v1/departments', created.key)).status).toBe(200);
    expect((await list(cookie))[0]).toMatchObject({ lastUsedAt: '2026-03-02T09:00:00.000Z', requestsToday: 2 });
    ctx.clock.set(new Date('2026-03-03T00:30:00Z'));
    expect((await list(cookie))[0].requestsToday).toBe(0);
    expect((await callWithKey(ctx, '/api/v1/departments', created.key)).status).toBe(200);
    expect((await list(cookie))[0]).toMatchObject({ lastUsedAt: '2026-03-03T00:30:00.000Z', requestsToday: 1 });

    const revoked = await ctx.request(`/api/user/api-keys/${created.id}`, { method: 'DELETE', cookie });
    expect(revoked.status).toBe(204);
    expect(await list(cookie)).toEqual([]);
    const refused = await callWithKey(ctx, '/api/v1/departments', created.key);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.message).toBe('This API key is not valid or has been revoked');
    expect((await ctx.request(`/api/user/api-keys/${created.id}`, { method: 'DELETE', cookie })).status).toBe(404);

    const audit = await ctx.sql<{ action: string; actor_id: number; subject: string; details: Record<string, unknown> }[]>`
      select action, actor_id, subject, details from audit_log where action like 'api_key_%' and actor_id = ${user.id} order by id`;
    expect(audit).toEqual([
      { action: 'api_key_created', actor_id: user.id, subject: `user:${user.id}`, details: { keyId: created.id, name: 'Daily pull', prefix: created.prefix } },
      { action: 'api_key_revoked', actor_id: user.id, subject: `user:${user.id}`, details: { keyId: created.id, name: 'Daily pull', prefix: created.prefix } },
    ]);
    ctx.clock.set(null);
  });

  it('allows at most 10 live keys a user; revoking one makes room', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const keys = [];
    for (let i = 1; i <= 10; i++) keys.push(await createKeyFor(ctx, cookie, `Key ${i}`));
    const eleventh = await ctx.request('/api/user/api-keys', { json: { name: 'Key 11' }, cookie });
    expect(eleventh.status).toBe(409);
    expect((await eleventh.json()).error.message).toBe('You can have at most 10 API keys: revoke one to create another');
    expect(await list(cookie)).toHaveLength(10);
    await ctx.request(`/api/user/api-keys/${keys[0]!.id}`, { method: 'DELETE', cookie });
    expect((await ctx.request('/api/user/api-keys', { json: { name: 'Key 11' }, cookie })).status).toBe(201);
  });

  it("keeps each user's keys their own: another user's key answers 404 and stays live", async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const key = await createKeyFor(ctx, owner.cookie);
    expect((await ctx.request(`/api/user/api-keys/${key.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect(await list(other.cookie)).toEqual([]);
    expect((await callWithKey(ctx, '/api/v1/topics', key.key)).status).toBe(200);
  });

  it('needs a session and a same-origin JSON request, and a name', async () => {
    expect((await ctx.request('/api/user/api-keys')).status).toBe(401);
    expect((await ctx.request('/api/user/api-keys', { json: { name: 'x' } })).status).toBe(401);
    const { cookie } = await createSignedInUser(ctx);
    const crossSite = await ctx.request('/api/user/api-keys', { json: { name: 'x' }, cookie, headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    const unnamed = await ctx.request('/api/user/api-keys', { json: { name: '   ' }, cookie });
    expect(unnamed.status).toBe(400);
    expect((await unnamed.json()).error.message).toBe('name: Key name is required');
    const extra = await ctx.request('/api/user/api-keys', { json: { name: 'x', key: 'mine' }, cookie });
    expect(extra.status).toBe(400);
    expect((await ctx.request('/api/user/api-keys/abc', { method: 'DELETE', cookie })).status).toBe(400);
    expect(await list(cookie)).toEqual([]);
  });
});
