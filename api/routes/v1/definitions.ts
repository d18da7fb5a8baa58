import { createRoute, z } from '@hono/zod-openapi';
import { analyticsGroupings, analyticsIntervals, maxAnalyticsPeriods } from '../../shared/analytics.ts';
import { maxPageSize, maxSuggestions, searchSorts } from '../../shared/search.ts';
import {
  analyticsSchema,
  collectionListSchema,
  departmentListSchema,
  errorSchema,
  industryListSchema,
  policyDetailSchema,
  policyListSchema,
  searchResultSchema,
  suggestionListSchema,
  syncPageSchema,
  topicListSchema,
} from '../../public-api/shapes.ts';

/**
 * The routes of /api/v1 as data: path, parameters and answers, from which the handlers are typed
 * and the OpenAPI document is generated. Query values are documented here, read as search criteria
 * by ./criteria.ts and checked by the search's own schema (api/shared/search.ts), the one rule for
 * search criteria.
 */

const list = (description: string, example: string) => z.string().optional().openapi({ description: `${description} Comma-separated.`, example });

/** The list filters: comma-separated here, each under the criteria's own name (./criteria.ts reads them). */
const listFilters = {
  departments: list('Departments by code or id.', 'CSRC,PBOC'),
  industries: list('Industries by name.', 'Financial Services,Technology'),
  topics: list('Topics by code.', 'FINTECH'),
  translation: list('Translation status: `machine` (an LLM translated it), `reviewed` (an editor reviewed it) or `pending` (no English text yet).', 'machine,reviewed'),
  effectiveness: list('Whether the document is in force: `in_force`, `not_yet_in_force`, `amended` (a newer version or an amendment exists), `repealed` or `unknown`.', 'in_force,not_yet_in_force'),
};
export const listParameters: ReadonlySet<string> = new Set(Object.keys(listFilters));

const filterQuery = z.object({
  ...listFilters,
  startDate: z.string().optional().openapi({ description: 'Published on or after this day (YYYY-MM-DD).', example: '2024-01-01' }),
  endDate: z.string().optional().openapi({ description: 'Published on or before this day (YYYY-MM-DD).', example: '2024-12-31' }),
  minImportance: z.string().optional().openapi({ description: 'Importance at least (0-10; 0 is any).', example: '6' }),
  maxImportance: z.string().optional().openapi({ description: 'Importance at most (0-10).' }),
  sortBy: z
    .enum(searchSorts)
    .optional()
    .openapi({ description: '`latest` or `oldest` by publication date, or `relevance` (with a query). Default: relevance with `q`, else latest.' }),
  page: z.string().optional().openapi({ description: 'Page number, from 1 (default 1; at most 100000).', example: '1' }),
  pageSize: z.string().optional().openapi({ description: `Policies a page: any whole number from 1 to ${maxPageSize} (default 20).`, example: '30' }),
});

const searchQuery = filterQuery.extend({
  q: z.string().optional().openapi({ description: 'Words to search for, English or Chinese; matched partially and with typos forgiven.', example: 'data security' }),
});

const idParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'A policy id (a whole number).', example: '1' }),
});

const json = <Schema extends z.ZodType>(schema: Schema, description: string) => ({ content: { 'application/json': { schema } }, description });

/** An error answer, with an example of what it says (the others are generated from the schemas: api/public-api/openapi-examples.ts). */
const failure = (description: string, code: string, message: string) => ({
  content: { 'application/json': { schema: errorSchema, example: { error: { code, message } } } },
  description,
});

const errors = {
  400: failure('A parameter is malformed: the message names it.', 'bad_request', 'pageSize: must be at most 100'),
  401: failure('No API key, or one that is not valid or has been revoked.', 'unauthorized', 'This API key is not valid or has been revoked'),
  429: failure('Past the per-minute or per-day limit of the key: retry after `Retry-After` seconds.', 'rate_limited', 'Rate limit reached (60 a minute for this API key); retry in 42 s'),
};

const keyed = { security: [{ apiKey: [] }] };

export const listPoliciesRoute = createRoute({
  method: 'get',
  path: '/policies',
  tags: ['Policies'],
  summary: 'List policies',
  description: 'Policies by the search filters, newest first unless `sortBy` says otherwise, a page at a time.',
  ...keyed,
  request: { query: filterQuery },
  responses: { 200: json(policyListSchema, 'A page of policies.'), ...errors },
});

export const getPolicyRoute = createRoute({
  method: 'get',
  path: '/policies/{id}',
  tags: ['Policies'],
  summary: 'Read a policy',
  description: "The policy as the key's user may read it now: the full text and analysis with full access, else the preview (title, description, key points).",
  ...keyed,
  request: { params: idParam },
  responses: { 200: json(policyDetailSchema, 'The policy.'), ...errors, 404: failure('No policy with this id.', 'not_found', 'No policy with this id') },
});

export const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['Search'],
  summary: 'Search policies',
  description: "Full-text search with highlights and facet counts. It matches only what the key's user may read: without full access, not the full translation or the Chinese original.",
  ...keyed,
  request: { query: searchQuery },
  responses: { 200: json(searchResultSchema, 'A page of results.'), ...errors },
});

const analyticsQuery = filterQuery.omit({ sortBy: true, page: true, pageSize: true }).extend({
  q: searchQuery.shape.q,
  groupBy: z.enum(analyticsGroupings).optional().openapi({ description: 'What each series is: a department, topic, industry or importance score (default department).', example: 'topic' }),
  interval: z.enum(analyticsIntervals).optional().openapi({ description: 'A point per week (from Monday, UTC) or per month (default month).', example: 'month' }),
  from: z.string().optional().openapi({ description: 'The first day counted (YYYY-MM-DD; default a year before `to`, from the start of that week or month).', example: '2025-01-01' }),
  to: z.string().optional().openapi({ description: `The last day counted (YYYY-MM-DD; default today). At most ${maxAnalyticsPeriods} periods.`, example: '2025-12-31' }),
});

export const analyticsRoute = createRoute({
  method: 'get',
  path: '/analytics',
  tags: ['Analytics'],
  summary: 'Count policies over time',
  description:
    "Policies per week or month, one series per department, topic, industry or importance score, under the search filters: the counts of exactly the policies `/search` lists with the same filters and the period's dates. With a grouping's own filter (say `topics`), only the values chosen are series.",
  ...keyed,
  request: { query: analyticsQuery },
  responses: { 200: json(analyticsSchema, 'The series and the total.'), ...errors },
});

export const suggestionsRoute = createRoute({
  method: 'get',
  path: '/suggestions',
  tags: ['Search'],
  summary: 'Suggest policies as one types',
  ...keyed,
  request: {
    query: z.object({
      q: z.string().optional().openapi({ description: 'What has been typed so far.', example: 'semicon' }),
      limit: z.string().optional().openapi({ description: `Suggestions wanted, 1-${maxSuggestions} (default 5).`, example: '5' }),
    }),
  },
  responses: { 200: json(suggestionListSchema, 'Suggestions, best first.'), ...errors },
});

const referenceRoute = <Schema extends z.ZodType>(path: string, summary: string, schema: Schema) =>
  createRoute({ method: 'get', path, tags: ['Reference'], summary, ...keyed, responses: { 200: json(schema, summary), 401: errors[401], 429: errors[429] } });

export const departmentsRoute = referenceRoute('/departments', 'The issuing departments', departmentListSchema);
export const industriesRoute = referenceRoute('/industries', 'The industries policies are tagged with', industryListSchema);
export const topicsRoute = referenceRoute('/topics', 'The topics policies are tagged with', topicListSchema);

export const collectionsRoute = createRoute({
  method: 'get',
  path: '/collections',
  tags: ['Collections'],
  summary: "The key's user's collections",
  description: 'Newest first, each with its policies (id and title), most recently added first.',
  ...keyed,
  responses: { 200: json(collectionListSchema, 'The collections.'), 401: errors[401], 429: errors[429] },
});

export const changesRoute = createRoute({
  method: 'get',
  path: '/changes',
  tags: ['Sync'],
  summary: 'Sync: what changed since',
  description:
    "Every policy added, changed or deleted, oldest change first, a page at a time: a live policy as `/policies/{id}` answers it, a deleted one (moved to the Trash, or purged) as a tombstone. Start with `updatedSince` (or nothing, for everything), then follow `nextCursor` while `hasMore`; keep the last `nextCursor` and start from it next time. A change shows once it is a minute old. Back-dated arrivals come by when they arrived, not by their publication date.",
  ...keyed,
  request: {
    query: z.object({
      updatedSince: z.string().optional().openapi({ description: 'Changes made at or after this time (ISO 8601 date or date-time). Not with `cursor`.', example: '2024-05-30T07:00:00Z' }),
      addedSince: z.string().optional().openapi({ description: 'Only policies added at or after this time (ISO 8601). Not with `cursor`, which keeps it.', example: '2024-01-01' }),
      cursor: z.string().optional().openapi({ description: 'The `nextCursor` of the last page: where it ended, and its filters.' }),
      pageSize: z.string().optional().openapi({ description: `Changes a page: 1 to ${maxPageSize} (default ${maxPageSize}).`, example: '100' }),
    }),
  },
  responses: { 200: json(syncPageSchema, 'A page of changes.'), ...errors },
});

export const bulkRoute = createRoute({
  method: 'get',
  path: '/bulk/policies.jsonl.gz',
  tags: ['Sync'],
  summary: 'Bulk download of every policy',
  description:
    "Every policy the key's user may read, in id order, as gzipped JSON Lines: one `PolicyChange` (see `/changes`) a line, streamed. If the download breaks, ask again with `after` set to the id of the last whole line. The `Sync-Cursor` header is the `cursor` for `/changes` that picks up every change made since the download began.",
  ...keyed,
  request: {
    query: z.object({
      after: z.string().optional().openapi({ description: 'Resume after the policy with this id (the last whole line you received).', example: '1024' }),
    }),
  },
  responses: {
    200: {
      content: { 'application/gzip': { schema: z.string().openapi({ format: 'binary' }), example: '(gzip of lines such as {"id":1024,"deleted":false,"changedAt":"...","addedAt":"...","policy":{...}})' } },
      description: 'The policies, gzipped JSON Lines.',
      headers: z.object({ 'Sync-Cursor': z.string().openapi({ description: 'The `/changes` cursor for every change made since the download began.' }) }),
    },
    ...errors,
  },
});
