import { z } from 'zod';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

/**
 * The alerts' settings, one piece of zod shared by the API (unsubscribe links, channels' test
 * messages) and the worker (matching and sending), so both read a variable by the same rule.
 */
export const alertEnv = {
  /**
   * Signs the unsubscribe links of every alert (HMAC-SHA256), so they work without signing in and
   * only for their own rule. Unset: no alert is sent (a link nobody can check would be worse).
   */
  ALERT_SIGNING_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Attempts at sending one delivery before it is failed for good (backoff: 1, 2, 4, ... minutes). */
  ALERT_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** How long a sender's claim on a delivery lasts; past it the sender is taken for lost and the delivery retried once. */
  ALERT_SEND_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** A Slack or webhook channel is disabled after this many failed sends in a row. */
  ALERT_CHANNEL_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** Let webhooks reach private and loopback addresses: for tests and local development only. */
  ALERT_WEBHOOKS_ALLOW_PRIVATE_HOSTS: flag,
};

/**
 * What the worker adds to read the index and write links: matching searches Meilisearch (with the
 * search-only key, or the admin or master key when only those are given), and messages link to APP_URL.
 * Optional, so a worker without them still runs the story jobs (the alert jobs then fail, saying why).
 */
export const alertWorkerEnv = {
  ...alertEnv,
  APP_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  MEILI_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s):// URL' }).optional(),
  MEILI_INDEX: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'letters, digits, - and _ only').default('policies'),
  MEILI_SEARCH_KEY: z.string().trim().min(1).optional(),
  MEILI_ADMIN_KEY: z.string().trim().min(1).optional(),
  MEILI_MASTER_KEY: z.string().min(16, 'must be at least 16 bytes').optional(),
};

const alertSchema = z.object(alertEnv);
export type AlertSettings = z.output<typeof alertSchema> & { APP_URL: string; MAIL_FROM?: string; SUPPORT_EMAIL?: string };

const workerAlertSchema = z.object(alertWorkerEnv);
export type WorkerAlertConfig = z.output<typeof workerAlertSchema> & { SMTP_URL?: string; MAIL_FROM?: string; SUPPORT_EMAIL?: string };
