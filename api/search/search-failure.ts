import { MeilisearchApiError, MeilisearchError } from 'meilisearch';
import { serviceUnavailable } from '../errors.ts';

/** Longer than any healthy search; short enough that a hung Meilisearch gives the reader an answer. */
export const searchTimeoutMs = 5000;

/**
 * Node's fetch asks for gzip, and Meilisearch then sends a compressed response in small chunked
 * writes that wait on the client's delayed ACK: about 40 ms on every search over loopback. The
 * API and Meilisearch share a host or a network, where compression buys nothing.
 */
const uncompressed = { 'Accept-Encoding': 'identity' };

/**
 * Runs a Meilisearch call and turns an unreachable, failing or not-yet-built index into a 503,
 * so search never falls back silently to wrong (empty) results. Any other Meilisearch refusal
 * means we built a bad request: it stays an internal error and is logged.
 */
export async function askMeilisearch<T>(call: (init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<T>): Promise<T> {
  try {
    return await call({ signal: AbortSignal.timeout(searchTimeoutMs), headers: uncompressed });
  } catch (error) {
    throw toSearchFailure(error);
  }
}

function toSearchFailure(error: unknown): unknown {
  if (error instanceof MeilisearchApiError) {
    if (error.cause?.code === 'index_not_found') {
      return serviceUnavailable('Search is not available yet: the policy index has not been built');
    }
    // 400 means a request we built was refused: our bug, not the reader's, and not an outage.
    if (error.response.status === 400) return error;
    console.error('Meilisearch refused a search', error.cause ?? error.message);
    return serviceUnavailable('Search is unavailable right now; please try again shortly');
  }
  if (error instanceof MeilisearchError) {
    return serviceUnavailable('Search is unavailable right now; please try again shortly');
  }
  return error;
}
