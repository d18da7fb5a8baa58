import { createRoute, z } from '@hono/zod-openapi';
import { analyticsGroupings, analyticsIntervals, maxAnalyticsPeriods } from '../../shared/analytics.ts';
import { maxSuggestions, searchPageSizes, searchSorts } from '../../shared/search.ts';
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
  topicListSchema,
} from '../../public-api/shapes.ts';

/**
 * The routes of /api/v1 as data: path, parameters and answers, from which the handlers are typed
 * and the OpenAPI document is generated. Query values are documented here, read as search criteria
 * by ./criteria.ts and checked by the search's own schema (api/shared/search.ts), the one rule for
 * search criteria.
 */

export const maxPageSize = Math.max(...searchPageSizes);

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
  pageSize: z
    .enum(searchPageSizes.map(String) as [string, ...string[]])
    .optional()
    .openapi({ description: `Policies a page: ${searchPageSizes.join(', ')} (default 20, at most ${maxPageSize}).` }),
});

const searchQuery = filterQuery.extend({
  q: z.string().optional().openapi({ description: 'Words to search for, English or Chinese; matched partially and with typos forgiven.', example: 'data security' }),
});

const idParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'A policy id (a whole number).', example: '1' }),
});

const json = <Schema extends z.ZodType>(schema: Schema, description: string) => ({ content: { 'application/json': { schema } }, description });

const errors = {
  400: json(errorSchema, 'A parameter is malformed: the message names it.'),
  401: json(errorSchema, 'No API key, or one that is not valid or has been revoked.'),
  429: json(errorSchema, 'Past the per-minute or per-day limit of the key: retry after `Retry-After` seconds.'),
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
  responses: { 200: json(policyDetailSchema, 'The policy.'), ...errors, 404: json(errorSchema, 'No policy with this id.') },
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
