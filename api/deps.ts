import type { Database } from '../db/client.ts';
import type { PaymentProvider } from './billing/provider.ts';
import type { Config } from './config.ts';
import type { MeilisearchSearch } from './search/meilisearch.ts';

/** Everything a request handler may reach, built once by the server (or by a test). */
export type AppDeps = {
  config: Config;
  db: Database;
  /** Meilisearch with the search-only key: the API never writes to the index. */
  search: MeilisearchSearch;
  /** Injectable clock so tests can move time (session expiry, billing periods). */
  now: () => Date;
  /** Stripe when STRIPE_SECRET_KEY is set, else the local provider (see api/billing/provider.ts). */
  payments: PaymentProvider;
};
