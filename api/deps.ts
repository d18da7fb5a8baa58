import type { Meilisearch } from 'meilisearch';
import type { Database } from '../db/client.ts';
import type { PaymentProvider } from './billing/provider.ts';
import type { Config } from './config.ts';

/** Everything a request handler may reach, built once by the server (or by a test). */
export type AppDeps = {
  config: Config;
  db: Database;
  /** Meilisearch with the search-only key: the API never writes to the index. */
  search: { client: Meilisearch; indexName: string };
  /** Injectable clock so tests can move time (session expiry, billing periods). */
  now: () => Date;
  /** Stripe when STRIPE_SECRET_KEY is set, else the local provider (see api/billing/provider.ts). */
  payments: PaymentProvider;
};
