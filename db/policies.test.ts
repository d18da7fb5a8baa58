import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PolicyWriteError, savePolicy, type PolicyAuthor, type PolicyFields } from './policies.ts';
import { policies, policyIndustries, policyTopics } from './schema/index.ts';
import { createPolicy, createTestDatabase, createUser, type TestDatabase } from './testing.ts';

let database: TestDatabase;
let adminId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  adminId = (await createUser(database.db, { passwordHash: 'not-used', role: 'admin' })).id;
});
afterAll(() => database.close());

const at = new Date('2026-06-01T08:00:00Z');
const save = (id: number | null, fields: Partial<PolicyFields>, author: PolicyAuthor) =>
  database.db.transaction((tx) => savePolicy(tx, id, fields, author));
const admin = (extra: { translationReviewed?: boolean } = {}): PolicyAuthor => ({ kind: 'admin', userId: adminId, at, ...extra });
const analyser = (overwriteEdited = false): PolicyAuthor => ({ kind: 'analyser', at, overwriteEdited });
async function read(id: number) {
  const [row] = await database.db.select().from(policies).where(eq(policies.id, id));
  return row!;
}

describe('savePolicy', () => {
  it('creates a policy with its tags and the stored full_content shape', async () => {
    const { id, changed } = await save(
      null,
      {
        title: '中国人民银行关于做好2026年信贷工作的通知',
        publishedOn: '2026-01-20',
        departmentId: 2,
        industryIds: [1, 1, 3],
        topicIds: [2],
        fullContent: JSON.stringify({ keyPoints: [{ title: '总体要求', content: '保持流动性合理充裕。' }] }),
      },
      analyser(),
    );
    expect(changed).toEqual(expect.arrayContaining(['title', 'industryIds', 'fullContent']));
    const row = await read(id);
    expect(row).toMatchObject({ impact: 5, description: '', fullContent: { key_points: [{ title: '总体要求', content: '保持流动性合理充裕。' }] }, editedFields: [] });
    const industries = await database.db.select().from(policyIndustries).where(eq(policyIndustries.policyId, id));
    expect(industries.map((entry) => entry.industryId).sort()).toEqual([1, 3]);
  });

  it('refuses a new policy without a title, date or department, and writes nothing', async () => {
    const before = await database.db.$count(policies);
    await expect(save(null, { title: 'No date' }, analyser())).rejects.toThrow(PolicyWriteError);
    expect(await database.db.$count(policies)).toBe(before);
  });

  it('names an unknown department, industry or topic, and rolls the whole write back', async () => {
    const { id } = await createPolicy(database.db, { title: 'Before', industryIds: [2] });
    await expect(save(id, { title: 'After', topicIds: [9999] }, admin())).rejects.toThrow('Unknown topic id 9999');
    expect((await read(id)).title).toBe('Before');
    await expect(save(id, { departmentId: 77 }, admin())).rejects.toThrow('Unknown department id 77');
    await expect(save(9_999_999, { title: 'x' }, admin())).rejects.toMatchObject({ reason: 'not_found' });
  });

  it("leaves what an admin edited or reviewed alone when the analyser rewrites, unless told to", async () => {
    const { id } = await createPolicy(database.db, { title: 'Machine title', impact: 3, englishTranslation: 'Machine text.' });
    await save(id, { title: 'Admin title', englishTranslation: 'Reviewed text.' }, admin());
    expect(await read(id)).toMatchObject({ editedFields: ['englishTranslation', 'title'], translationReviewedBy: adminId });

    const rewrite = await save(id, { title: 'Second machine title', impact: 8, englishTranslation: 'Second machine text.' }, analyser());
    expect(rewrite.changed).toEqual(['impact']);
    expect(await read(id)).toMatchObject({ title: 'Admin title', impact: 8, englishTranslation: 'Reviewed text.' });

    await save(id, { title: 'From scratch', englishTranslation: 'Fresh machine text.' }, analyser(true));
    const row = await read(id);
    expect(row).toMatchObject({ title: 'From scratch', englishTranslation: 'Fresh machine text.', editedFields: [], translationReviewedAt: null });
    expect(row.translationStatus).toBe('machine');
  });

  it('keeps the review of an unchanged text, and drops it with the text', async () => {
    const { id } = await createPolicy(database.db, { englishTranslation: 'Text.' });
    await save(id, {}, admin({ translationReviewed: true }));
    const reviewed = await read(id);
    expect(reviewed.translationStatus).toBe('reviewed');
    await save(id, { englishTranslation: 'Text.' }, { kind: 'admin', userId: adminId, at: new Date('2027-01-01T00:00:00Z') });
    expect((await read(id)).translationReviewedAt).toEqual(reviewed.translationReviewedAt);
    await save(id, { englishTranslation: '  ' }, admin());
    const cleared = await read(id);
    expect(cleared).toMatchObject({ englishTranslation: null, translationReviewedAt: null, translationReviewedBy: null });
    expect(cleared.translationStatus).toBe('pending');
  });

  it('replaces tags as a set, keeping the analysis of the industries that stay', async () => {
    const { id } = await createPolicy(database.db, { industryIds: [1, 2], topicIds: [1, 2] });
    await database.db.update(policyIndustries).set({ impactAnalysis: 'Kept analysis' }).where(eq(policyIndustries.policyId, id));
    await save(id, { industryIds: [2, 4], topicIds: [] }, admin());
    const industries = await database.db.select().from(policyIndustries).where(eq(policyIndustries.policyId, id));
    expect(industries.map(({ industryId, impactAnalysis }) => ({ industryId, impactAnalysis })).sort((a, b) => a.industryId - b.industryId)).toEqual([
      { industryId: 2, impactAnalysis: 'Kept analysis' },
      { industryId: 4, impactAnalysis: null },
    ]);
    expect(await database.db.select().from(policyTopics).where(eq(policyTopics.policyId, id))).toEqual([]);
  });

  it('writes nothing for a save that changes nothing (no reindex, no new updated_at)', async () => {
    const { id } = await createPolicy(database.db, { title: 'Steady', industryIds: [1] });
    const before = await read(id);
    const { changed } = await save(id, { title: 'Steady', industryIds: [1] }, analyser());
    expect(changed).toEqual([]);
    expect((await read(id)).updatedAt).toEqual(before.updatedAt);
  });

  it('is refused by the database when a review is stored without a translation', async () => {
    const { id } = await createPolicy(database.db, { englishTranslation: null });
    await expect(database.db.update(policies).set({ translationReviewedAt: at }).where(eq(policies.id, id))).rejects.toThrow();
  });
});
