import { LRUCache } from 'lru-cache';
import type { MultiSearchQuery, MultiSearchResult } from 'meilisearch';
import type { MeilisearchSearch } from './meilisearch.ts';
import type { SearchReader } from './policy-index.ts';

/**
 * How a caller turns Meilisearch's results into its answer. `build` must be a function of the
 * results alone (whatever else it would read belongs in the queries), and `name` tells it apart:
 * an answer is kept per shape, so one built for suggestions is never served as a search page.
 */
export type AnswerShape<Document, Value> = { readonly name: string; build(results: MultiSearchResult<Document>[]): Value };

/**
 * A search's answer: the built value, and its JSON text made at most once. Both may be shared by
 * every request served from memory: the value is frozen, and a route sends `json` as it is, so a
 * kept answer costs no card building or serialisation again.
 */
export type SearchAnswer<Value> = { readonly value: Value; readonly json: string };

/** What every search of the API goes through: `/api/search` (the search page's and the dashboard's), suggestions, related policies, saved searches' counts, alerts, feeds and exports. */
export type PolicySearch = {
  /** The index the server searches. */
  indexName: string;
  /** The queries' results (one per query, in order), built into the caller's answer by `shape`. */
  search<Document, Value>(queries: MultiSearchQuery[], reader: SearchReader, shape: AnswerShape<Document, Value>): Promise<SearchAnswer<Value>>;
  /**
   * The answer kept for `request`, or else the one `prepare` makes the queries and shape of. For
   * a caller whose queries cost work to make (the search page's cross-language plan segments the
   * query and counts its Chinese terms): a kept answer then costs only the look-up. `request`
   * must name the caller and hold everything the queries and shape are made from, for `reader`.
   */
  answer<Document, Value>(request: string, reader: SearchReader, prepare: () => Promise<PreparedSearch<Document, Value>>): Promise<SearchAnswer<Value>>;
};

/** What a search sends and how its answer is built. */
export type PreparedSearch<Document, Value> = { queries: MultiSearchQuery[]; shape: AnswerShape<Document, Value> };

/** An answer as kept: its JSON text is made on the first request that sends it, then reused. */
class KeptAnswer<Value> implements SearchAnswer<Value> {
  #json: string | undefined;
  constructor(
    readonly value: Value,
    /** Characters of Meilisearch's answer: what the cache counts (the built value is smaller). */
    readonly size: number,
  ) {}
  get json(): string {
    return (this.#json ??= JSON.stringify(this.value));
  }
}

function builderFor(meilisearch: MeilisearchSearch) {
  return async <Document, Value>({ queries, shape }: PreparedSearch<Document, Value>) => {
    // A caller that found nothing to ask (no Chinese equivalent of a query) sends nothing.
    if (queries.length === 0) return new KeptAnswer(shape.build([]), 0);
    const answer = await meilisearch.multiSearch<Document>(queries);
    return new KeptAnswer(shape.build(answer.results), answer.size);
  };
}

/**
 * Every search sent as it comes, nothing kept: for a caller outside the API, with no index version
 * to key answers by (the alert matcher's cross-language plans), and for a cache of no size.
 */
export function uncachedSearch(meilisearch: MeilisearchSearch): PolicySearch {
  const build = builderFor(meilisearch);
  return {
    indexName: meilisearch.indexName,
    search: (queries, _reader, shape) => build({ queries, shape }),
    answer: async (_request, _reader, prepare) => build(await prepare()),
  };
}

/**
 * Search answers kept in memory, keyed by the index's version (`search_index_state`, moved on by
 * the indexer once Meilisearch has applied a change), by what the reader may read, and by the
 * request: the exact Meilisearch queries, or what the caller makes them from (`answer`: the
 * search page's validated criteria). An answer is a function of those three, so it is the same for every
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
 *
 * What is kept is the caller's built answer (cards, suggestions), not Meilisearch's results, so a
 * hit skips building it and, where the route sends it whole, serialising it.
 */
export function createCachedSearch(
  meilisearch: MeilisearchSearch,
  indexVersion: () => Promise<string>,
  /** Room for answers, counted in characters of their JSON text and their keys. */
  options: { maxSize: number },
): PolicySearch {
  const build = builderFor(meilisearch);
  /** The key of `search`'s answers: the shape's name and the exact queries. */
  const requestOf = (queries: MultiSearchQuery[], shape: AnswerShape<unknown, unknown>) => `${shape.name}\n${JSON.stringify(queries)}`;
  if (options.maxSize <= 0) return uncachedSearch(meilisearch);

  const kept = new LRUCache<string, KeptAnswer<unknown>>({ maxSize: options.maxSize, sizeCalculation: (answer, key) => answer.size + key.length });
  const inFlight = new Map<string, Promise<KeptAnswer<unknown>>>();
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

  const lookup = (key: string): KeptAnswer<unknown> | Promise<KeptAnswer<unknown>> | undefined => kept.get(key) ?? inFlight.get(key);

  // The queries are made only here, after the version was read: an answer holds at least every change of the version it is kept under.
  const fetchAndKeep = (key: string, prepare: () => Promise<PreparedSearch<never, unknown>>): Promise<KeptAnswer<unknown>> => {
    const fetching = prepare()
      .then(build)
      .then((answer) => {
        deepFreeze(answer.value);
        // An answer larger than the whole cache is not kept (LRUCache skips it).
        kept.set(key, answer);
        return answer;
      });
    inFlight.set(key, fetching);
    const done = () => inFlight.delete(key);
    fetching.then(done, done);
    return fetching;
  };

  const answer = async <Document, Value>(request: string, reader: SearchReader, prepare: () => Promise<PreparedSearch<Document, Value>>) => {
    // The queries already differ by reader (the fields they may match); the entitlement is part
    // of the key all the same, so no later change to them can let two readers share an answer.
    const readerRequest = `${reader.entitled ? 'entitled' : 'public'}\n${request}`;
    const erased = prepare as unknown as () => Promise<PreparedSearch<never, unknown>>;
    let version = knownVersion ?? (await readVersion());
    const found = lookup(`${version}\n${readerRequest}`);
    if (found) {
      const current = await readVersion();
      if (current === version) return (await found) as KeptAnswer<Value>;
      // The index changed: kept under the current version by another request meanwhile, or fetched anew.
      version = current;
      const fresh = lookup(`${version}\n${readerRequest}`);
      if (fresh) return (await fresh) as KeptAnswer<Value>;
    }
    return (await fetchAndKeep(`${version}\n${readerRequest}`, erased)) as KeptAnswer<Value>;
  };

  return {
    indexName: meilisearch.indexName,
    answer,
    search: (queries, reader, shape) => answer(requestOf(queries, shape as AnswerShape<unknown, unknown>), reader, async () => ({ queries, shape })),
  };
}

/** Freezes an answer so that no request can change what the next one is served. */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}
