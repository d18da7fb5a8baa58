import { z } from '@hono/zod-openapi';
import { importanceRange } from '../../vocabulary/importance.ts';
import { linkKinds } from '../../vocabulary/document-links.ts';
import { effectivenessStatuses } from '../../vocabulary/effectiveness.ts';
import { translationStatuses } from '../../vocabulary/translation-status.ts';
import { analyticsGroupings, analyticsIntervals, type AnalyticsAnswer } from '../shared/analytics.ts';
import type { CollectionSummary } from '../shared/collection-schemas.ts';
import { maxPageSize, type Department, type HighlightPart, type Industry, type PolicyCard, type PolicyDetail, type PolicySuggestion, type SearchResponse, type Topic } from '../shared/search.ts';

/**
 * The public API's answers: stable, documented shapes (camelCase, ISO dates, ids as numbers),
 * apart from the web app's private ones, and the one place the product's reads (the search
 * builder, the policy reads, the reference lists, collections) are mapped to them. The zod
 * schemas are the contract: the OpenAPI document is generated from them, and the contract test
 * checks every answer against them.
 */

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({ format: 'date', example: '2024-05-31' });
const isoDateTime = z.string().openapi({ format: 'date-time', example: '2024-05-31T08:00:00.000Z' });

const highlightPart = z
  .object({ text: z.string(), match: z.boolean().openapi({ description: 'True for the part the query matched: show it emphasised.' }) })
  .openapi('HighlightPart');
const highlightedText = z.array(highlightPart);

const departmentRef = z
  .object({ id: z.int().openapi({ example: 1 }), code: z.string().openapi({ example: 'CSRC' }) })
  .nullable()
  .openapi('DepartmentRef', { description: 'The issuing department; null when nothing named the issuer.' });

const effectivenessStatus = z.enum(effectivenessStatuses).openapi({
  description: '`in_force`, `not_yet_in_force` (takes effect on a later day), `amended` (a newer version or an amendment has taken effect), `repealed` or `unknown`.',
});

export const policySummarySchema = z
  .object({
    id: z.int().openapi({ example: 1024 }),
    // A real State Council document (api/processing/documents/govcn-01.txt) as the examples' policy.
    title: z.string().openapi({ example: '国务院关于在市场监管领域全面推行部门联合“双随机、一公开”监管的意见' }),
    description: z.string().openapi({ example: '为持续深化“放管服”改革，推行部门联合“双随机、一公开”监管，实现市场监管领域全覆盖，现提出如下意见。' }),
    publishedOn: isoDay.openapi({ description: 'The publication date (UTC day).' }),
    department: departmentRef,
    importance: z.int().min(1).max(importanceRange.max).openapi({ description: 'Importance, 1 (low) to 10 (critical).' }),
    industries: z.array(z.object({ id: z.int(), name: z.string().openapi({ example: 'Financial Services' }) })),
    topics: z.array(z.object({ id: z.int(), code: z.string().openapi({ example: 'FINTECH' }), name: z.string().openapi({ example: 'Fintech' }) })),
    translationStatus: z.enum(translationStatuses).openapi({ description: 'The English text: `machine` translation, `reviewed` by an editor, or `pending`.' }),
    effectiveness: z.object({ status: effectivenessStatus }),
  })
  .openapi('PolicySummary');

const termMatchSchema = z.object({ chinese: z.string(), english: z.string() }).openapi('TermMatch');

export const searchHitSchema = policySummarySchema
  .extend({
    highlight: z
      .object({
        title: highlightedText,
        description: highlightedText,
        passage: highlightedText.optional().openapi({
          description: 'Where the query matched when the description does not show it: a key point, or (full access only) the English translation.',
        }),
      })
      .nullable()
      .openapi({ description: 'Present with a query (`q`): the title and description split into matched and unmatched parts.' }),
  })
  .openapi('SearchHit');

const paging = {
  page: z.int().min(1),
  pageSize: z.int().min(1).max(maxPageSize),
  total: z.int().min(0).openapi({ description: 'Policies matching, on every page.' }),
  totalPages: z.int().min(0),
};

export const policyListSchema = z.object({ policies: z.array(policySummarySchema), ...paging }).openapi('PolicyList');

export const searchResultSchema = z
  .object({
    policies: z.array(searchHitSchema),
    ...paging,
    facets: z
      .object({
        departments: z.record(z.string(), z.int()),
        industries: z.record(z.string(), z.int()),
        topics: z.record(z.string(), z.int()),
        importance: z.record(z.string(), z.int()),
        translation: z.record(z.string(), z.int()),
        effectiveness: z.record(z.string(), z.int()),
      })
      .openapi({ description: 'Counts per value (departments and topics by code, industries by name, importance "1"-"10", translation and effectiveness by status), each under every filter but its own.' }),
    crossLanguage: z
      .object({
        matched: z.array(termMatchSchema),
        policies: z.array(policySummarySchema.extend({ matched: z.array(termMatchSchema) })),
      })
      .optional()
      .openapi({
        description:
          "An English query's matches in the Chinese text (first page, a key with full access): policies the English query did not list, each with the Chinese terms it matched for which English words. A dictionary's reading aid, not a translation.",
      }),
  })
  .openapi('SearchResult');

const keyPoint = z.object({ title: z.string(), content: z.string() });

export const policyDetailSchema = policySummarySchema
  .extend({
    dateKnown: z.boolean().openapi({ description: 'False when the document carried no date: `publishedOn` is then the day it was received.' }),
    effectiveness: z
      .object({
        status: effectivenessStatus,
        since: isoDay.nullable().openapi({ description: 'The day the status began, when known.' }),
        reason: z.string().openapi({ example: 'Repealed by Regulations of the People’s Republic of China on the Export Control of Dual-Use Items on Dec 1, 2024' }),
      })
      .openapi({ description: 'Whether the document is in force, since when and why, from its dates and the documents that amend or repeal it.' }),
    links: z
      .array(z.object({ kind: z.enum(linkKinds), policyId: z.int(), title: z.string() }))
      .openapi({ description: 'The documents this one cites, amends, replaces or repeals, those that do so to it, and its copies from other sites (`sameDocument`).' }),
    unresolvedCitations: z.array(z.string()).openapi({ description: 'What the text cites (titles and document numbers) that is not in the corpus yet.' }),
    sourceUrl: z.string().nullable().openapi({ example: 'http://www.gov.cn/zhengce/content/2019-02/15/content_5365945.htm' }),
    chineseTitle: z.string().nullable().openapi({ description: "The document's own title in Chinese, null when not known." }),
    documentNumber: z.string().nullable().openapi({ description: 'The document number as the document prints it (国发〔2014〕40号, 国务院令第681号), null when it has none or it is not known.' }),
    access: z.enum(['full', 'preview']).openapi({
      description: '`full` for a key whose user may read the full text now (an active or trialing subscription, or staff); `preview` otherwise: the full-text fields are null.',
    }),
    keyPoints: z.array(keyPoint),
    analysis: z.array(z.string()).nullable(),
    industryImpacts: z.array(z.object({ industryId: z.int(), industryName: z.string().nullable(), details: z.string() })).nullable(),
    implementationTimeline: z.array(z.object({ period: z.string(), phase: z.string(), details: z.string() })).nullable(),
    topicAnalysis: z.array(z.object({ topicId: z.int(), topicName: z.string().nullable(), details: z.string() })).nullable(),
    relatedPolicies: z.array(z.object({ policyId: z.int().nullable(), date: z.string(), title: z.string(), description: z.string() })).nullable(),
    englishTranslation: z.string().nullable(),
    chineseOriginal: z.string().nullable(),
    translation: z
      .object({
        status: z.enum(translationStatuses),
        reviewedAt: isoDateTime.nullable(),
        model: z.string().nullable().openapi({ description: 'The model that made a machine translation, when known.' }),
      })
      .nullable()
      .openapi({ description: 'Whose English text it is: none yet (`pending`), machine-made (`machine`, with its model), or reviewed by an editor.' }),
  })
  .openapi('PolicyDetail');

export type PublicPolicyDetail = z.infer<typeof policyDetailSchema>;

const changeTimes = {
  changedAt: isoDateTime.openapi({ description: 'When the change was made: the feed is in this order, then by id.' }),
  addedAt: isoDateTime.openapi({ description: 'When the policy was added to the product (its first arrival, whatever its publication date).' }),
};

export const syncChangeSchema = z
  .union([
    z
      .object({ id: z.int().openapi({ example: 1024 }), deleted: z.literal(false), ...changeTimes, policy: policyDetailSchema })
      .openapi('PolicyChange', { description: 'A policy added or changed: the policy as `/policies/{id}` answers it now.' }),
    z
      .object({ id: z.int().openapi({ example: 1024 }), deleted: z.literal(true), ...changeTimes })
      .openapi('PolicyTombstone', { description: 'A policy deleted (moved to the Trash, or purged): remove it; `changedAt` is when.' }),
  ])
  .openapi('SyncChange');

export const syncPageSchema = z
  .object({
    changes: z.array(syncChangeSchema).openapi({ description: 'Oldest change first.' }),
    nextCursor: z.string().openapi({
      description: 'Send as `cursor` for the next page, and keep the last one: tomorrow it returns what changed since.',
      example: 'eyJ0IjoiMTcxNzE0MjQwMDAwMDAwMCIsImlkIjoxMDI0LCJhIjpudWxsfQ',
    }),
    hasMore: z.boolean().openapi({ description: 'True when more changes wait now: ask again with `nextCursor` at once.' }),
  })
  .openapi('SyncPage');

export const suggestionListSchema = z
  .object({
    suggestions: z.array(
      z.object({
        id: z.int(),
        title: z.string(),
        publishedOn: isoDay,
        department: departmentRef,
        highlight: z.object({ title: highlightedText, description: highlightedText }),
      }),
    ),
  })
  .openapi('SuggestionList');

export const departmentListSchema = z
  .object({ departments: z.array(z.object({ id: z.int(), code: z.string(), name: z.string() })) })
  .openapi('DepartmentList');
export const industryListSchema = z.object({ industries: z.array(z.object({ id: z.int(), name: z.string() })) }).openapi('IndustryList');
export const topicListSchema = z.object({ topics: z.array(z.object({ id: z.int(), code: z.string(), name: z.string() })) }).openapi('TopicList');

export const collectionListSchema = z
  .object({
    collections: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        createdAt: isoDateTime,
        policyCount: z.int(),
        policies: z.array(z.object({ id: z.int(), title: z.string() })).openapi({ description: 'Most recently added first.' }),
      }),
    ),
  })
  .openapi('CollectionList');

export const analyticsSchema = z
  .object({
    groupBy: z.enum(analyticsGroupings),
    interval: z.enum(analyticsIntervals),
    from: isoDay.openapi({ description: 'The first day counted.' }),
    to: isoDay.openapi({ description: 'The last day counted.' }),
    series: z.array(
      z.object({
        key: z.string().openapi({ description: 'The value filtered on: a department code, a topic code, an industry name or an importance score.', example: 'CSRC' }),
        label: z.string().openapi({ example: 'China Securities Regulatory Commission' }),
        points: z.array(
          z.object({
            period: isoDay.openapi({ description: "The period's first day (weeks start on Monday, UTC); its count covers only the days from `from` to `to`." }),
            count: z.int().min(0),
          }),
        ),
      }),
    ),
    total: z.int().min(0).openapi({ description: 'Policies in the whole range under the filters (a policy with two topics counts once here, once in each topic).' }),
  })
  .openapi('Analytics');

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'unauthorized' }),
      message: z.string().openapi({ example: 'This API key is not valid or has been revoked' }),
    }),
  })
  .openapi('Error');

type Summary = z.infer<typeof policySummarySchema>;

function departmentOf(card: Pick<PolicyCard, 'departmentId' | 'departmentCode' | 'issuerIdentified'>): Summary['department'] {
  return card.issuerIdentified === false || !card.departmentCode ? null : { id: card.departmentId, code: card.departmentCode };
}

export function toPolicySummary(card: PolicyCard): Summary {
  return {
    id: card.id,
    title: card.title,
    description: card.description,
    publishedOn: card.time,
    department: departmentOf(card),
    importance: card.impact,
    industries: card.tags.flatMap((tag) => (tag.kind === 'industry' ? [{ id: tag.industryId, name: tag.name }] : [])),
    topics: card.tags.flatMap((tag) => (tag.kind === 'topic' ? [{ id: tag.topicId, code: tag.code, name: tag.name }] : [])),
    translationStatus: card.translation.status,
    effectiveness: { status: card.effectiveness },
  };
}

const parts = (highlight: HighlightPart[]) => highlight.map(({ text, match }) => ({ text, match }));

export function toSearchResult(answer: SearchResponse): z.infer<typeof searchResultSchema> {
  return {
    policies: answer.policies.map((card) => ({
      ...toPolicySummary(card),
      highlight: card.highlight
        ? {
            title: parts(card.highlight.title),
            description: parts(card.highlight.description),
            ...(card.highlight.passage ? { passage: parts(card.highlight.passage) } : {}),
          }
        : null,
    })),
    page: answer.page,
    pageSize: answer.pageSize,
    total: answer.total,
    totalPages: answer.totalPages,
    facets: answer.facets,
    ...(answer.crossLanguage
      ? {
          crossLanguage: {
            matched: answer.crossLanguage.matched,
            policies: answer.crossLanguage.policies.map((card) => ({ ...toPolicySummary(card), matched: card.matched })),
          },
        }
      : {}),
  };
}

export function toPolicyList(answer: SearchResponse): z.infer<typeof policyListSchema> {
  return { policies: answer.policies.map(toPolicySummary), page: answer.page, pageSize: answer.pageSize, total: answer.total, totalPages: answer.totalPages };
}

export function toPolicyDetail(detail: PolicyDetail): z.infer<typeof policyDetailSchema> {
  const full = !detail.preview;
  const content = detail.fullContent;
  return {
    ...toPolicySummary({
      ...detail,
      departmentCode: detail.department?.code ?? null,
      translation: { status: detail.translation?.status ?? 'pending' },
      effectiveness: detail.effectiveness.status,
    }),
    dateKnown: detail.dateKnown !== false,
    effectiveness: detail.effectiveness,
    links: detail.links,
    unresolvedCitations: detail.unresolvedCitations,
    sourceUrl: detail.source_url,
    chineseTitle: detail.chinese_title,
    documentNumber: detail.document_number,
    access: full ? 'full' : 'preview',
    keyPoints: content.keyPoints,
    analysis: full ? (content.analysis ?? []) : null,
    industryImpacts: full ? (content.impactAnalysis ?? []) : null,
    implementationTimeline: full ? (content.implementationTimeline ?? []) : null,
    topicAnalysis: full ? (content.topicAnalysis ?? []) : null,
    relatedPolicies: full ? (content.relatedPolicies ?? []) : null,
    englishTranslation: full ? (detail.english_translation ?? null) : null,
    chineseOriginal: full ? (detail.chinese_original ?? null) : null,
    translation: full ? (detail.translation ?? null) : null,
  };
}

export function toSuggestionList(suggestions: PolicySuggestion[]): z.infer<typeof suggestionListSchema> {
  return {
    suggestions: suggestions.map((suggestion) => ({
      id: suggestion.id,
      title: suggestion.title,
      publishedOn: suggestion.time,
      department: departmentOf(suggestion),
      highlight: { title: parts(suggestion.highlight.title), description: parts(suggestion.highlight.description) },
    })),
  };
}

export const toDepartmentList = (rows: Department[]) => ({ departments: rows.map(({ id, code, fullName }) => ({ id, code, name: fullName })) });
export const toIndustryList = (rows: Industry[]) => ({ industries: rows.map(({ id, name }) => ({ id, name })) });
export const toTopicList = (rows: Topic[]) => ({ topics: rows.map(({ id, code, name_en }) => ({ id, code, name: name_en })) });
export const toCollectionList = (rows: CollectionSummary[]) => ({ collections: rows });

export const toAnalytics = (answer: AnalyticsAnswer) => answer;
