import { LRUCache } from 'lru-cache';
import type { MultiSearchQuery, MultiSearchResult } from 'meilisearch';
import type { MeilisearchSearch } from './meilisearch.ts';
import type { SearchReader } from './policy-index.ts';

/** What every search of the API goes through: `/api/search`, suggestions, the InstantSearch endpoint, related policies. */
export type PolicySearch = {
  /** The index the server searches; browsers know it as `publicIndexUid`. */
  indexName: string;
  /**
   * One result per query, in the queries' order. The result objects may be shared with other
   * requests (they are frozen): build new objects from them, never change them.
   */
  multiSearch<Document = Record<string, unknown>>(queries: MultiSearchQuery[], reader: SearchReader): Promise<MultiSearchResult<Document>[]>;
};

type Answer = { results: MultiSearchResult<unknown>[]; size: number };

/**
 * Search answers kept in memory, keyed by the index's version (`search_index_state`, moved on by
 * the indexer once Meilisearch has applied a change), by what the reader may read, and by the
 * exact Meilisearch request. An answer is a function of those three, so it is the same for every
 * reader with the same entitlement: the dashboard's default listing, the facet counts of an empty
 * query and common suggestions are asked for again and again and change only when the index does.
 *
 * Why an answer is never served once the index has changed, in any API process:
 * - an answer is stored under a version read *before* its search was sent, so it holds at least
 *   every change that version stands for (later ones only make it fresher);
 * - a kept answer is served only after reading the version again, after the request arrived, and
 *   finding it equal to the one the answer is stored under.
 * A search that finds nothing kept is sent straight away, stored under the last version this
 * process read, with no read of its own: a miss costs what an uncached search costs. The read
 * happens on the way to a hit, which is where it pays: a change is noticed by the first request
 * that would have been served from memory, and costs that query one search.
 *
 * Identical searches in flight at once are sent once (the same rule: joined only after the
 * version read matched the one they were sent under).
 */
export function createCachedSearch(
  meilisearch: MeilisearchSearch,
  indexVersion: () => Promise<string>,
  /** Room for answers, counted in characters of their JSON text and their keys. */
  options: { maxSize: number },
): PolicySearch {
  const send = async (queries: MultiSearchQuery[]) => meilisearch.multiSearch(queries);
  if (options.maxSize <= 0) {
    return { indexName: meilisearch.indexName, multiSearch: async <Document>(queries: MultiSearchQuery[]) => (await send(queries)).results as MultiSearchResult<Document>[] };
  }

  const kept = new LRUCache<string, Answer>({ maxSize: options.maxSize, sizeCalculation: (answer, key) => answer.size + key.length });
  const inFlight = new Map<string, Promise<Answer>>();
  /** The last version this process read. */
  let knownVersion: string | undefined;
  /**
   * Requests that arrive together share one read: it is sent on the next turn of the event loop,
   * after every request that joined it arrived, so it answers for each of them (a read sent
   * before a request arrived could not). At concurrency 16 this took most reads off the hits.
   */
  let nextRead: Promise<string> | undefined;
  const readVersion = (): Promise<string> =>
    (nextRead ??= new Promise<string>((resolve, reject) => {
      setImmediate(() => {
        nextRead = undefined;
        indexVersion().then((version) => resolve((knownVersion = version)), reject);
      });
    }));

  const lookup = (key: string): Answer | Promise<Answer> | undefined => kept.get(key) ?? inFlight.get(key);

  const fetchAndKeep = (key: string, queries: MultiSearchQuery[]): Promise<Answer> => {
    const fetching = send(queries).then((answer) => {
      deepFreeze(answer.results);
      // An answer larger than the whole cache is not kept (LRUCache skips it).
      kept.set(key, answer);
      return answer;
    });
    inFlight.set(key, fetching);
    const done = () => inFlight.delete(key);
    fetching.then(done, done);
    return fetching;
  };

  return {
    indexName: meilisearch.indexName,
    async multiSearch<Document>(queries: MultiSearchQuery[], reader: SearchReader) {
      // The queries already differ by reader (the fields they may match); the entitlement is part
      // of the key all the same, so no later change to them can let two readers share an answer.
      const request = `${reader.entitled ? 'entitled' : 'public'}\n${JSON.stringify(queries)}`;
      let version = knownVersion ?? (await readVersion());
      const found = lookup(`${version}\n${request}`);
      if (found) {
        const current = await readVersion();
        if (current === version) return (await found).results as MultiSearchResult<Document>[];
        // The index changed: kept under the current version by another request meanwhile, or fetched anew.
        version = current;
        const fresh = lookup(`${version}\n${request}`);
        if (fresh) return (await fresh).results as MultiSearchResult<Document>[];
      }
      return (await fetchAndKeep(`${version}\n${request}`, queries)).results as MultiSearchResult<Document>[];
    },
  };
}

/** Freezes an answer so that no request can change what the next one is served. */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}
