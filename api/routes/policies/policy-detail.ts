import { z } from 'zod';
import type { PolicyDetail } from '../../shared/search.ts';
import type { StoredPolicy } from './policy-reads.ts';

/**
 * The detail page's policy. `full_content` comes from the editor, imports and the analyser over
 * the years, in snake_case or camelCase and sometimes as a JSON string (spec section 3), so it is
 * read leniently: an entry that does not fit is left out rather than failing the page.
 */

const text = z.string().catch('');
const id = z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/).transform(Number)]);
const required = z.string().trim().min(1);
const keyPoint = z.object({ title: required, content: text });
const industryImpact = z.object({ industryId: id, details: text });
const topicImpact = z.object({ topicId: id, details: text });
const timelineEntry = z.object({ period: text, phase: text, details: text });
const relatedPolicy = z.object({ date: text, title: required, description: text, policyId: id.nullable().catch(null) });

function listOf<T extends z.ZodType>(item: T, value: unknown, rename: Record<string, string> = {}): z.output<T>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }
    const renamed = Object.fromEntries(Object.entries(entry).map(([key, field]) => [rename[key] ?? key, field]));
    const parsed = item.safeParse(renamed);
    return parsed.success ? [parsed.data] : [];
  });
}

export type PolicyContent = ReturnType<typeof readFullContent>;

export function readFullContent(stored: unknown) {
  let content: unknown = stored;
  if (typeof content === 'string') {
    try {
      content = JSON.parse(content);
    } catch {
      content = {};
    }
  }
  const record = (typeof content === 'object' && content !== null ? content : {}) as Record<string, unknown>;
  const pick = (snake: string, camel: string) => record[snake] ?? record[camel];
  return {
    keyPoints: listOf(keyPoint, pick('key_points', 'keyPoints')),
    analysis: listOf(z.string(), record.analysis).filter((paragraph) => paragraph.trim() !== ''),
    impactAnalysis: listOf(industryImpact, pick('impact_analysis', 'impactAnalysis'), { industry_id: 'industryId' }),
    implementationTimeline: listOf(timelineEntry, pick('implementation_timeline', 'implementationTimeline')),
    topicAnalysis: listOf(topicImpact, pick('topic_analysis', 'topicAnalysis'), { topic_id: 'topicId' }),
    relatedPolicies: listOf(relatedPolicy, pick('related_policies', 'relatedPolicies'), { policy_id: 'policyId' }),
  };
}

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
  };
}
