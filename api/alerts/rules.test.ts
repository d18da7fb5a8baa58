import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, savedSearches } from '../../db/schema/index.ts';
import { createTestUser } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { alertRules, preferencesRuleName, savedSearchIdOf } from './rules.ts';

describe('alertRules: every standing rule with alerts on, from one place', () => {
  let ctx: TestContext;
  let ids: { ann: number; bo: number; cy: number; searches: Record<string, number> };

  beforeAll(async () => {
    ctx = await createTestContext();
    const [ann, bo, cy] = [await createTestUser(ctx), await createTestUser(ctx), await createTestUser(ctx)];
    const rows = await ctx.db
      .insert(savedSearches)
      .values([
        { userId: ann.id, name: 'Chips', query: { q: 'semiconductor' }, alert: 'immediate' },
        { userId: ann.id, name: 'Quiet', query: { q: 'tariffs' }, alert: 'off' },
        { userId: bo.id, name: 'PBOC weekly', query: { departments: [{ code: 'PBOC' }] }, alert: 'weekly' },
        // Stored in the older shape: read under the criteria's names.
        { userId: bo.id, name: 'Important PBOC', query: { departments: ['PBOC'], importanceMin: 7 }, alert: 'weekly' },
        // A query the criteria's rules now refuse is no rule, rather than stopping every alert.
        { userId: cy.id, name: 'Unreadable', query: { topics: ['not a code'] }, alert: 'daily' },
      ])
      .returning({ id: savedSearches.id, name: savedSearches.name });
    await ctx.db.insert(notificationPreferences).values([
      { userId: ann.id, frequency: 'daily', departmentIds: [1, 7], industryIds: [2] },
      // A form left empty follows nothing: no rule.
      { userId: cy.id, frequency: 'hourly', departmentIds: [], industryIds: [] },
    ]);
    ids = { ann: ann.id, bo: bo.id, cy: cy.id, searches: Object.fromEntries(rows.map((row) => [row.name, row.id])) };
  });
  afterAll(() => ctx.close());

  it('lists saved searches with alerts on and the preferences as a search (industries by name), each as criteria', async () => {
    expect(await alertRules(ctx.db)).toEqual([
      { userId: ids.ann, ruleId: `search:${ids.searches.Chips}`, name: 'Chips', query: { q: 'semiconductor' }, frequency: 'immediate' },
      { userId: ids.bo, ruleId: `search:${ids.searches['PBOC weekly']}`, name: 'PBOC weekly', query: { q: '', departments: [{ code: 'PBOC' }] }, frequency: 'weekly' },
      {
        userId: ids.bo,
        ruleId: `search:${ids.searches['Important PBOC']}`,
        name: 'Important PBOC',
        query: { q: '', departments: [{ code: 'PBOC' }], minImportance: 7 },
        frequency: 'weekly',
      },
      { userId: ids.ann, ruleId: 'preferences', name: preferencesRuleName, query: { q: '', departments: [{ id: 1 }, { id: 7 }], industries: ['Technology'] }, frequency: 'daily' },
    ]);
  });

  it('narrows by frequency and by user', async () => {
    expect((await alertRules(ctx.db, { frequencies: ['immediate'] })).map((rule) => rule.name)).toEqual(['Chips']);
    expect((await alertRules(ctx.db, { frequencies: ['daily', 'weekly'] })).map((rule) => rule.name)).toEqual(['PBOC weekly', 'Important PBOC', preferencesRuleName]);
    expect((await alertRules(ctx.db, { userIds: [ids.bo, ids.cy] })).map((rule) => rule.name)).toEqual(['PBOC weekly', 'Important PBOC']);
    expect(await alertRules(ctx.db, { userIds: [] })).toEqual([]);
  });

  it('reads a rule id back to its saved search', () => {
    expect(savedSearchIdOf(`search:${ids.searches.Chips!}`)).toBe(ids.searches.Chips);
    expect(savedSearchIdOf('preferences')).toBeUndefined();
  });
});
