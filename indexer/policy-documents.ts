import { and, inArray } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { Database } from '../db/client.ts';
import { parsePolicyFullContent } from '../db/policy-content.ts';
import { databaseOver, livePolicy, loadPolicyRecords, policyStamp, type PolicyRecord } from '../db/policy-records.ts';
import { policies } from '../db/schema/index.ts';
import { periodValues, type GroupingKeys } from '../vocabulary/analytics.ts';
import type { PolicyDocument } from './document.ts';

/** The one place a policy becomes its search document. */
export function toSearchDocument(policy: PolicyRecord): PolicyDocument {
  const groupingKeys: GroupingKeys = {
    department: policy.issuerIdentified ? [policy.department.code] : [],
    topic: policy.topics.map((topic) => topic.code),
    industry: policy.industries.map((industry) => industry.name),
    importance: [String(policy.impact)],
  };
  return {
    id: policy.id,
    title: policy.title,
    chineseTitle: policy.chineseTitle ?? '',
    documentNumber: policy.documentNumber ?? '',
    description: policy.description,
    englishTranslation: policy.englishTranslation ?? '',
    chineseOriginal: policy.chineseOriginal ?? '',
    keyPoints: (parsePolicyFullContent(policy.fullContent).key_points ?? []).map((point) => point.title),
    departmentId: policy.department.id,
    // An issuer nothing named is no department's: its fallback id is never a badge, a facet count or a match.
    departmentCode: policy.issuerIdentified ? policy.department.code : '',
    departmentName: policy.issuerIdentified ? policy.department.fullName : '',
    industries: policy.industries.map((industry) => industry.name),
    industryIds: policy.industries.map((industry) => industry.id),
    topicCodes: policy.topics.map((topic) => topic.code),
    topicNames: policy.topics.map((topic) => topic.name),
    topicIds: policy.topics.map((topic) => topic.id),
    impact: policy.impact,
    date: policy.publishedOn,
    timestamp: Date.parse(`${policy.publishedOn}T00:00:00Z`) / 1000,
    dateKnown: policy.dateKnown,
    sourceUrl: policy.sourceUrl,
    translationStatus: policy.translationStatus,
    translationModel: policy.translationModel,
    translationReviewedOn: policy.translationReviewedAt?.toISOString().slice(0, 10) ?? null,
    effectiveness: policy.effectivenessStatus,
    issuedMonth: periodValues(policy.publishedOn, 'month', groupingKeys),
    issuedWeek: periodValues(policy.publishedOn, 'week', groupingKeys),
    updatedAt: Number(policy.stamp),
  };
}

/** Documents of the given records, the row and its tags from one snapshot (the stamp describes exactly these tags). */
async function loadDocuments(db: Database, which: Parameters<typeof loadPolicyRecords>[1]): Promise<PolicyDocument[]> {
  const records = await db.transaction((tx) => loadPolicyRecords(tx, which), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  return records.map(toSearchDocument);
}

/**
 * The current documents of the given policies; a policy that no longer exists, or is in the Trash,
 * is simply absent, and the sync deletes its document (a restore enqueues it again: it is back).
 */
export async function loadPolicyDocuments(sql: Sql, policyIds: readonly number[]): Promise<PolicyDocument[]> {
  if (policyIds.length === 0) return [];
  return loadDocuments(databaseOver(sql), { ids: policyIds });
}

/** Every policy's document in id order, a page at a time (keyset pagination: no long transaction). */
export async function* readAllPolicyDocuments(sql: Sql, pageSize: number): AsyncGenerator<PolicyDocument[]> {
  const db = databaseOver(sql);
  let afterId = 0;
  for (;;) {
    const documents = await loadDocuments(db, { afterId, limit: pageSize });
    if (documents.length === 0) return;
    yield documents;
    afterId = documents[documents.length - 1]!.id;
  }
}

/** Each live policy's current stamp (all of them when no ids are given), as the documents carry it; a policy in the Trash has none, as it has no document. */
export async function loadPolicyStamps(sql: Sql, policyIds?: readonly number[]): Promise<Map<number, number>> {
  const rows = await databaseOver(sql)
    .select({ id: policies.id, stamp: policyStamp })
    .from(policies)
    .where(and(livePolicy, policyIds ? inArray(policies.id, [...policyIds]) : undefined));
  return new Map(rows.map((row) => [row.id, Number(row.stamp)]));
}
