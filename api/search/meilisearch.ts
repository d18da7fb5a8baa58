import type { MultiSearchQuery, MultiSearchResult } from 'meilisearch';
import { Pool } from 'undici';
import { serviceUnavailable } from '../http/errors.ts';

/** Longer than any healthy search; short enough that a hung Meilisearch gives the reader an answer. */
const searchTimeoutMs = 5000;

/**
 * Kept below the idle time after which Meilisearch closes a kept-alive connection (5 s), so a
 * search is never sent on a socket the server is closing.
 */
const keepAliveMs = 2000;

/** The results, and the length of the JSON text they came in (what the answer cache counts). */
export type MultiSearchAnswer<Document> = { results: MultiSearchResult<Document>[]; size: number };

/** What the API asks of Meilisearch: multi-searches of the policy index, with the search-only key. */
export type MeilisearchSearch = {
  /** The index the server searches. */
  indexName: string;
  /** One result per query, in the queries' order, and the size of Meilisearch's answer. */
  multiSearch<Document = Record<string, unknown>>(queries: MultiSearchQuery[], options?: { timeoutMs?: number }): Promise<MultiSearchAnswer<Document>>;
  close(): Promise<void>;
};

/**
 * Every search the API makes goes through here: one POST /multi-search on a pool of kept-alive
 * connections (undici's Pool). It is the product's hot path: profiled under the search benchmark,
 * the meilisearch client's fetch took about 0.33 ms of the API's CPU per search in WHATWG streams
 * and allocations (592 ms over some 1,770 searches). The meilisearch package
 * still gives the request and response types, and the indexer keeps using it for everything else.
 *
 * Failures become the API's answers here: an unreachable, failing or not-yet-built index is a 503
 * (search never falls back silently to wrong, empty results); a query Meilisearch refuses as
 * malformed is our bug, so it stays an internal error.
 */
export function createMeilisearchSearch(options: { host: string; apiKey: string | undefined; indexName: string }): MeilisearchSearch {
  const url = new URL(options.host);
  // MEILI_URL may carry a path prefix (Meilisearch behind a reverse proxy).
  const path = `${url.pathname.replace(/\/+$/, '')}/multi-search`;
  // Timeouts are set per request (a health check waits less than a search).
  const pool = new Pool(url.origin, { keepAliveTimeout: keepAliveMs, keepAliveMaxTimeout: keepAliveMs });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  };

  return {
    indexName: options.indexName,
    async multiSearch<Document>(queries: MultiSearchQuery[], callOptions: { timeoutMs?: number } = {}) {
      const timeoutMs = callOptions.timeoutMs ?? searchTimeoutMs;
      let status: number;
      let text: string;
      try {
        const response = await pool.request({
          path,
          method: 'POST',
          headers,
          body: JSON.stringify({ queries }),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        status = response.statusCode;
        text = await response.body.text();
      } catch {
        // Refused, reset or timed out: Meilisearch is down or overwhelmed.
        throw unavailable();
      }
      if (status !== 200) throw refusal(status, text);
      const { results } = JSON.parse(text) as { results?: MultiSearchResult<Document>[] };
      if (results?.length !== queries.length) throw new Error(`Meilisearch answered ${queries.length} queries with ${results?.length ?? 'no'} results`);
      return { results, size: text.length };
    },
    close: () => pool.close(),
  };
}

const unavailable = () => serviceUnavailable('Search is unavailable right now; please try again shortly');

/** Meilisearch's error body: `{ message, code, type, link }`. */
function refusal(status: number, text: string): Error {
  let error: { message?: string; code?: string } = {};
  try {
    error = JSON.parse(text) as typeof error;
  } catch {
    // not Meilisearch answering (a proxy's error page, say)
  }
  if (error.code === 'index_not_found') return serviceUnavailable('Search is not available yet: the policy index has not been built');
  if (status === 400) return new Error(`Meilisearch refused a search the API built (${error.code ?? status}): ${error.message ?? text.slice(0, 300)}`);
  console.error(`Meilisearch refused a search: ${status} ${error.code ?? ''} ${error.message ?? text.slice(0, 300)}`);
  return unavailable();
}
