import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationStatuses } from '../../../../vocabulary/translation-status.ts';
import { auditLog, policies, policyIndustries } from '../../../../db/schema/index.ts';
import { createPolicy } from '../../../../db/testing.ts';
import { adminRoleMatrix, signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { indexAll } from '../../../search/testing.ts';
import { translationPlaceholder, translationStatusValues, type AdminPolicy, type AdminPolicyRow } from '../../../shared/admin-schemas.ts';


let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const everyone = await signInEveryRole(ctx);
  cookies = everyone.cookies;
  adminId = everyone.ids.admin!;
});
afterAll(() => ctx.close());

const list = (query = '', who: Caller = 'admin') => ctx.request(`/api/admin/policies${query}`, { cookie: cookies[who] });
async function listed(query = ''): Promise<{ rows: AdminPolicyRow[]; total: number }> {
  const response = await list(query);
  expect(response.status).toBe(200);
  return { rows: await response.json(), total: Number(response.headers.get('X-Total-Count')) };
}
const patch = (id: number, json: unknown, who: Caller = 'admin') => ctx.request(`/api/admin/policies/${id}`, { method: 'PATCH', json, cookie: cookies[who] });
async function editorView(id: number): Promise<AdminPolicy> {
  const response = await ctx.request(`/api/admin/policies/${id}`, { cookie: cookies.admin });
  expect(response.status).toBe(200);
  return response.json();
}
/** The policy's row as its readers see it: one in the Trash is not there (deleting is soft, issue 30). */
async function stored(id: number) {
  const [row] = await ctx.db.select().from(policies).where(and(eq(policies.id, id), isNull(policies.deletedAt)));
  return row;
}

describe('translation statuses', () => {
  it('are the same list for the screens as for the database', () => {
    expect(translationStatusValues).toEqual(translationStatuses);
  });
});

describe('role matrix: every admin policy call', () => {
  let target: number;
  beforeAll(async () => {
    target = (await createPolicy(ctx.db, { title: 'Role matrix subject', englishTranslation: 'Text' })).id;
  });

  const calls: [string, (who: Caller) => Promise<Response>][] = [
    ['GET /api/admin/policies', (who) => list('', who)],
    ['GET /api/admin/policies/{id}', (who) => ctx.request(`/api/admin/policies/${target}`, { cookie: cookies[who] })],
    ['PATCH /api/admin/policies/{id}', (who) => patch(target, { impact: 6 }, who)],
    [
      'POST /api/admin/policies/{id}/translation',
      (who) => ctx.request(`/api/admin/policies/${target}/translation`, { json: { translation: 'Text' }, cookie: cookies[who] }),
    ],
    [
      'PATCH /api/admin/policies/{id}/translations',
      (who) =>
        ctx.request(`/api/admin/policies/${target}/translations`, {
          method: 'PATCH',
          json: { english_translation: 'Text', chinese_original: '原文' },
          cookie: cookies[who],
        }),
    ],
  ];
  for (const [call, send] of calls) {
    it.each(adminRoleMatrix)(`${call} as %s answers %i`, async (who, status) => {
      const response = await send(who);
      expect(response.status).toBe(status);
      if (status !== 200) expect((await response.json()).error.code).toBe(status === 401 ? 'unauthorized' : 'forbidden');
    });
  }

  it.each(adminRoleMatrix)('DELETE /api/admin/policies/{id} as %s answers %i, and deletes only when allowed', async (who, status) => {
    const { id } = await createPolicy(ctx.db, { title: `Deletable by ${who}?` });
    const response = await ctx.request(`/api/admin/policies/${id}`, { method: 'DELETE', cookie: cookies[who] });
    expect(response.status).toBe(status);
    expect(Boolean(await stored(id))).toBe(status !== 200);
  });

  it.each(adminRoleMatrix)('POST /api/admin/batch-delete-policies as %s answers %i, and deletes only when allowed', async (who, status) => {
    const ids = [(await createPolicy(ctx.db)).id, (await createPolicy(ctx.db)).id];
    const response = await ctx.request('/api/admin/batch-delete-policies', { json: { policyIds: ids }, cookie: cookies[who] });
    expect(response.status).toBe(status);
    expect(Boolean(await stored(ids[0]!))).toBe(status !== 200);
  });
});

describe('GET /api/admin/policies', () => {
  // A world of its own: titles with a marker no other test uses.
  const marker = 'Listing';
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (let index = 0; index < 7; index += 1) {
      const policy = await createPolicy(ctx.db, {
        title: `${marker} ${String.fromCharCode(71 - index)} notice`, // G, F, E, ... A
        publishedOn: `2025-0${index + 1}-10`,
        departmentId: (index % 3) + 1,
        impact: index + 2,
        englishTranslation: index % 2 === 0 ? `Translation ${index}` : null,
      });
      ids.push(policy.id);
    }
  });

  it('answers a page of rows with the total in X-Total-Count, newest first by default', async () => {
    const { rows, total } = await listed(`?search=${marker}&pageSize=3`);
    expect(total).toBe(7);
    expect(rows.map((row) => row.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(rows[0]).toEqual({
      id: ids[6],
      title: `${marker} A notice`,
      time: '2025-07-10',
      departmentId: 1,
      department: { id: 1, code: 'CSRC', fullName: expect.any(String) },
      impact: 8,
      translationStatus: 'machine',
    });
    const last = await listed(`?search=${marker}&pageSize=3&page=3`);
    expect(last.rows.map((row) => row.id)).toEqual([ids[0]]);
    expect(last.total).toBe(7);
    expect((await listed(`?search=${marker}&pageSize=3&page=4`)).rows).toEqual([]);
  });

  it('pages by 100 when no page size is asked', async () => {
    const start = (await listed()).total;
    for (let index = start; index < 101; index += 1) await createPolicy(ctx.db, { title: `Filler ${index}` });
    const { rows, total } = await listed();
    expect(total).toBeGreaterThanOrEqual(101);
    expect(rows).toHaveLength(100);
  });

  it('finds by a part of the title in any case, and by id', async () => {
    expect((await listed(`?search=${encodeURIComponent('listing c NOT')}`)).rows.map((row) => row.id)).toEqual([ids[4]]);
    expect((await listed(`?search=${ids[2]}`)).rows.map((row) => row.id)).toContain(ids[2]);
    // LIKE's wildcards are literal characters here: '%' matches no title.
    expect((await listed('?search=%25')).total).toBe(0);
  });

  it('sorts by id, title or date in either direction', async () => {
    const order = async (query: string) => (await listed(`?search=${marker}&${query}`)).rows.map((row) => row.id);
    expect(await order('sortBy=id&sortDirection=asc')).toEqual(ids);
    expect(await order('sortBy=id&sortDirection=desc')).toEqual([...ids].reverse());
    expect(await order('sortBy=title')).toEqual([...ids].reverse());
    expect(await order('sortBy=title&sortDirection=desc')).toEqual(ids);
    expect(await order('sortBy=date&sortDirection=asc')).toEqual(ids);
    expect(await order('sortBy=date&sortDirection=desc')).toEqual([...ids].reverse());
  });

  it('shows warnings only (no English translation), and picks each translation status', async () => {
    await ctx.db.update(policies).set({ translationReviewedAt: new Date(), translationReviewedBy: adminId }).where(eq(policies.id, ids[2]!));
    const warnings = await listed(`?search=${marker}&warningsOnly=true&sortBy=id`);
    expect(warnings.rows.map((row) => row.id)).toEqual([ids[1], ids[3], ids[5]]);
    expect(warnings.rows.every((row) => row.translationStatus === 'pending')).toBe(true);
    expect((await listed(`?search=${marker}&translation=pending&sortBy=id`)).rows.map((row) => row.id)).toEqual([ids[1], ids[3], ids[5]]);
    expect((await listed(`?search=${marker}&translation=reviewed`)).rows.map((row) => row.id)).toEqual([ids[2]]);
    expect((await listed(`?search=${marker}&translation=machine&sortBy=id`)).rows.map((row) => row.id)).toEqual([ids[0], ids[4], ids[6]]);
    expect((await listed(`?search=${marker}&warningsOnly=false`)).total).toBe(7);
  });

  it.each([
    ['?pageSize=101', 'pageSize'],
    ['?pageSize=0', 'pageSize'],
    ['?page=0', 'page'],
    ['?page=two', 'page'],
    ['?sortBy=impact', 'sortBy'],
    ['?sortDirection=asc', 'sortDirection'],
    ['?sortBy=id&sortDirection=up', 'sortDirection'],
    ['?warningsOnly=yes', 'warningsOnly'],
    ['?translation=draft', 'translation'],
    [`?search=${'x'.repeat(201)}`, 'search'],
  ])('refuses %.40s with 400 naming %s', async (query, field) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(field);
  });
});

describe('DELETE /api/admin/policies/{id} and POST /api/admin/batch-delete-policies', () => {
  it('deletes one policy, takes it out of search, and writes an audit row', async () => {
    const { id } = await createPolicy(ctx.db, { title: 'Zanzibar cloves export notice' });
    await indexAll(ctx);
    const search = async () => (await (await ctx.request('/api/search?q=Zanzibar', { cookie: cookies.admin })).json()).total;
    expect(await search()).toBe(1);

    const response = await ctx.request(`/api/admin/policies/${id}`, { method: 'DELETE', cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, message: 'Policy deleted' });
    expect(await stored(id)).toBeUndefined();
    await indexAll(ctx);
    expect(await search()).toBe(0);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'policy_deleted'), eq(auditLog.subject, `policy:${id}`)));
    expect(audit).toMatchObject({ actorId: adminId, details: { title: 'Zanzibar cloves export notice' } });
  });

  it('answers 404 for a policy that does not exist, 400 for an id that is not one', async () => {
    const missing = await ctx.request('/api/admin/policies/999999', { method: 'DELETE', cookie: cookies.admin });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('Policy not found');
    expect((await ctx.request('/api/admin/policies/abc', { method: 'DELETE', cookie: cookies.admin })).status).toBe(400);
  });

  it('deletes the named policies that exist and counts them', async () => {
    const ids = [(await createPolicy(ctx.db)).id, (await createPolicy(ctx.db)).id, (await createPolicy(ctx.db)).id];
    const response = await ctx.request('/api/admin/batch-delete-policies', { json: { policyIds: [...ids, ids[0], 999999] }, cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deletedCount: 3, message: '3 policies deleted' });
    for (const id of ids) expect(await stored(id)).toBeUndefined();
  });

  it.each([
    [{ policyIds: [] }, 'at least one'],
    [{ policyIds: ['1'] }, 'must be a number'],
    [{ policyIds: [0] }, 'positive'],
    [{ policyIds: Array.from({ length: 1001 }, (_, index) => index + 1) }, 'at most 1000'],
    [{ ids: [1] }, 'policyIds'],
  ])('refuses the batch %.40j with 400', async (json, message) => {
    const response = await ctx.request('/api/admin/batch-delete-policies', { json, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(message);
  });
});

describe('ids past the id column (2,147,483,647): a 400 naming the field, nothing written', () => {
  const tooLarge = [2_147_483_648, 3_000_000_000];

  it.each(tooLarge)('batch-delete-policies with policy id %i', async (id) => {
    const policy = await createPolicy(ctx.db);
    const response = await ctx.request('/api/admin/batch-delete-policies', { json: { policyIds: [policy.id, id] }, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('policyIds.1: each policy id must be at most 2147483647');
    expect(await stored(policy.id)).toBeDefined();
  });

  it.each(
    tooLarge.flatMap((id) => [
      [{ departmentId: id }, 'departmentId: must be at most 2147483647'],
      [{ tags: [{ name: 'Technology', industryId: id }] }, 'tags.0.industryId: must be at most 2147483647'],
      [{ tags: [{ name: 'Fintech', industryId: 1 }, { name: 'Fintech', topicId: id }] }, 'tags.1.topicId: must be at most 2147483647'],
      [{ id }, 'id: must be at most 2147483647'],
    ] as const),
  )('PATCH /api/admin/policies/{id} with %j', async (body, message) => {
    const { id } = await createPolicy(ctx.db, { title: 'Unchanged by a huge id', impact: 4, industryIds: [2] });
    const before = await editorView(id);
    const response = await patch(id, { title: 'Changed', ...body });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(message);
    expect(await editorView(id)).toEqual(before);
  });

  it('an id past the column inside the analysis (fullContent) is a 400 too, not a 500', async () => {
    const { id } = await createPolicy(ctx.db, { title: 'Unchanged by a huge id in its analysis', impact: 4 });
    const before = await editorView(id);
    const response = await patch(id, { title: 'Changed', fullContent: { impact_analysis: [{ industry_id: 3_000_000_000, details: 'Large.' }] } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('A number is out of range');
    expect(await editorView(id)).toEqual(before);
  });
});

describe('the policy editor: GET and PATCH /api/admin/policies/{id}', () => {
  it('opens a policy with every field the editor shows', async () => {
    const { id } = await createPolicy(ctx.db, {
      title: '国务院关于印发《新一代人工智能发展规划》的通知',
      departmentId: 4,
      publishedOn: '2017-07-08',
      impact: 9,
      chineseOriginal: '人工智能的迅速发展将深刻改变人类社会生活、改变世界。',
      englishTranslation: 'The rapid development of artificial intelligence will profoundly change human society.',
      sourceUrl: 'https://www.gov.cn/zhengce/content/2017-07/20/content_5211996.htm',
      industryIds: [1],
      topicIds: [2],
      fullContent: { keyPoints: [{ title: 'Three steps', content: 'By 2030 China leads the world in AI.' }] } as never,
    });
    const policy = await editorView(id);
    expect(policy).toMatchObject({
      id,
      time: '2017-07-08',
      impact: 9,
      departmentId: 4,
      department: { code: 'SC' },
      source_url: 'https://www.gov.cn/zhengce/content/2017-07/20/content_5211996.htm',
      chinese_original: '人工智能的迅速发展将深刻改变人类社会生活、改变世界。',
      translation: { status: 'machine', reviewedAt: null, reviewedBy: null },
      fullContent: { key_points: [{ title: 'Three steps', content: 'By 2030 China leads the world in AI.' }] },
      editedFields: [],
    });
    expect(policy.tags.map((tag) => tag.kind)).toEqual(['industry', 'topic']);
    expect((await ctx.request('/api/admin/policies/999999', { cookie: cookies.admin })).status).toBe(404);
  });

  it('saves the editor body in one transaction; the new title is found by /api/search', async () => {
    const { id } = await createPolicy(ctx.db, { title: 'Old working title', industryIds: [1, 2], departmentId: 1 });
    await ctx.db.update(policyIndustries).set({ impactAnalysis: 'Banks hold more capital.' }).where(eq(policyIndustries.policyId, id));
    const before = await editorView(id);
    const response = await patch(id, {
      id,
      title: 'Quokka habitat protection measures',
      time: '2026-03-01',
      description: 'Measures to protect the quokka.',
      impact: 7,
      departmentId: 6,
      department: 'SAMR',
      source_url: 'https://www.samr.gov.cn/zw/zfxxgk/fdzdgknr/fgs/art/2026/art_1.html',
      tags: [...before.tags.filter((tag) => tag.kind === 'industry' && tag.industryId === 1), { name: 'Topic', color: 'blue', topicId: '3' }],
      fullContent: {
        key_points: [{ title: 'Scope', content: 'All habitats.' }],
        analysis: ['First paragraph.', 'Second paragraph.'],
        impact_analysis: [{ industry_id: 1, details: 'Little effect.' }],
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, message: 'Policy updated' });

    const after = await editorView(id);
    expect(after).toMatchObject({
      title: 'Quokka habitat protection measures',
      time: '2026-03-01',
      impact: 7,
      departmentId: 6,
      fullContent: { key_points: [{ title: 'Scope', content: 'All habitats.' }], analysis: ['First paragraph.', 'Second paragraph.'] },
    });
    expect(after.tags.map((tag) => (tag.kind === 'industry' ? `i${tag.industryId}` : `t${tag.topicId}`))).toEqual(['i1', 't3']);
    expect(after.editedFields).toEqual(['departmentId', 'description', 'fullContent', 'impact', 'industryIds', 'publishedOn', 'sourceUrl', 'title', 'topicIds']);
    // The industry that stayed keeps its analysis.
    const [kept] = await ctx.db.select().from(policyIndustries).where(eq(policyIndustries.policyId, id));
    expect(kept).toMatchObject({ industryId: 1, impactAnalysis: 'Banks hold more capital.' });
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'policy_updated'), eq(auditLog.subject, `policy:${id}`)));
    expect(audit).toMatchObject({ actorId: adminId, details: { changed: expect.arrayContaining(['title', 'impact']) } });

    await indexAll(ctx);
    const found = await (await ctx.request('/api/search?q=quokka habitat', { cookie: cookies.admin })).json();
    expect(found.policies.map((policy: { id: number }) => policy.id)).toEqual([id]);
    const old = await (await ctx.request(`/api/search?q=${encodeURIComponent('"Old working title"')}`, { cookie: cookies.admin })).json();
    expect(old.policies.map((policy: { id: number }) => policy.id)).not.toContain(id);
  });

  it.each([
    [{ impact: 0 }, 'impact'],
    [{ impact: 11 }, 'impact'],
    [{ impact: 5.5 }, 'impact'],
    [{ departmentId: 99 }, 'Unknown department id 99'],
    [{ tags: [{ name: 'Nope', industryId: '999' }] }, 'Unknown industry id 999'],
    [{ tags: [{ name: 'Nope', topicId: 999 }] }, 'Unknown topic id 999'],
    [{ tags: [{ name: 'Neither' }] }, 'industryId or a topicId'],
    [{ fullContent: { impact_analysis: [{ industry_id: 999, details: 'x' }] } }, 'Unknown industry id 999'],
    [{ title: '   ' }, 'title'],
    [{ title: 'x'.repeat(501) }, 'title'],
    [{ time: '2026-02-30' }, 'time'],
    [{ source_url: 'javascript:alert(1)' }, 'source_url'],
    [{ role: 'admin' }, 'role'],
    [{ id: 1 }, 'id'],
    [{ translationReviewed: true, english_translation: '' }, 'no English translation'],
  ])('refuses %.60j with 400 and writes nothing', async (body, message) => {
    const { id } = await createPolicy(ctx.db, { title: 'Unchanged by bad input', impact: 4 });
    const before = await stored(id);
    const response = await patch(id, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(message);
    expect(await stored(id)).toEqual(before);
  });

  describe('fullContent sent as a JSON string: its decoded text passes the text rule', () => {
    it.each([
      ['a NUL', { analysis: ['Before the NUL\u0000after it.'] }, 'fullContent.analysis.0: must not contain NUL characters (in the JSON text)'],
      [
        'a lone surrogate',
        { keyPoints: [{ title: 'Scope', content: 'Half a pair: \ud83d.' }] },
        'fullContent.keyPoints.0.content: must be valid Unicode text (it has an unpaired surrogate) (in the JSON text)',
      ],
    ])('refuses %s inside it with 400 naming fullContent, and writes nothing', async (_case, content, message) => {
      const { id } = await createPolicy(ctx.db, { title: 'Unchanged by its analysis', impact: 4 });
      const before = await stored(id);
      // The string holds escapes (`\u0000`, `\ud83d`): well-formed as sent, not once decoded.
      const fullContent = JSON.stringify(content);
      expect(fullContent).not.toMatch(/\u0000|\p{Cs}/u);
      const response = await patch(id, { title: 'Changed', fullContent });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
      expect(await stored(id)).toEqual(before);
    });

    it('saves a well-formed one as the stored shape', async () => {
      const { id } = await createPolicy(ctx.db, { title: 'Analysis as a JSON string' });
      const response = await patch(id, { fullContent: JSON.stringify({ analysis: ['One paragraph \ud83d\ude00.'] }) });
      expect(response.status).toBe(200);
      expect((await editorView(id)).fullContent).toEqual({ analysis: ['One paragraph \ud83d\ude00.'] });
    });
  });

  // Issue 30 item 11: the analyser's line of facts follows the department and date an admin corrects.
  it("re-makes the analyser's description line when an admin corrects its department or date, and leaves a written description alone", async () => {
    const line = 'Issuer not identified notice, 〔2026〕3号; received 25 November 2026. English translation pending.';
    const { id } = await createPolicy(ctx.db, { departmentId: 4, publishedOn: '2026-11-25', description: line, fullContent: { description: line } });
    // As the editor saves: every field, the description as it was.
    expect((await patch(id, { departmentId: 11, time: '2021-03-04', description: line, fullContent: { description: line } })).status).toBe(200);
    const corrected = (await stored(id))!;
    expect(corrected.description).toBe('Ministry of Foreign Affairs notice, 〔2026〕3号; issued 4 March 2021. English translation pending.');
    expect(corrected.fullContent).toMatchObject({ description: corrected.description });

    const written = await createPolicy(ctx.db, { departmentId: 4, publishedOn: '2026-11-25', description: 'Rules on export licences for rare earths.' });
    expect((await patch(written.id, { departmentId: 10, description: 'Rules on export licences for rare earths.' })).status).toBe(200);
    expect((await stored(written.id))!.description).toBe('Rules on export licences for rare earths.');
  });

  // Issue 30 item 10: the editor's inputs are refused, not rounded or read as something else, in the admin's words.
  it.each([
    [{ impact: 5.5 }, 'Importance must be a whole number from 1 to 10'],
    [{ impact: '1e1' }, 'Importance must be a whole number from 1 to 10'],
    [{ impact: null }, 'Importance must be a whole number from 1 to 10'],
    [{ impact: '' }, 'Importance must be a whole number from 1 to 10'],
    [{ description: '' }, 'Description must not be empty'],
    [{ description: '   ' }, 'Description must not be empty'],
    [{ title: '' }, 'Title must not be empty'],
    [{ title: 'Notice\u202Ecod.exe' }, 'title: Title must not contain control characters'],
    [{ title: 'Notice on\nline breaks' }, 'title: Title must not contain control characters'],
    [{ title: 'Notice on\rline breaks' }, 'title: Title must not contain control characters'],
    [{ source_url: 'https://www.gov.cn/\u202Efdp.exe' }, 'source_url: Source URL must not contain control characters'],
    [{ time: '2026-02-30' }, 'Date must be a real day, written YYYY-MM-DD'],
    [{ source_url: 'www.gov.cn' }, 'Source URL must be a web address starting with http:// or https://'],
  ])('refuses the editor input %j with 400 naming the field in the admin\'s words', async (body, message) => {
    const { id } = await createPolicy(ctx.db, { title: 'Unchanged by bad input', impact: 4, description: 'A description.' });
    const before = await stored(id);
    const response = await patch(id, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(message);
    expect(await stored(id)).toEqual(before);
  });

  it('answers 404 for a policy that does not exist and 413 for a body past 4 MB', async () => {
    expect((await patch(999999, { impact: 5 })).status).toBe(404);
    const { id } = await createPolicy(ctx.db);
    const huge = await patch(id, { chinese_original: '中'.repeat(1_500_000) });
    expect(huge.status).toBe(413);
    const long = await patch(id, { description: 'd'.repeat(10_001) });
    expect(long.status).toBe(400);
  });
});

describe('translation status and the translation calls', () => {
  it('marks a changed translation reviewed, by whom and when; clearing it makes it pending', async () => {
    const { id } = await createPolicy(ctx.db, { englishTranslation: 'Machine text.' });
    expect((await editorView(id)).translation.status).toBe('machine');

    ctx.clock.set(new Date('2026-05-04T10:00:00Z'));
    const saved = await ctx.request(`/api/admin/policies/${id}/translation`, { json: { translation: 'Reviewed text.' }, cookie: cookies.admin });
    ctx.clock.set(null);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ id, message: 'Translation saved', version: expect.any(Number) });
    expect((await editorView(id)).translation).toEqual({
      status: 'reviewed',
      reviewedAt: '2026-05-04T10:00:00.000Z',
      reviewedBy: { id: adminId, name: 'The admin' },
    });

    // Back to machine on request, then confirmed without changing the text.
    expect((await patch(id, { translationReviewed: false })).status).toBe(200);
    expect((await editorView(id)).translation.status).toBe('machine');
    expect((await patch(id, { translationReviewed: true })).status).toBe(200);
    expect((await editorView(id)).translation.status).toBe('reviewed');

    const cleared = await ctx.request(`/api/admin/policies/${id}/translations`, {
      method: 'PATCH',
      json: { english_translation: '', chinese_original: '中文原文' },
      cookie: cookies.admin,
    });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ id, message: 'Translations updated', version: expect.any(Number) });
    const row = await stored(id);
    expect(row).toMatchObject({ englishTranslation: null, chineseOriginal: '中文原文', translationReviewedAt: null, translationReviewedBy: null });
    expect((await editorView(id)).translation.status).toBe('pending');
  });

  it('marks a machine translation reviewed when an admin saves it unchanged through either translation call', async () => {
    for (const send of [
      (id: number) => ctx.request(`/api/admin/policies/${id}/translation`, { json: { translation: 'Same text.' }, cookie: cookies.admin }),
      (id: number) =>
        ctx.request(`/api/admin/policies/${id}/translations`, {
          method: 'PATCH',
          json: { english_translation: 'Same text.', chinese_original: null },
          cookie: cookies.admin,
        }),
    ]) {
      const { id } = await createPolicy(ctx.db, { englishTranslation: 'Same text.' });
      expect((await send(id)).status).toBe(200);
      expect((await editorView(id)).translation).toMatchObject({ status: 'reviewed', reviewedBy: { id: adminId } });
    }
  });

  it("never stores the switch's placeholder as a translation", async () => {
    const { id } = await createPolicy(ctx.db, { englishTranslation: null });
    for (const send of [
      () => patch(id, { english_translation: translationPlaceholder }),
      () => ctx.request(`/api/admin/policies/${id}/translation`, { json: { translation: translationPlaceholder }, cookie: cookies.admin }),
    ]) {
      expect((await send()).status).toBe(200);
      expect((await stored(id))!.englishTranslation).toBeNull();
      expect((await editorView(id)).translation.status).toBe('pending');
    }
  });

  it.each([
    [{}, 'translation'],
    [{ translation: 5 }, 'translation'],
    [{ translation: 'x'.repeat(1_000_001) }, 'at most'],
  ])('refuses the translation body %.40j', async (json, message) => {
    const { id } = await createPolicy(ctx.db);
    const response = await ctx.request(`/api/admin/policies/${id}/translation`, { json, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(message);
  });
});
