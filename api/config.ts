import { isIP } from 'node:net';
import { z } from 'zod';
import { databaseEnv, parseEnv } from '../db/config.ts';
import { meilisearchEnv } from '../indexer/config.ts';
import { exportEnv } from './exports/config.ts';
import { alertEnv } from './alerts/config.ts';
import { checkMailSettings, mailEnv } from './mail/config.ts';
import { fetcherEnv } from './outbound/config.ts';
import { importEnv, llmEnv, storyJobEnv } from './processing/config.ts';
import { publicApiEnv } from './public-api/config.ts';
import { readingEnv } from './reading/config.ts';
import { sourcesEnv } from './sources/config.ts';
import { threadEnv } from './threads/config.ts';

/** One TRUST_PROXY entry: an address or a CIDR range, IPv4 or IPv6. */
function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const optionalString = z.string().trim().min(1).optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ...databaseEnv,
    ...meilisearchEnv,
    MEILI_SEARCH_KEY: optionalString,
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Reverse proxies whose X-Forwarded-For is believed: addresses or CIDR ranges, comma-separated. */
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
      .refine((entries) => entries.every(isProxyEntry), 'must be IP addresses or CIDR ranges, comma-separated'),
    /**
     * The app's own signing secret (device cookies). Required in production; `make dev` generates one
     * into .data/. APP_SECRET_PREVIOUS, when set, is still accepted when checking a signature, so the
     * secret can be rotated without voiding what the old one signed.
     */
    APP_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    APP_SECRET_PREVIOUS: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    /** `local` runs the local payment provider in production: a demo where nobody pays. */
    PAYMENTS: z.enum(['stripe', 'local']).optional(),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    STRIPE_API_BASE: z.url().optional(),
    /** New accounts an hour from one IP (registration and signup checkout together). */
    REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Contact form messages an hour from one IP. */
    CONTACT_MESSAGES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Contact messages are e-mailed to support when SMTP_URL is set; unset, they are stored only. */
    ...mailEnv,
    ...alertEnv,
    /** Health turns degraded when the oldest outbox row waits longer than this (a stuck or dead indexer). */
    HEALTH_OUTBOX_MAX_AGE_SECONDS: z.coerce.number().positive().default(60),
    /** Health turns degraded when no indexer has beaten for this long (three of its 5 s heartbeats). */
    HEALTH_DAEMON_STALE_SECONDS: z.coerce.number().positive().default(15),
    /** Room for search answers kept between index changes (api/search/cached-search.ts), counted as the length of their JSON text; 0 keeps none. */
    SEARCH_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
    ...storyJobEnv,
    ...llmEnv,
    ...importEnv,
    ...exportEnv,
    ...threadEnv,
    ...readingEnv,
    ...sourcesEnv,
    ...fetcherEnv,
    ...publicApiEnv,
  })
  // What must be there, checked even when other variables are bad (zod skips a refinement after a
  // failed field unless told), so that a refusal to start names every missing variable at once.
  .superRefine(
    (env, ctx) => {
      // A deployment states where users reach it (the CSRF guard accepts that origin alone, and an
      // https one turns on Secure cookies) and brings its own secret: none has a safe default.
      if (env.NODE_ENV === 'production') {
        for (const name of ['APP_URL', 'APP_SECRET'] as const) {
          if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
        }
      }
      if (!env.MEILI_MASTER_KEY && !(env.MEILI_ADMIN_KEY && env.MEILI_SEARCH_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['MEILI_MASTER_KEY'],
          message: 'is required unless both MEILI_ADMIN_KEY and MEILI_SEARCH_KEY are set',
        });
      }
      // In production the local provider would let anyone subscribe without paying: it runs only
      // when asked for by name.
      if (!env.STRIPE_SECRET_KEY && (env.PAYMENTS === 'stripe' || (env.NODE_ENV === 'production' && env.PAYMENTS !== 'local'))) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'is required in production (or set PAYMENTS=local for a demo in which nobody pays)',
        });
      }
      if (env.STRIPE_SECRET_KEY) {
        for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const) {
          if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STRIPE_SECRET_KEY is set' });
        }
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && env.PAYMENTS === 'local') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'is local, but STRIPE_SECRET_KEY is set: choose one' });
    }
    checkMailSettings(env, ctx);
  });

export type Config = Omit<z.infer<typeof envSchema>, 'APP_URL'> & {
  APP_URL: string;
  /** Origins the CSRF guard accepts: APP_URL alone when it is set, else this port's loopback names. */
  APP_ORIGINS: readonly string[];
};

/** Parses the environment once; a bad or missing variable stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = parseEnv(envSchema, env, { heading: 'Invalid configuration:', footer: 'See .env.example for every variable.' });
  if (config.APP_URL) {
    const appUrl = config.APP_URL.replace(/\/$/, '');
    return { ...config, APP_URL: appUrl, APP_ORIGINS: [new URL(appUrl).origin] };
  }
  // Unset on a laptop: the app is reached as localhost, 127.0.0.1 or [::1], all this machine.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${config.PORT}`);
  return { ...config, APP_URL: loopback[0]!, APP_ORIGINS: loopback };
}
