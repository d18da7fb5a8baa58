import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { departments, industries, policies, policyIndustries, policyTopics, topics } from '../../../db/schema/index.ts';
import { industryColor } from '../../search/cards.ts';
import { industryTag, topicTag } from '../../shared/policy-card.ts';
import type { PolicyCard, PolicyTag } from '../../shared/search.ts';

/** SQL reads of policies for the calls answered from Postgres: the ticker, the detail page, related policies. */

const cardColumns = {
  id: policies.id,
  title: policies.title,
  description: policies.description,
  time: policies.publishedOn,
  departmentId: policies.departmentId,
  departmentCode: departments.code,
  impact: policies.impact,
};

/** Industry then topic tags of each policy, in two indexed reads whatever the number of policies. */
export async function loadTags(db: Database, policyIds: readonly number[]): Promise<Map<number, PolicyTag[]>> {
  const tags = new Map<number, PolicyTag[]>(policyIds.map((id) => [id, []]));
  if (policyIds.length === 0) return tags;
  const [industryRows, topicRows] = await Promise.all([
    db
      .select({ policyId: policyIndustries.policyId, id: industries.id, name: industries.name })
      .from(policyIndustries)
      .innerJoin(industries, eq(industries.id, policyIndustries.industryId))
      .where(inArray(policyIndustries.policyId, [...policyIds]))
      .orderBy(asc(industries.id)),
    db
      .select({ policyId: policyTopics.policyId, id: topics.id, code: topics.code, name: topics.nameEn })
      .from(policyTopics)
      .innerJoin(topics, eq(topics.id, policyTopics.topicId))
      .where(inArray(policyTopics.policyId, [...policyIds]))
      .orderBy(desc(policyTopics.relevance), asc(topics.id)),
  ]);
  for (const row of industryRows) tags.get(row.policyId)?.push(industryTag(row.id, row.name, industryColor(row.id)));
  for (const row of topicRows) tags.get(row.policyId)?.push(topicTag(row.id, row.code, row.name));
  return tags;
}

async function withTags(db: Database, rows: Omit<PolicyCard, 'tags'>[]): Promise<PolicyCard[]> {
  const tags = await loadTags(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] }));
}

/** A page of policies by publication date (the ticker's "latest"). */
export async function loadPolicyPage(
  db: Database,
  options: { page: number; pageSize: number; sortOrder: 'latest' | 'oldest' },
): Promise<PolicyCard[]> {
  const order =
    options.sortOrder === 'latest' ? [desc(policies.publishedOn), desc(policies.id)] : [asc(policies.publishedOn), asc(policies.id)];
  const rows = await db
    .select(cardColumns)
    .from(policies)
    .leftJoin(departments, eq(departments.id, policies.departmentId))
    .orderBy(...order)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return withTags(db, rows);
}

/** Cards of the given policies, in the given order; ids without a policy are left out. */
export async function loadPolicyCards(db: Database, ids: readonly number[]): Promise<PolicyCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(policies)
    .leftJoin(departments, eq(departments.id, policies.departmentId))
    .where(inArray(policies.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return withTags(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** Everything the detail page may show, or null for an unknown id. */
export async function loadPolicy(db: Database, id: number) {
  const [row] = await db
    .select({
      id: policies.id,
      title: policies.title,
      description: policies.description,
      time: policies.publishedOn,
      departmentId: policies.departmentId,
      impact: policies.impact,
      sourceUrl: policies.sourceUrl,
      englishTranslation: policies.englishTranslation,
      translationStatus: policies.translationStatus,
      translationReviewedAt: policies.translationReviewedAt,
      chineseOriginal: policies.chineseOriginal,
      fullContent: policies.fullContent,
      department: { id: departments.id, code: departments.code, fullName: departments.fullName },
    })
    .from(policies)
    .leftJoin(departments, eq(departments.id, policies.departmentId))
    .where(eq(policies.id, id));
  if (!row) return null;
  const [industryRows, tags] = await Promise.all([
    db
      .select({ industryId: policyIndustries.industryId, impactAnalysis: policyIndustries.impactAnalysis })
      .from(policyIndustries)
      .where(eq(policyIndustries.policyId, id)),
    loadTags(db, [id]),
  ]);
  return { ...row, tags: tags.get(id) ?? [], industryImpacts: industryRows };
}

export type StoredPolicy = NonNullable<Awaited<ReturnType<typeof loadPolicy>>>;

/** Names of industries and topics by id, for analysis entries that name one the policy is not tagged with. */
export async function loadTaxonomyNames(db: Database, industryIds: readonly number[], topicIds: readonly number[]) {
  const [industryRows, topicRows] = await Promise.all([
    industryIds.length
      ? db.select({ id: industries.id, name: industries.name }).from(industries).where(inArray(industries.id, [...industryIds]))
      : [],
    topicIds.length ? db.select({ id: topics.id, name: topics.nameEn }).from(topics).where(inArray(topics.id, [...topicIds])) : [],
  ]);
  return {
    industries: new Map(industryRows.map((row) => [row.id, row.name])),
    topics: new Map(topicRows.map((row) => [row.id, row.name])),
  };
}
