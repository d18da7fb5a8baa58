import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { departmentList, industryList, loadReferenceData, topicCategoryList, topicList } from './reference-data.ts';
import { createTestDatabase, databaseUrl, type TestDatabase } from './testing.ts';

describe('migrations', () => {
  it('apply to an empty database, and a second run changes nothing', async () => {
    const name = `empty_${Date.now()}`;
    const admin = createDatabase(inject('postgresAdminUrl'), { max: 1 });
    await admin.sql.unsafe(`create database ${name}`);
    const empty = createDatabase(databaseUrl(inject('postgresAdminUrl'), name), { max: 1 });
    try {
      await migrateDatabase(empty.db);
      const tables = await empty.sql<{ table_name: string }[]>`
        select table_name from information_schema.tables where table_schema = 'public' order by table_name`;
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining([
          'audit_log', 'checkout_sessions', 'collections', 'contact_messages', 'departments', 'import_jobs', 'industries',
          'notification_preferences', 'pending_stories', 'policies', 'policy_collections', 'policy_industries',
          'policy_topics', 'search_outbox', 'sessions', 'stripe_events', 'subscriptions', 'topic_categories',
          'topics', 'users',
        ]),
      );
      const [before] = await empty.sql<{ count: number }[]>`select count(*)::int from drizzle.__drizzle_migrations`;
      await migrateDatabase(empty.db);
      const [after] = await empty.sql<{ count: number }[]>`select count(*)::int from drizzle.__drizzle_migrations`;
      expect(after!.count).toBe(before!.count);
    } finally {
      await empty.close();
      await admin.sql.unsafe(`drop database ${name} with (force)`);
      await admin.close();
    }
  });
});

describe('reference data', () => {
  let ctx: TestDatabase;
  beforeAll(async () => {
    ctx = await createTestDatabase();
  });
  afterAll(() => ctx.close());

  it('loads again without duplicates and without touching unchanged rows', async () => {
    const stamps = () => ctx.sql`select 'd' || id as key, updated_at from departments union all select 't' || id, updated_at from topics order by 1`;
    const before = await stamps();
    await loadReferenceData(ctx.db);
    await loadReferenceData(ctx.db);
    const [counts] = await ctx.sql<{ departments: number; industries: number; categories: number; topics: number }[]>`
      select (select count(*)::int from departments) as departments,
             (select count(*)::int from industries) as industries,
             (select count(*)::int from topic_categories) as categories,
             (select count(*)::int from topics) as topics`;
    expect(counts).toEqual({
      departments: departmentList.length,
      industries: industryList.length,
      categories: topicCategoryList.length,
      topics: topicList.length,
    });
    expect(await stamps()).toEqual(before);
  });

  it('has the 14 departments with the spec ids, the 20 industries in order, and at least 30 topics', async () => {
    const departments = await ctx.sql<{ id: number; code: string }[]>`select id, code from departments order by id`;
    expect(departments.map((d) => `${d.id} ${d.code}`)).toEqual([
      '1 CSRC', '2 PBOC', '3 NBS', '4 SC', '5 SAFE', '6 SAMR', '7 NDRC', '8 MIIT', '9 MOF', '10 MOFCOM', '11 MOFA', '12 HKMA', '13 NHC', '14 MOHRSS',
    ]);
    const industries = await ctx.sql<{ name: string; color: string }[]>`select name, color from industries order by id`;
    expect(industries[0]).toEqual({ name: 'Financial Services', color: 'blue' });
    expect(industries[19]).toEqual({ name: 'Professional Services', color: 'zinc' });
    const [topics] = await ctx.sql<{ count: number; longest: number }[]>`select count(*)::int, max(length(code))::int as longest from topics`;
    expect(topics!.count).toBeGreaterThanOrEqual(30);
    expect(topics!.longest).toBeLessThanOrEqual(10);
  });

  it('puts back a reference row someone changed', async () => {
    await ctx.sql`update industries set name = 'Banking' where id = 1`;
    await loadReferenceData(ctx.db);
    const [industry] = await ctx.sql<{ name: string }[]>`select name from industries where id = 1`;
    expect(industry!.name).toBe('Financial Services');
  });
});
