import type { Database } from '../db/client.ts';
import type { AlertChannelPoster } from './alerts/channels.ts';
import type { PaymentProvider } from './billing/provider.ts';
import type { Config } from './config.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { PageFetcher } from './outbound/types.ts';
import type { PolicySearch } from './search/cached-search.ts';
import type { LlmTerms } from './search/llm-terms.ts';
import type { MeilisearchSearch } from './search/meilisearch.ts';
import type { ThreadPool } from './threads/pool.ts';

/** Everything a request handler may reach, built once by the server (or by a test): api/deps.ts builds it. */
export type AppDeps = {
  config: Config;
  db: Database;
  /** Meilisearch with the search-only key, straight (the health check): the API never writes to the index. */
  meilisearch: MeilisearchSearch;
  /** Every search the API answers, from memory while the index is unchanged (api/search/cached-search.ts). */
  search: PolicySearch;
  /** Chinese terms an LLM gives an English query, beside the dictionary's, when one is configured (api/search/llm-terms.ts). */
  llmTerms: LlmTerms | null;
  /** Injectable clock so tests can move time (session expiry, billing periods). */
  now: () => Date;
  /** Stripe when STRIPE_SECRET_KEY is set, else the local provider (see api/billing/provider.ts). */
  payments: PaymentProvider;
  /** The jobs' queue: jobs of api/jobs/'s list, enqueued in the caller's transaction. */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The polite fetcher (api/outbound/): the Sources tab's preview reads a page through it, as a run does. */
  fetcher: PageFetcher;
  /** Slack and webhook posts through the outbound guard: the channels' "Send test message". */
  alertChannels: AlertChannelPoster;
  /** Worker threads for work that would hold the event loop: exports, the rules analyser's previews (decision 021). */
  threads: ThreadPool;
};
