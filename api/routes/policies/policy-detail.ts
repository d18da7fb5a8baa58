import { parsePolicyFullContent } from '../../../db/policy-content.ts';
import type { PolicyDetail } from '../../shared/search.ts';
import type { StoredPolicy } from './policy-reads.ts';

/** The detail page's analysis, from `full_content` read by its one reader (db/policy-content.ts). */
export function readFullContent(stored: unknown) {
  const content = parsePolicyFullContent(stored);
  return {
    keyPoints: content.key_points ?? [],
    analysis: content.analysis ?? [],
    impactAnalysis: (content.impact_analysis ?? []).map(({ industry_id, details }) => ({ industryId: industry_id, details })),
    implementationTimeline: content.implementation_timeline ?? [],
    topicAnalysis: (content.topic_analysis ?? []).map(({ topic_id, details }) => ({ topicId: topic_id, details })),
    relatedPolicies: (content.related_policies ?? []).map(({ policy_id, ...entry }) => ({ ...entry, policyId: policy_id ?? null })),
  };
}

export type PolicyContent = ReturnType<typeof readFullContent>;

/** Industry ids named by the impact analysis, from full_content and from the industry tags' own analysis. */
export function industryImpacts(policy: StoredPolicy, content: PolicyContent): { industryId: number; details: string }[] {
  const impacts = content.impactAnalysis.filter((impact) => impact.details.trim() !== '');
  const covered = new Set(impacts.map((impact) => impact.industryId));
  for (const row of policy.industryImpacts) {
    if (row.impactAnalysis?.trim() && !covered.has(row.industryId)) impacts.push({ industryId: row.industryId, details: row.impactAnalysis });
  }
  return impacts;
}

/** The spec's cleaning of the Chinese original: no U+FFFD replacement characters, no runs of spaces. */
export function cleanChineseOriginal(original: string | null): string | null {
  if (original === null) return null;
  return original
    .replace(/\uFFFD/g, '')
    .replace(/[ \t\u00A0\u3000]{2,}/g, ' ')
    .replace(/[ \t\u00A0\u3000]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function toPolicyDetail(
  policy: StoredPolicy,
  content: PolicyContent,
  access: { entitled: true; industryNames: Map<number, string>; topicNames: Map<number, string> } | { entitled: false },
): PolicyDetail {
  const summary = {
    id: policy.id,
    title: policy.title,
    description: policy.description,
    time: policy.time,
    departmentId: policy.departmentId,
    department: policy.department,
    impact: policy.impact,
    tags: policy.tags,
    source_url: policy.sourceUrl,
  };
  if (!access.entitled) {
    // DESIGN.md: without the entitlement, title, description and key points, and the call to subscribe.
    return { ...summary, preview: true, fullContent: { keyPoints: content.keyPoints } };
  }
  return {
    ...summary,
    preview: false,
    fullContent: {
      keyPoints: content.keyPoints,
      analysis: content.analysis,
      impactAnalysis: industryImpacts(policy, content).map((impact) => ({
        ...impact,
        industryName: access.industryNames.get(impact.industryId) ?? null,
      })),
      implementationTimeline: content.implementationTimeline,
      topicAnalysis: content.topicAnalysis.map((impact) => ({ ...impact, topicName: access.topicNames.get(impact.topicId) ?? null })),
      relatedPolicies: content.relatedPolicies,
    },
    english_translation: policy.englishTranslation,
    chinese_original: cleanChineseOriginal(policy.chineseOriginal),
    translation: { status: policy.translationStatus, reviewedAt: policy.translationReviewedAt?.toISOString() ?? null },
  };
}
