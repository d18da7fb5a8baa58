import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { departments, industries, topicCategories, topics } from './schema/index.ts';

/**
 * Reference data, loaded idempotently on every start. Department ids 1-13 are fixed by the spec
 * (the client maps ids to codes); 14 MOHRSS is ours (the landing strip and status page show it).
 * `aliasesZh` are the short Chinese names people search by; the indexer turns them into synonyms.
 */
export const departmentList = [
  { id: 1, code: 'CSRC', fullName: 'China Securities Regulatory Commission', nameZh: '中国证券监督管理委员会', aliasesZh: ['证监会'] },
  { id: 2, code: 'PBOC', fullName: "People's Bank of China", nameZh: '中国人民银行', aliasesZh: ['人民银行', '央行'] },
  { id: 3, code: 'NBS', fullName: 'National Bureau of Statistics', nameZh: '国家统计局', aliasesZh: ['统计局'] },
  { id: 4, code: 'SC', fullName: 'State Council', nameZh: '国务院', aliasesZh: ['国务院办公厅'] },
  { id: 5, code: 'SAFE', fullName: 'State Administration of Foreign Exchange', nameZh: '国家外汇管理局', aliasesZh: ['外汇局'] },
  { id: 6, code: 'SAMR', fullName: 'State Administration for Market Regulation', nameZh: '国家市场监督管理总局', aliasesZh: ['市场监管总局'] },
  { id: 7, code: 'NDRC', fullName: 'National Development and Reform Commission', nameZh: '国家发展和改革委员会', aliasesZh: ['发改委', '国家发展改革委'] },
  { id: 8, code: 'MIIT', fullName: 'Ministry of Industry and Information Technology', nameZh: '工业和信息化部', aliasesZh: ['工信部'] },
  { id: 9, code: 'MOF', fullName: 'Ministry of Finance', nameZh: '财政部', aliasesZh: [] },
  { id: 10, code: 'MOFCOM', fullName: 'Ministry of Commerce', nameZh: '商务部', aliasesZh: [] },
  { id: 11, code: 'MOFA', fullName: 'Ministry of Foreign Affairs', nameZh: '外交部', aliasesZh: [] },
  { id: 12, code: 'HKMA', fullName: 'Hong Kong Monetary Authority', nameZh: '香港金融管理局', aliasesZh: ['金管局'] },
  { id: 13, code: 'NHC', fullName: 'National Health Commission', nameZh: '国家卫生健康委员会', aliasesZh: ['卫健委', '国家卫健委'] },
  { id: 14, code: 'MOHRSS', fullName: 'Ministry of Human Resources and Social Security', nameZh: '人力资源和社会保障部', aliasesZh: ['人社部'] },
] as const;

/** The spec's twenty industries, in its order, with their display colours. */
export const industryList = [
  { id: 1, name: 'Financial Services', color: 'blue' },
  { id: 2, name: 'Technology', color: 'purple' },
  { id: 3, name: 'Manufacturing', color: 'green' },
  { id: 4, name: 'Healthcare', color: 'red' },
  { id: 5, name: 'Real Estate', color: 'amber' },
  { id: 6, name: 'Energy', color: 'yellow' },
  { id: 7, name: 'Agriculture', color: 'lime' },
  { id: 8, name: 'Transportation', color: 'cyan' },
  { id: 9, name: 'Education', color: 'indigo' },
  { id: 10, name: 'Retail', color: 'rose' },
  { id: 11, name: 'Media & Entertainment', color: 'pink' },
  { id: 12, name: 'Telecommunications', color: 'sky' },
  { id: 13, name: 'Automotive', color: 'slate' },
  { id: 14, name: 'Construction', color: 'stone' },
  { id: 15, name: 'Chemicals', color: 'violet' },
  { id: 16, name: 'Aerospace & Defense', color: 'teal' },
  { id: 17, name: 'Biotechnology', color: 'emerald' },
  { id: 18, name: 'Environmental Services', color: 'grass' },
  { id: 19, name: 'Consumer Goods', color: 'orange' },
  { id: 20, name: 'Professional Services', color: 'zinc' },
] as const;

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
