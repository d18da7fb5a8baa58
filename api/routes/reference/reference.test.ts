import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentList, industryList, topicList } from '../../../db/reference-data.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

describe('reference lists', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('GET /api/departments lists id, code and fullName, cacheable for 5 minutes', async () => {
    const response = await ctx.request('/api/departments');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    const body = await response.json();
    expect(body).toHaveLength(departmentList.length);
    expect(body[0]).toEqual({ id: 1, code: 'CSRC', fullName: 'China Securities Regulatory Commission' });
    expect(body.find((department: { id: number }) => department.id === 14)).toMatchObject({ code: 'MOHRSS' });
  });

  it('GET /api/industries lists id, name and palette colour in the spec order', async () => {
    const body = await (await ctx.request('/api/industries')).json();
    expect(body).toEqual(industryList.map(({ id, name, color }) => ({ id, name, color })));
  });

  it('GET /api/topics lists id, code and name_en', async () => {
    const body = await (await ctx.request('/api/topics')).json();
    expect(body).toHaveLength(topicList.length);
    expect(body[0]).toEqual({ id: 1, code: 'MONPOL', name_en: 'Monetary Policy' });
  });

  it('answers 304 without a body to a matching If-None-Match, keeping the caching headers', async () => {
    const first = await ctx.request('/api/topics');
    const etag = first.headers.get('etag')!;
    const second = await ctx.request('/api/topics', { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('changes the ETag when the list changes', async () => {
    const before = (await ctx.request('/api/departments')).headers.get('etag');
    await ctx.sql`update departments set full_name = 'State Council of the PRC' where id = 4`;
    const after = await ctx.request('/api/departments', { headers: { 'If-None-Match': before! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect((await after.json())[3].fullName).toBe('State Council of the PRC');
  });
});
