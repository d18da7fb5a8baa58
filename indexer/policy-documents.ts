import type { PendingQuery, Row, Sql } from 'postgres';
import { parsePolicyFullContent } from '../db/policy-content.ts';
import type { PolicyDocument } from './document.ts';

/** A policy row joined with everything its search document shows, as the query below returns it. */
export type PolicyDocumentRow = {
  id: number;
  title: string;
  description: string;
  english_translation: string;
  chinese_original: string;
  full_content: unknown;
  department_id: number;
  department_code: string;
  department_name: string;
  industry_ids: number[];
  industry_names: string[];
  topic_ids: number[];
  topic_codes: string[];
  topic_names: string[];
  impact: number;
  published_on: string;
  source_url: string | null;
  updated_at: string;
};

/**
 * The document's stamp: the policy's updated_at, which triggers move on every change the document
 * shows (tags, department and tag renames included). Milliseconds, with the microseconds kept as
 * a fraction, so two commits within one millisecond still differ: the indexer compares stamps to
 * detect a write it raced with.
 */
const stampOf = (sql: Sql) => sql`(extract(epoch from p.updated_at) * 1000)::text`;

function selectDocumentRows(sql: Sql, where: PendingQuery<Row[]>) {
  return sql<PolicyDocumentRow[]>`
    select p.id, p.title, p.description,
           coalesce(p.english_translation, '') as english_translation,
           coalesce(p.chinese_original, '') as chinese_original,
           p.full_content,
           p.department_id, d.code as department_code, d.full_name as department_name,
           coalesce(tagged_industries.ids, '{}') as industry_ids,
           coalesce(tagged_industries.names, '{}') as industry_names,
           coalesce(tagged_topics.ids, '{}') as topic_ids,
           coalesce(tagged_topics.codes, '{}') as topic_codes,
           coalesce(tagged_topics.names, '{}') as topic_names,
           p.impact, p.published_on::text as published_on, p.source_url,
           ${stampOf(sql)} as updated_at
    from policies p
    join departments d on d.id = p.department_id
    left join lateral (
      select array_agg(i.id order by i.id) as ids, array_agg(i.name order by i.id) as names
      from policy_industries pi join industries i on i.id = pi.industry_id
      where pi.policy_id = p.id
    ) tagged_industries on true
    left join lateral (
      -- Most relevant topic first: the order the badges show.
      select array_agg(t.id order by pt.relevance desc, t.id) as ids,
             array_agg(t.code order by pt.relevance desc, t.id) as codes,
             array_agg(t.name_en order by pt.relevance desc, t.id) as names
      from policy_topics pt join topics t on t.id = pt.topic_id
      where pt.policy_id = p.id
    ) tagged_topics on true
    ${where}`;
}

/** The one place a policy becomes its search document. */
export function toSearchDocument(row: PolicyDocumentRow): PolicyDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    englishTranslation: row.english_translation,
    chineseOriginal: row.chinese_original,
    keyPoints: (parsePolicyFullContent(row.full_content).key_points ?? []).map((point) => point.title),
    departmentId: row.department_id,
    departmentCode: row.department_code,
    departmentName: row.department_name,
    industries: row.industry_names,
    industryIds: row.industry_ids,
    topicCodes: row.topic_codes,
    topicNames: row.topic_names,
    topicIds: row.topic_ids,
    impact: row.impact,
    date: row.published_on,
    timestamp: Date.parse(`${row.published_on}T00:00:00Z`) / 1000,
    sourceUrl: row.source_url,
    updatedAt: Number(row.updated_at),
  };
}

/** The current documents of the given policies; a policy that no longer exists is simply absent. */
export async function loadPolicyDocuments(sql: Sql, policyIds: readonly number[]): Promise<PolicyDocument[]> {
  if (policyIds.length === 0) return [];
  const rows = await selectDocumentRows(sql, sql`where p.id = any(${sql.array([...policyIds], 23)}::int[])`);
  return rows.map(toSearchDocument);
}

/** Every policy's document in id order, a page at a time (keyset pagination: no long transaction). */
export async function* readAllPolicyDocuments(sql: Sql, pageSize: number): AsyncGenerator<PolicyDocument[]> {
  let after = 0;
  for (;;) {
    const rows = await selectDocumentRows(sql, sql`where p.id > ${after} order by p.id limit ${pageSize}`);
    if (rows.length === 0) return;
    yield rows.map(toSearchDocument);
    after = rows[rows.length - 1]!.id;
  }
}

/** Each policy's current stamp (all policies when no ids are given), as the documents carry it. */
export async function loadPolicyStamps(sql: Sql, policyIds?: readonly number[]): Promise<Map<number, number>> {
  const where = policyIds ? sql`where p.id = any(${sql.array([...policyIds], 23)}::int[])` : sql``;
  const rows = await sql<{ id: number; updated_at: string }[]>`
    select p.id, ${stampOf(sql)} as updated_at from policies p ${where}`;
  return new Map(rows.map((row) => [row.id, Number(row.updated_at)]));
}
