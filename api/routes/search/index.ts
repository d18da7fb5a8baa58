import { Hono, type Context } from 'hono';
import type { AuthEnv } from '../../auth/session.ts';
import { hasFullAccess } from '../../billing/entitlement.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendAnswer } from '../../http/search-answer.ts';
import type { SearchReader } from '../../search/policy-index.ts';
import { searchChineseMatches, searchPolicies } from '../../search/policy-search.ts';
import { suggestPolicies } from '../../search/suggestions.ts';
import { searchQuerySchema, suggestQuerySchema } from '../../shared/search.ts';
import { validate } from '../../http/validation.ts';

/**
 * Search, answered from Meilisearch with the search-only key and no SQL (README, Architecture):
 * - GET /api/search: the one search of the search page and the dashboard (whose InstantSearch
 *   client asks it: api/shared/instant-search-client.ts; decision 012): results, total, pages,
 *   facet counts;
 * - GET /api/search/chinese-matches: an English query's matches in the Chinese text, for the
 *   dashboard (the search page has them in its answer; api/search/cross-language.ts);
 * - GET /api/search/suggest: the search bar's dropdown.
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
    });
}

