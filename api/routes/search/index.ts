import { Hono, type Context, type TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { MultiSearchResult } from 'meilisearch';
import type { AuthEnv } from '../../auth/session.ts';
import { hasFullAccess } from '../../billing/entitlement.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import type { AnswerShape, SearchAnswer } from '../../search/cached-search.ts';
import { FilterRejected, multiSearchBodySchema, SearchFieldForbidden, toMeilisearchQuery } from '../../search/instant-search.ts';
import { publicIndexUid, type SearchReader } from '../../search/policy-index.ts';
import { searchChineseMatches, searchPolicies } from '../../search/policy-search.ts';
import { suggestPolicies } from '../../search/suggestions.ts';
import { searchQuerySchema, suggestQuerySchema } from '../../shared/search.ts';
import { validate } from '../../http/validation.ts';

/**
 * Search, answered from Meilisearch with the search-only key and no SQL (README, Architecture):
 * - GET  /api/search: the search page and dashboard (results, total, pages, facet counts);
 * - GET  /api/search/chinese-matches: an English query's matches in the Chinese text, for the
 *   dashboard (the search page has them in its answer; api/search/cross-language.ts);
 * - GET  /api/search/suggest: the search bar's dropdown;
 * - POST /api/search/multi-search: a guarded, Meilisearch-compatible endpoint for
 *   instant-meilisearch (react-instantsearch widgets), configured with host `${origin}/api/search`.
 */
export function searchRoutes(deps: AppDeps) {
  // Search sees what the reader may read (docs/principles.md): the full texts only for an entitled reader.
  // A visitor (no session) costs no SQL.
  const readerOf = async (c: Context<AuthEnv>): Promise<SearchReader> => ({
    entitled: await hasFullAccess(deps.db, c.var.user, deps.now()),
  });
  return new Hono<AuthEnv>()
    .get('/', validate('query', searchQuerySchema), async (c) => sendAnswer(c, await searchPolicies(deps, c.req.valid('query'), await readerOf(c))))
    .get('/chinese-matches', validate('query', searchQuerySchema), async (c) =>
      sendAnswer(c, await searchChineseMatches(deps, c.req.valid('query'), await readerOf(c))),
    )
    .get('/suggest', validate('query', suggestQuerySchema), async (c) => {
      const { q, limit } = c.req.valid('query');
      return sendAnswer(c, await suggestPolicies(deps, q, limit, await readerOf(c)));
    })
    .post('/multi-search', jsonBodyLimit, validate('json', multiSearchBodySchema), async (c) => {
      const reader = await readerOf(c);
      const queries = c.req.valid('json').queries.map((query, index) => {
        try {
          return toMeilisearchQuery(query, deps.search.indexName, reader);
        } catch (error) {
          if (error instanceof FilterRejected) throw badRequest(`queries.${index}.filter: ${error.message}`);
          if (error instanceof SearchFieldForbidden) throw forbidden(`queries.${index}.attributesToSearchOn: ${error.message}`);
          throw error;
        }
      });
      return sendAnswer(c, await deps.search.search(queries, reader, instantSearchShape));
    });
}

/** Meilisearch's own answer for instant-meilisearch (AnswerShape), but for the index's name: the browser knows its public name only. */
const instantSearchShape: AnswerShape<Record<string, unknown>, { results: MultiSearchResult<Record<string, unknown>>[] }> = {
  name: 'instant search',
  build: (results) => ({ results: results.map((result) => ({ ...result, indexUid: publicIndexUid })) }),
};

/**
 * Sends a search answer's JSON text as it is (made once, however often it is served from memory),
 * typed as `c.json(answer.value)` would be, so the typed client (hc<App>) reads the same type.
 */
function sendAnswer<Value extends object>(c: Context, answer: SearchAnswer<Value>) {
  return c.body(answer.json, 200, { 'Content-Type': 'application/json' }) as unknown as Response & TypedResponse<JSONParsed<Value>, 200, 'json'>;
}
