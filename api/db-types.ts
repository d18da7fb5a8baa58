import type { Database } from '../db/client.ts';

/** The `tx` a drizzle transaction callback receives, for helpers that must run inside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
