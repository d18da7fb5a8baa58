import { format, parseISO } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { livePolicy } from '../../db/policy-records.ts';
import { policies } from '../../db/schema/index.ts';
import { importanceLabel } from '../../vocabulary/importance.ts';
import { productName } from '../../vocabulary/product.ts';
import { translationStatusLabels } from '../../vocabulary/translation-status.ts';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from '../http/errors.ts';
import type { SessionUser } from '../auth/session.ts';
import { loadPolicyDetail } from '../policies/detail.ts';
import type { PolicyDetail } from '../shared/search.ts';
import type { ExportSection, PolicyExport } from './policy-export.ts';

/**
 * What a policy's PDF and Word files hold, in reading order, from the detail page's own read
 * (loadPolicyDetail, so an export shows exactly what the reader may read) and the Chinese title.
 * Both writers walk these sections, so the two files carry the same content and the same outline.
 */

const dateText = (isoDay: string) => format(parseISO(isoDay), 'MMM d, yyyy');

export function translationLabel(translation: PolicyDetail['translation']): string {
  if (!translation) return translationStatusLabels.pending;
  if (translation.status === 'reviewed' && translation.reviewedAt) return `${translationStatusLabels.reviewed} (${dateText(translation.reviewedAt)})`;
  return translationStatusLabels[translation.status];
}

/** A text's paragraphs: blank lines and line breaks both end one (the texts hold either). */
function paragraphsOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The policy as `reader` may read it; the route has already refused readers without the full text. */
export async function loadPolicyExport(deps: AppDeps, id: number, reader: SessionUser, layout: 'standard' | 'bilingual'): Promise<PolicyExport> {
  const [detail, [titles]] = await Promise.all([
    loadPolicyDetail(deps, id, reader),
    deps.db.select({ chineseTitle: policies.chineseTitle, documentNumber: policies.documentNumber }).from(policies).where(and(eq(policies.id, id), livePolicy)),
  ]);
  const policyUrl = `${deps.config.APP_URL}/policy/${id}`;
  const band = importanceLabel(detail.impact);
  const facts = [
    { label: 'Department', value: detail.issuerIdentified === false || !detail.department ? 'Unidentified issuer' : `${detail.department.fullName} (${detail.department.code})` },
    { label: 'Date', value: detail.dateKnown === false ? `Date unknown (received ${dateText(detail.time)})` : dateText(detail.time) },
    { label: 'Importance', value: band ? `${detail.impact}/10 · ${band}` : `${detail.impact}/10` },
    ...(detail.source_url ? [{ label: 'Source', value: detail.source_url, link: detail.source_url }] : []),
    { label: 'Translation', value: translationLabel(detail.translation) },
  ];
  const english = paragraphsOf(detail.english_translation);
  const chinese = paragraphsOf(detail.chinese_original);
  const texts: ExportSection[] =
    layout === 'bilingual'
      ? [
          {
            kind: 'bilingual',
            heading: 'English and Chinese Text',
            // Paragraph by paragraph; a text with more paragraphs than the other finishes alone.
            pairs: Array.from({ length: Math.max(english.length, chinese.length) }, (_, index) => ({ en: english[index] ?? null, zh: chinese[index] ?? null })),
          },
        ]
      : [
          { kind: 'paragraphs', heading: 'English Text', paragraphs: english.length ? english : ['The English translation of this policy is not available yet.'], lang: 'en' },
          { kind: 'paragraphs', heading: 'Chinese Original', paragraphs: chinese.length ? chinese : ['The original text of this policy is not available.'], lang: 'zh' },
        ];
  const content = detail.fullContent;
  const analysis = [
    ...(content.analysis ?? []),
    ...(content.implementationTimeline ?? []).map((entry) => `${entry.phase}${entry.period ? ` (${entry.period})` : ''}: ${entry.details}`),
  ];
  const impacts = [
    ...(content.impactAnalysis ?? []).map((impact) => ({ title: impact.industryName ?? 'Industry', content: impact.details })),
    ...(content.topicAnalysis ?? []).map((impact) => ({ title: impact.topicName ?? 'Topic', content: impact.details })),
  ];
  const tagNames = (kind: 'industry' | 'topic') => detail.tags.filter((tag) => tag.kind === kind).map((tag) => tag.name).join(', ') || 'None';
  return {
    title: detail.title,
    chineseTitle: titles?.chineseTitle ?? null,
    documentNumber: titles?.documentNumber ?? null,
    policyUrl,
    footer: `${productName} · ${policyUrl} · Exported ${format(deps.now(), 'MMM d, yyyy')}`,
    sections: [
      { kind: 'facts', heading: 'Summary', facts },
      ...(detail.description ? [{ kind: 'paragraphs', heading: 'Description', paragraphs: [detail.description], lang: 'en' } satisfies ExportSection] : []),
      { kind: 'points', heading: 'Key Points', points: content.keyPoints.length ? content.keyPoints : [{ title: '', content: 'No key points.' }] },
      ...texts,
      { kind: 'paragraphs', heading: 'Analysis', paragraphs: analysis.length ? analysis : ['No analysis is available for this policy yet.'], lang: 'en' },
      { kind: 'points', heading: 'Industry Impacts', points: impacts.length ? impacts : [{ title: '', content: 'No industry impacts.' }] },
      { kind: 'facts', heading: 'Tags', facts: [{ label: 'Industries', value: tagNames('industry') }, { label: 'Topics', value: tagNames('topic') }] },
    ],
  };
}

/** The characters of text a policy's file would hold: its titles and every section's texts. */
export function exportLength(policy: PolicyExport): number {
  const texts = policy.sections.flatMap((section): (string | null)[] => {
    switch (section.kind) {
      case 'facts':
        return section.facts.flatMap((fact) => [fact.label, fact.value]);
      case 'points':
        return section.points.flatMap((point) => [point.title, point.content]);
      case 'paragraphs':
        return section.paragraphs;
      case 'bilingual':
        return section.pairs.flatMap((pair) => [pair.en, pair.zh]);
    }
  });
  return [policy.title, policy.chineseTitle, policy.documentNumber, ...texts].reduce((sum, text) => sum + (text?.length ?? 0), 0);
}

export const exportTooLongMessage = (characters: number, limit: number) =>
  `This policy is too long to export as a file: ${characters.toLocaleString('en')} characters, where an export holds up to ${limit.toLocaleString('en')}. Read it on its page instead.`;

/** A policy past `limit` characters is refused with 422 before any work: its file would take minutes of a thread. */
export function checkExportLength(policy: PolicyExport, limit: number): void {
  const characters = exportLength(policy);
  if (characters > limit) throw new AppError('unprocessable', exportTooLongMessage(characters, limit));
}
