import { z } from 'zod';
import { databaseEnv, parseEnv } from '../db/config.ts';
import { defaultBatchSize, defaultLeaseSeconds } from './sync.ts';

/** Where the index is and the keys that reach it; the API adds its search-only key. */
export const meilisearchEnv = {
  MEILI_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s):// URL' }),
  MEILI_INDEX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'letters, digits, - and _ only')
    .default('policies'),
  MEILI_ADMIN_KEY: z.string().trim().min(1).optional(),
  MEILI_MASTER_KEY: z.string().min(16, 'must be at least 16 bytes').optional(),
};

const envSchema = z
  .object({
    ...databaseEnv,
    ...meilisearchEnv,
    /**
     * How long a claim on outbox rows lasts without renewal before another indexer may take the
     * rows over: how long the changes a crashed indexer held wait. A live one renews it.
     */
    INDEXER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(defaultLeaseSeconds),
    /**
     * The safety-net poll: for notifications lost while the LISTEN connection was down, and for
     * the claims of crashed indexers once their lease has run out.
     */
    INDEXER_POLL_SECONDS: z.coerce.number().positive().max(3600).default(5),
    INDEXER_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(defaultBatchSize),
    /** How often the daemon records that it is alive (daemon_heartbeats); health allows three beats' silence. */
    HEARTBEAT_SECONDS: z.coerce.number().positive().max(3600).default(5),
  })
  .superRefine((env, ctx) => {
    if (!env.MEILI_ADMIN_KEY && !env.MEILI_MASTER_KEY) {
      ctx.addIssue({ code: 'custom', path: ['MEILI_ADMIN_KEY'], message: 'is required unless MEILI_MASTER_KEY is set' });
    }
  });

export type IndexerConfig = z.infer<typeof envSchema>;

/** Parses the indexer's environment once; a bad or missing variable stops start-up with its name. */
export function loadIndexerConfig(env: NodeJS.ProcessEnv = process.env): IndexerConfig {
  return parseEnv(envSchema, env, { heading: '[indexer] invalid configuration:' });
}
