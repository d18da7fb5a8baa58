import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policies, policyCollections } from '../../../db/schema/index.ts';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

describe('/api/collections', () => {
  let ctx: TestContext;
  let cookie: string;
  let policyIds: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await createSignedInUser(ctx));
    const rows = await ctx.db
      .insert(policies)
      .values(['Data export rules', 'Green bond guidelines', 'Chip subsidies', 'Fintech sandbox'].map((title) => ({
        title,
        departmentId: 1,
        publishedOn: '2025-03-01',
      })))
      .returning({ id: policies.id });
    policyIds = rows.map((row) => row.id);
  });
  afterAll(() => ctx.close());

  const create = (name: unknown) => ctx.request('/api/collections', { cookie, json: { name } });
  const addPolicy = (collectionId: number, policyId: number) =>
    ctx.request('/api/collections/add-policy', { cookie, json: { collectionId, policyId } });

  it('POST creates a collection (trimmed name) and answers 201 with its id', async () => {
    const response = await create('  Trade watch  ');
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ id: expect.any(Number), name: 'Trade watch', policyCount: 0, policies: [] });
  });

  it('POST answers 409 for a name the user already has, in any case', async () => {
    const response = await create('TRADE WATCH');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'conflict', message: 'You already have a collection with this name' } });
  });

  it.each([
    ['', 'name: Collection name is required'],
    ['   ', 'name: Collection name is required'],
    ['x'.repeat(101), 'name: Collection name must be at most 100 characters'],
  ])('POST answers 400 for the name %j', async (name, message) => {
    const response = await create(name);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(message);
  });

  it('add-policy answers 201, 409 when the policy is already there, 404 for a missing policy or collection', async () => {
    const { id } = await (await create('Add test')).json();
    const added = await addPolicy(id, policyIds[0]!);
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ collectionId: id, policyId: policyIds[0] });

    const again = await addPolicy(id, policyIds[0]!);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('The policy is already in this collection');

    const missingPolicy = await addPolicy(id, 999_999);
    expect(missingPolicy.status).toBe(404);
    expect((await missingPolicy.json()).error.message).toBe('Policy not found');

    const missingCollection = await addPolicy(999_999, policyIds[0]!);
    expect(missingCollection.status).toBe(404);
    expect((await missingCollection.json()).error.message).toBe('Collection not found');

    expect(await ctx.db.select().from(policyCollections).where(eq(policyCollections.collectionId, id))).toHaveLength(1);
  });

  it('GET lists the collections newest first, each with policyCount and every policy, latest added first', async () => {
    const { cookie: ownCookie } = await createSignedInUser(ctx);
    const post = (path: string, json: unknown) => ctx.request(path, { cookie: ownCookie, json });
    const older = await (await post('/api/collections', { name: 'Older' })).json();
    const newer = await (await post('/api/collections', { name: 'Newer' })).json();
    for (const policyId of policyIds) await post('/api/collections/add-policy', { collectionId: newer.id, policyId });

    const response = await ctx.request('/api/collections', { cookie: ownCookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        id: newer.id,
        name: 'Newer',
        createdAt: expect.any(String),
        policyCount: 4,
        policies: [
          { id: policyIds[3], title: 'Fintech sandbox' },
          { id: policyIds[2], title: 'Chip subsidies' },
          { id: policyIds[1], title: 'Green bond guidelines' },
          { id: policyIds[0], title: 'Data export rules' },
        ],
      },
      { id: older.id, name: 'Older', createdAt: expect.any(String), policyCount: 0, policies: [] },
    ]);
  });

  it('GET answers 401 when signed out', async () => {
    expect((await ctx.request('/api/collections')).status).toBe(401);
  });

  it('DELETE /{collectionId}/policies/{policyId} answers 204, then 404 when the policy is not in it', async () => {
    const { id } = await (await create('Remove test')).json();
    await addPolicy(id, policyIds[1]!);
    const removed = await ctx.request(`/api/collections/${id}/policies/${policyIds[1]}`, { method: 'DELETE', cookie });
    expect(removed.status).toBe(204);
    const again = await ctx.request(`/api/collections/${id}/policies/${policyIds[1]}`, { method: 'DELETE', cookie });
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toBe('The policy is not in this collection');
  });

  it('DELETE /{id} answers 204 and removes the collection with its entries, then 404', async () => {
    const { id } = await (await create('Delete test')).json();
    await addPolicy(id, policyIds[2]!);
    expect((await ctx.request(`/api/collections/${id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(await ctx.db.select().from(policyCollections).where(eq(policyCollections.collectionId, id))).toEqual([]);
    const again = await ctx.request(`/api/collections/${id}`, { method: 'DELETE', cookie });
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toBe('Collection not found');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the id %s in the path', async (id) => {
    const response = await ctx.request(`/api/collections/${id}`, { method: 'DELETE', cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/^id: /);
  });
});
