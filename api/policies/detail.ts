import { citationLinks } from '../../db/citations.ts';
import { documentLinksOf, unresolvedCitationsOf, type DocumentLink } from '../../db/document-links.ts';
import { parsePolicyFullContent } from '../../db/policy-content.ts';
import { loadPolicyRecords, type PolicyRecord } from '../../db/policy-records.ts';
import type { Role } from '../../db/schema/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { hasFullAccess } from '../billing/entitlement.ts';
import { notFound } from '../http/errors.ts';
import { similarPolicies } from '../search/related-policies.ts';
import { otherSourceUrls } from '../stories/same-document.ts';
import type { PolicyCard, PolicyDetail } from '../shared/search.ts';
import { loadPolicyCards, loadTaxonomyNames, policyTagsOf } from './reads.ts';

/**
 * The detail page (full text and analysis only for entitled readers, docs/principles.md) and the policies
 * related to one.
 */

async function loadRecord(deps: Pick<AppDeps, 'db'>, id: number): Promise<PolicyRecord> {
  const [policy] = await loadPolicyRecords(deps.db, { ids: [id] });
  if (!policy) throw notFound('No policy with this id');
  return policy;
}

/**
 * The policy as `reader` may read it. Anyone may read the preview (title, description, key
 * points); the full text and analysis need an entitled reader.
 */
export async function loadPolicyDetail(deps: AppDeps, id: number, reader: { id: number; role: Role } | null): Promise<PolicyDetail> {
  const [policy, entitled] = await Promise.all([loadRecord(deps, id), hasFullAccess(deps.db, reader, deps.now())]);
  const content = readFullContent(policy.fullContent);
  const documentFacts = (await loadDocumentFacts(deps, [policy], entitled)).get(policy.id)!;
  if (!entitled) return toPolicyDetail(policy, content, { entitled: false }, documentFacts);
  const names = await loadTaxonomyNames(
    deps.db,
    content.impactAnalysis.map((impact) => impact.industryId).concat(policy.industries.map((industry) => industry.id)),
    content.topicAnalysis.map((impact) => impact.topicId),
  );
  return toPolicyDetail(policy, content, { entitled: true, industryNames: names.industries, topicNames: names.topics }, documentFacts);
}

type DocumentFacts = Pick<PolicyDetail, 'effectiveness' | 'links' | 'unresolvedCitations' | 'alsoPublishedAt' | 'otherVersions'>;

/**
 * What a policy's detail says about the document among others: its status, its links, what it
 * cites beyond the corpus, its other addresses and versions. Status and links are about the
 * document and name other policies' titles: every reader sees them. What the text cites beyond
 * the corpus is words of the text: for entitled readers (docs/principles.md).
 * For a page of policies at once (one query per kind of fact, however many policies); the detail
 * page asks for one.
 */
export async function loadDocumentFacts(deps: Pick<AppDeps, 'db'>, records: readonly PolicyRecord[], entitled: boolean): Promise<Map<number, DocumentFacts>> {
  const ids = records.map((record) => record.id);
  const [links, unresolved, sources] = await Promise.all([
    documentLinksOf(deps.db, ids),
    entitled ? unresolvedCitationsOf(deps.db, ids) : new Map<number, string[]>(),
    otherSourceUrls(deps.db, ids),
  ]);
  return new Map(
    records.map((policy) => {
      const own = links.get(policy.id) ?? [];
      const facts: DocumentFacts = {
        effectiveness: { status: policy.effectivenessStatus, since: policy.effectivenessSince, reason: policy.effectivenessReason },
        links: own.map(({ kind, policyId, title }) => ({ kind, policyId, title })),
        unresolvedCitations: unresolved.get(policy.id) ?? [],
        alsoPublishedAt: sources.get(policy.id) ?? [],
        otherVersions: versionsOf(own),
      };
      return [policy.id, facts];
    }),
  );
}

const versionKinds: readonly DocumentLink['kind'][] = ['replaces', 'replacedBy', 'amends', 'amendedBy'];

/**
 * The other versions of the document, oldest first: what "Compare with the … version" offers. Read
 * from the stored links only (a newer version replaces, an amending decision amends: decision 022),
 * so an editor's decision on a link decides what is offered too.
 */
function versionsOf(links: readonly DocumentLink[]): PolicyDetail['otherVersions'] {
  const versions = new Map(links.filter((link) => versionKinds.includes(link.kind)).map((link) => [link.policyId, { id: link.policyId, title: link.title, time: link.publishedOn }]));
  return [...versions.values()].sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
}

/**
 * Policy records as a reader with (`entitled`) or without full access reads them, in the records'
 * order: the bulk download and the sync of the public API read many at once, the taxonomy's names
 * in one read.
 */
export async function toPolicyDetails(deps: Pick<AppDeps, 'db'>, records: readonly PolicyRecord[], entitled: boolean): Promise<PolicyDetail[]> {
  const contents = records.map((record) => readFullContent(record.fullContent));
  const facts = await loadDocumentFacts(deps, records, entitled);
  if (!entitled) return records.map((record, index) => toPolicyDetail(record, contents[index]!, { entitled: false }, facts.get(record.id)!));
  const names = await loadTaxonomyNames(
    deps.db,
    records.flatMap((record, index) => contents[index]!.impactAnalysis.map((impact) => impact.industryId).concat(record.industries.map((industry) => industry.id))),
    contents.flatMap((content) => content.topicAnalysis.map((impact) => impact.topicId)),
  );
  return records.map((record, index) => toPolicyDetail(record, contents[index]!, { entitled: true, industryNames: names.industries, topicNames: names.topics }, facts.get(record.id)!));
}

/**
 * Up to `limit` policies related to one: those it cites and those citing it first, then its own
 * list of related policies as its editor or analyser chose them, then similar ones.
 */
export async function loadRelatedPolicies(deps: AppDeps, id: number, limit: number): Promise<PolicyCard[]> {
  const policy = await loadRecord(deps, id);
  const chosenIds = [
    ...new Set([
      ...(await citationLinks(deps.db, id)),
      ...readFullContent(policy.fullContent).relatedPolicies.flatMap((related) => (related.policyId !== null && related.policyId !== id ? [related.policyId] : [])),
    ]),
  ].slice(0, limit);
  const chosen = await loadPolicyCards(deps.db, chosenIds);
  if (chosen.length >= limit) return chosen;
  const similar = await similarPolicies(
    deps,
    {
      id,
      departmentId: policy.departmentId,
      industries: policy.industries.map((industry) => industry.name),
      topicCodes: policy.topics.map((topic) => topic.code),
    },
    { limit: limit - chosen.length, exclude: chosen.map((card) => card.id) },
  );
  return [...chosen, ...similar];
}

/** The detail page's analysis, from `full_content` read by its one reader (db/policy-content.ts). */
function readFullContent(stored: unknown) {
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

type PolicyContent = ReturnType<typeof readFullContent>;

/** Industry ids named by the impact analysis, from full_content and from the industry tags' own analysis. */
function industryImpacts(policy: PolicyRecord, content: PolicyContent): { industryId: number; details: string }[] {
  const impacts = content.impactAnalysis.filter((impact) => impact.details.trim() !== '');
  const covered = new Set(impacts.map((impact) => impact.industryId));
  for (const industry of policy.industries) {
    if (industry.impactAnalysis?.trim() && !covered.has(industry.id)) impacts.push({ industryId: industry.id, details: industry.impactAnalysis });
  }
  return impacts;
}

/** The spec's cleaning of the Chinese original: no U+FFFD replacement characters, no runs of spaces. */
function cleanChineseOriginal(original: string | null): string | null {
  if (original === null) return null;
  return original
    .replace(/\uFFFD/g, '')
    .replace(/[ \t\u00A0\u3000]{2,}/g, ' ')
    .replace(/[ \t\u00A0\u3000]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function toPolicyDetail(
  policy: PolicyRecord,
  content: PolicyContent,
  access: { entitled: true; industryNames: Map<number, string>; topicNames: Map<number, string> } | { entitled: false },
  documentFacts: DocumentFacts,
): PolicyDetail {
  const summary = {
    id: policy.id,
    title: policy.title,
    description: policy.description,
    time: policy.publishedOn,
    departmentId: policy.departmentId,
    department: policy.department,
    // Said only when false: what readers are shown for a known issuer and date is unchanged.
    ...(policy.issuerIdentified ? {} : { issuerIdentified: false }),
    ...(policy.dateKnown ? {} : { dateKnown: false }),
    impact: policy.impact,
    tags: policyTagsOf(policy),
    source_url: policy.sourceUrl,
    ...documentFacts,
    chinese_title: policy.chineseTitle,
    document_number: policy.documentNumber,
  };
  if (!access.entitled) {
    // docs/principles.md: without the entitlement, title, description and key points, and the call to subscribe.
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
    translation: { status: policy.translationStatus, reviewedAt: policy.translationReviewedAt?.toISOString() ?? null, model: policy.translationModel },
  };
}
