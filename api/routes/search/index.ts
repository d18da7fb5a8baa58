import { Hono } from 'hono';
import { jsonBodyLimit } from '../../body-limit.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { FilterRejected, multiSearchBodySchema, toMeilisearchQuery } from '../../search/instant-search.ts';
import { publicIndexUid } from '../../search/policy-index.ts';
import { searchPolicies } from '../../search/policy-search.ts';
import { suggestPolicies } from '../../search/suggestions.ts';
import { searchQuerySchema, suggestQuerySchema } from '../../shared/search.ts';
import { validate } from '../../validation.ts';

/**
 * Search, answered from Meilisearch with the search-only key and no SQL (DESIGN.md):
 * - GET  /api/search: the search page and dashboard (results, total, pages, facet counts);
 * - GET  /api/search/suggest: the search bar's dropdown;
 * - POST /api/search/multi-search: a guarded, Meilisearch-compatible endpoint for
 *   instant-meilisearch (react-instantsearch widgets), configured with host `${origin}/api/search`.
 */
export function searchRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', validate('query', searchQuerySchema), async (c) => c.json(await searchPolicies(deps, c.req.valid('query'))))
    .get('/suggest', validate('query', suggestQuerySchema), async (c) => {
      const { q, limit } = c.req.valid('query');
      return c.json({ suggestions: await suggestPolicies(deps, q, limit) });
    })
    .post('/multi-search', jsonBodyLimit, validate('json', multiSearchBodySchema), async (c) => {
      const queries = c.req.valid('json').queries.map((query, index) => {
        try {
          return toMeilisearchQuery(query, deps.search.indexName);
        } catch (error) {
          if (error instanceof FilterRejected) throw badRequest(`queries.${index}.filter: ${error.message}`);
          throw error;
        }
      });
      const results = await deps.search.multiSearch(queries);
      // The browser knows the index by its public name only.
      return c.json({ results: results.map((result) => ({ ...result, indexUid: publicIndexUid })) });
    });
}
