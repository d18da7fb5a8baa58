import { z } from 'zod';
import type { FetcherSettings } from './polite-fetcher.ts';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

/**
 * The outbound fetcher's settings (issue 31), one piece of zod shared by the API (the sources'
 * preview) and the worker (the runs), so each reads a variable by the same rule.
 */
export const fetcherEnv = {
  /** Sent with every request: who we are and how a site's webmaster reaches us. */
  SOURCES_USER_AGENT: z
    .string()
    .trim()
    .default('ChinaPolicyTracker/1.0 (+https://chinapolicytracker.com/contact; support@chinapolicytracker.com)')
    .refine((value) => /@|https?:\/\//.test(value), 'must name a contact (an e-mail address or a URL) for the sites we read'),
  /** The least time between two requests to one host (one request at a time per host). */
  SOURCES_MIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** One request's limit, from connecting to the last byte of its body. */
  SOURCES_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The largest response read; a bigger one is stopped while it streams. */
  SOURCES_MAX_RESPONSE_KB: z.coerce.number().int().min(1).max(1_048_576).default(5120),
  /** Retries after a network error, a 5xx or a 429; the first after SOURCES_RETRY_DELAY_MS, doubling. */
  SOURCES_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  SOURCES_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** A 429's Retry-After longer than this is not waited for: the fetch fails with the site's request. */
  SOURCES_MAX_RETRY_AFTER_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Let fetches reach private, loopback and link-local addresses: for tests and local mirrors only. */
  SOURCES_ALLOW_PRIVATE_HOSTS: flag,
};

const fetcherSchema = z.object(fetcherEnv);
export type FetcherEnv = z.output<typeof fetcherSchema>;

/** The fetcher's settings from a parsed config (the API's or the worker's). */
export function fetcherSettingsFrom(env: FetcherEnv): FetcherSettings {
  return {
    userAgent: env.SOURCES_USER_AGENT,
    minDelayMs: env.SOURCES_MIN_DELAY_MS,
    timeoutMs: env.SOURCES_TIMEOUT_MS,
    maxBytes: env.SOURCES_MAX_RESPONSE_KB * 1024,
    retries: env.SOURCES_RETRIES,
    retryDelayMs: env.SOURCES_RETRY_DELAY_MS,
    maxRetryAfterMs: env.SOURCES_MAX_RETRY_AFTER_SECONDS * 1000,
    allowPrivateHosts: env.SOURCES_ALLOW_PRIVATE_HOSTS,
  };
}
