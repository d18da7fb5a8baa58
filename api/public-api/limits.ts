import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';

/**
 * Requests per API key, a minute and a day (settings). Each window opens with a key's first
 * request after the last one closed, and counts the requests in it (a refused one too); the counts
 * live on the key's row and move in the one statement that finds the key (keys.ts), so every copy
 * of the API shares them and a request costs no write beyond that one.
 *
 * Why not rate-limiter-flexible: its Postgres store takes node-postgres, Knex, Sequelize or
 * TypeORM, not the product's postgres.js; its Drizzle store does, but makes an upsert of its own
 * per window and request, each a commit that waits for the disk while holding the row every
 * request of that key queues on. Measured (bench section public-api), that put a key's search at
 * 2.3× a session's p95 (1.5× at 16 concurrent), where the target is 1.1×.
 */

export const minuteWindow = { name: 'minute', seconds: 60 } as const;
export const dayWindow = { name: 'day', seconds: 86_400 } as const;

export type LimitWindows = Record<'minute' | 'day', { startedAt: Date; count: number }>;

/** The headers of draft-ietf-httpapi-ratelimit-headers, for the window that speaks for the key. */
export type RateLimitHeaders = Record<'RateLimit-Limit' | 'RateLimit-Remaining' | 'RateLimit-Reset' | 'RateLimit-Policy', string>;

type Settings = Pick<Config, 'API_REQUESTS_PER_MINUTE' | 'API_REQUESTS_PER_DAY'>;

/**
 * The answer's headers for a request counted in `windows`, or a 429 carrying them and
 * Retry-After when it is past a limit.
 */
export function checkLimits(windows: LimitWindows, config: Settings, now: Date): RateLimitHeaders {
  const states = [
    { window: minuteWindow, limit: config.API_REQUESTS_PER_MINUTE, ...windows.minute },
    { window: dayWindow, limit: config.API_REQUESTS_PER_DAY, ...windows.day },
  ].map((state) => ({
    ...state,
    remaining: Math.max(0, state.limit - state.count),
    resetSeconds: Math.max(1, Math.ceil((state.startedAt.getTime() + state.window.seconds * 1000 - now.getTime()) / 1000)),
    refused: state.count > state.limit,
  }));
  // Past a limit, the window refusing longest speaks for the key; else the one nearest its limit
  // (fewest remaining, then the sooner reset).
  const refused = states.filter((state) => state.refused);
  const speaker = refused.length
    ? refused.reduce((a, b) => (b.resetSeconds > a.resetSeconds ? b : a))
    : states.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSeconds < a.resetSeconds) ? b : a));
  const headers: RateLimitHeaders = {
    'RateLimit-Limit': String(speaker.limit),
    'RateLimit-Remaining': String(speaker.remaining),
    'RateLimit-Reset': String(speaker.resetSeconds),
    'RateLimit-Policy': states.map((state) => `${state.limit};w=${state.window.seconds}`).join(', '),
  };
  if (refused.length) {
    const retryAfter = headers['RateLimit-Reset'];
    const limits = refused.map((state) => `${state.limit} a ${state.window.name}`).join(' and ');
    throw new AppError('rate_limited', `Rate limit reached (${limits} for this API key); retry in ${retryAfter} s`, { ...headers, 'Retry-After': retryAfter });
  }
  return headers;
}
