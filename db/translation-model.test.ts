import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationLabel } from '../vocabulary/translation-status.ts';
import { savePolicy, type PolicyAuthor, type PolicyFields } from './policies.ts';
import { policies } from './schema/index.ts';
import { createTestDatabase, createUser, type TestDatabase } from './testing.ts';

/** The model behind a machine translation (policies.translation_model), as its label names it. */
let database: TestDatabase;
let adminId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  adminId = (await createUser(database.db, { passwordHash: 'not-used', role: 'admin' })).id;
});
afterAll(() => database.close());

const save = (id: number | null, fields: Partial<PolicyFields>, author: PolicyAuthor) => database.db.transaction((tx) => savePolicy(tx, id, fields, author));
const read = async (id: number) => (await database.db.select().from(policies).where(eq(policies.id, id)))[0]!;
const label = (row: Awaited<ReturnType<typeof read>>) =>
  translationLabel({ status: row.translationStatus, model: row.translationModel, reviewedOn: row.translationReviewedAt?.toISOString().slice(0, 10) ?? null });

describe('the translation label of each status', () => {
  it('is pending without English, names the model of a machine translation, keeps it and dates an editor review', async () => {
    const at = new Date('2026-06-01T08:00:00Z');
    const { id } = await save(null, { title: '专利代理条例', publishedOn: '2018-11-06', departmentId: 4, chineseOriginal: '第一条 为了规范专利代理行为，制定本条例。' }, { kind: 'analyser', at });
    expect(label(await read(id))).toBe('Translation pending');

    await save(id, { englishTranslation: 'Article 1 These Regulations are made to regulate patent agency.' }, { kind: 'analyser', at, translationModel: 'qwen2.5-72b' });
    expect(label(await read(id))).toBe('Machine translation (qwen2.5-72b)');

    await save(id, {}, { kind: 'admin', userId: adminId, at: new Date('2026-06-03T10:00:00Z'), translationReviewed: true });
    const reviewed = await read(id);
    expect(label(reviewed)).toBe('Reviewed by an editor on 2026-06-03');
    expect(reviewed.translationModel).toBe('qwen2.5-72b');

    // Reprocessed from scratch: a new text, the new model's, no longer reviewed.
    await save(id, { englishTranslation: 'Article 1 A newer text.' }, { kind: 'analyser', at, translationModel: 'another-model', overwriteEdited: true });
    expect(label(await read(id))).toBe('Machine translation (another-model)');

    await save(id, { englishTranslation: '' }, { kind: 'admin', userId: adminId, at });
    const cleared = await read(id);
    expect(label(cleared)).toBe('Translation pending');
    expect(cleared.translationModel).toBeNull();
  });
});
