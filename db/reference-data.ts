import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { departmentList } from '../vocabulary/departments.ts';
import { industryList } from '../vocabulary/industries.ts';
import { departments, industries, topicCategories, topics } from './schema/index.ts';

/**
 * Reference data, loaded idempotently on every start. Departments and industries are vocabulary
 * (vocabulary/): the web app and the index read the same lists without importing db/.
 */
export { departmentList, industryList };

export const topicCategoryList = [
  { id: 1, name: 'Monetary & Financial' },
  { id: 2, name: 'Fiscal & Tax' },
  { id: 3, name: 'Trade & Investment' },
  { id: 4, name: 'Industry & Technology' },
  { id: 5, name: 'Market Regulation' },
  { id: 6, name: 'Social & Labour' },
  { id: 7, name: 'Energy & Environment' },
  { id: 8, name: 'Property & Regional' },
] as const;

/** Topic taxonomy: code (at most 10 characters), English name, category. Ids follow list order. */
export const topicList = [
  { code: 'MONPOL', nameEn: 'Monetary Policy', categoryId: 1 },
  { code: 'RATES', nameEn: 'Interest Rates', categoryId: 1 },
  { code: 'CREDIT', nameEn: 'Credit & Lending', categoryId: 1 },
  { code: 'FX', nameEn: 'Foreign Exchange', categoryId: 1 },
  { code: 'ECNY', nameEn: 'Digital Currency (e-CNY)', categoryId: 1 },
  { code: 'CAPMKT', nameEn: 'Capital Markets', categoryId: 1 },
  { code: 'IPO', nameEn: 'IPOs & Listings', categoryId: 1 },
  { code: 'BONDS', nameEn: 'Bond Market', categoryId: 1 },
  { code: 'FINSTAB', nameEn: 'Financial Stability', categoryId: 1 },
  { code: 'FINTECH', nameEn: 'Fintech', categoryId: 1 },
  { code: 'TAX', nameEn: 'Taxation', categoryId: 2 },
  { code: 'FISCAL', nameEn: 'Fiscal Policy', categoryId: 2 },
  { code: 'LGDEBT', nameEn: 'Local Government Debt', categoryId: 2 },
  { code: 'SUBSIDY', nameEn: 'Subsidies & Incentives', categoryId: 2 },
  { code: 'TRADE', nameEn: 'Foreign Trade', categoryId: 3 },
  { code: 'EXPCTRL', nameEn: 'Export Controls', categoryId: 3 },
  { code: 'FDI', nameEn: 'Foreign Investment', categoryId: 3 },
  { code: 'TARIFF', nameEn: 'Tariffs', categoryId: 3 },
  { code: 'BRI', nameEn: 'Belt and Road Initiative', categoryId: 3 },
  { code: 'AI', nameEn: 'Artificial Intelligence', categoryId: 4 },
  { code: 'SEMI', nameEn: 'Semiconductors', categoryId: 4 },
  { code: 'DATASEC', nameEn: 'Data Security', categoryId: 4 },
  { code: 'CYBER', nameEn: 'Cybersecurity', categoryId: 4 },
  { code: 'NEV', nameEn: 'New Energy Vehicles', categoryId: 4 },
  { code: 'MFGUP', nameEn: 'Manufacturing Upgrade', categoryId: 4 },
  { code: 'PLATFORM', nameEn: 'Platform Economy', categoryId: 4 },
  { code: 'ANTITRUST', nameEn: 'Antitrust & Competition', categoryId: 5 },
  { code: 'CONSUMER', nameEn: 'Consumer Protection', categoryId: 5 },
  { code: 'SOE', nameEn: 'State-Owned Enterprises', categoryId: 5 },
  { code: 'PRIVATE', nameEn: 'Private Economy', categoryId: 5 },
  { code: 'FOODSAFE', nameEn: 'Food & Drug Safety', categoryId: 5 },
  { code: 'EMPLOY', nameEn: 'Employment', categoryId: 6 },
  { code: 'PENSION', nameEn: 'Pensions & Social Security', categoryId: 6 },
  { code: 'HEALTH', nameEn: 'Public Health', categoryId: 6 },
  { code: 'EDU', nameEn: 'Education & Skills', categoryId: 6 },
  { code: 'CARBON', nameEn: 'Carbon Neutrality', categoryId: 7 },
  { code: 'RENEW', nameEn: 'Renewable Energy', categoryId: 7 },
  { code: 'POLLUTION', nameEn: 'Pollution Control', categoryId: 7 },
  { code: 'PROPERTY', nameEn: 'Property Market', categoryId: 8 },
  { code: 'URBAN', nameEn: 'Urbanisation', categoryId: 8 },
  { code: 'RURAL', nameEn: 'Rural Revitalisation', categoryId: 8 },
  { code: 'GBA', nameEn: 'Greater Bay Area', categoryId: 8 },
] as const;

/**
 * Upserts every reference row. Only rows whose values differ are written, so a restart does not
 * touch `updated_at` (and does not make the indexer re-index every policy).
 */
export async function loadReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(departments)
      .values(departmentList.map(({ aliasesZh: _aliases, ...d }) => d))
      .onConflictDoUpdate({
        target: departments.id,
        set: { code: sql`excluded.code`, fullName: sql`excluded.full_name`, nameZh: sql`excluded.name_zh`, updatedAt: sql`now()` },
        setWhere: sql`(${departments.code}, ${departments.fullName}, ${departments.nameZh}) is distinct from (excluded.code, excluded.full_name, excluded.name_zh)`,
      });
    await tx
      .insert(industries)
      .values([...industryList])
      .onConflictDoUpdate({
        target: industries.id,
        set: { name: sql`excluded.name`, color: sql`excluded.color`, updatedAt: sql`now()` },
        setWhere: sql`(${industries.name}, ${industries.color}) is distinct from (excluded.name, excluded.color)`,
      });
    await tx
      .insert(topicCategories)
      .values([...topicCategoryList])
      .onConflictDoUpdate({ target: topicCategories.id, set: { name: sql`excluded.name` }, setWhere: sql`${topicCategories.name} is distinct from excluded.name` });
    await tx
      .insert(topics)
      .values(topicList.map((t, i) => ({ id: i + 1, ...t })))
      .onConflictDoUpdate({
        target: topics.id,
        set: { code: sql`excluded.code`, nameEn: sql`excluded.name_en`, categoryId: sql`excluded.category_id`, updatedAt: sql`now()` },
        setWhere: sql`(${topics.code}, ${topics.nameEn}, ${topics.categoryId}) is distinct from (excluded.code, excluded.name_en, excluded.category_id)`,
      });
    // Topic ids are given explicitly above; keep the serial ahead of them for rows added later.
    await tx.execute(sql`select setval(pg_get_serial_sequence('topics', 'id'), greatest((select max(id) from topics), 1))`);
  });
}
