import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { livePolicy, loadPolicyTags, type PolicyTags } from '../../db/policy-records.ts';
import { departments, industries, policies, topics } from '../../db/schema/index.ts';
import { industryTag, topicTag } from '../shared/policy-card.ts';
import type { PolicyCard, PolicyTag } from '../shared/search.ts';

/** Policy reads answered from Postgres: the ticker's cards, related policies' cards, and the tags every view shows. */

const cardColumns = {
  id: policies.id,
  title: policies.title,
  description: policies.description,
  time: policies.publishedOn,
  departmentId: policies.departmentId,
  // An issuer nothing named has no department to show (its id is the analyser's fallback).
  departmentCode: sql<string | null>`case when ${policies.issuerIdentified} then ${departments.code} end`,
  impact: policies.impact,
  effectiveness: policies.effectivenessStatus,
  translation: {
    status: policies.translationStatus,
    model: policies.translationModel,
    reviewedOn: sql<string | null>`to_char(${policies.translationReviewedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
  },
};

/** A policy's tags as the cards, the detail page and the editor show them: industries, then topics. */
export function policyTagsOf(tags: PolicyTags): PolicyTag[] {
  return [
    ...tags.industries.map((industry) => industryTag(industry.id, industry.name)),
    ...tags.topics.map((topic) => topicTag(topic.id, topic.code, topic.name)),
  ];
}

async function withTags(db: Database, rows: Omit<PolicyCard, 'tags'>[]): Promise<PolicyCard[]> {
  const tags = await loadPolicyTags(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tags: policyTagsOf(tags.get(row.id)!) }));
}

/** A page of policies by publication date (the ticker's "latest"), those whose date is known. */
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
    // A document whose own date is unknown is dated by when it was received: never today's news.
    .where(and(livePolicy, eq(policies.dateKnown, true)))
    .orderBy(...order)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return withTags(db, rows);
}

/** Cards of the given policies, in the given order; ids without a live policy are left out. */
export async function loadPolicyCards(db: Database, ids: readonly number[]): Promise<PolicyCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(policies)
    .leftJoin(departments, eq(departments.id, policies.departmentId))
    .where(and(livePolicy, inArray(policies.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return withTags(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

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
