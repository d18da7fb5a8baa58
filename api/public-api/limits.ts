import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/client.ts';
import { apiRateLimits } from '../../db/schema/index.ts';
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';

/**
 * Requests per API key, a minute and a day (settings), counted by rate-limiter-flexible in
 * Postgres through its Drizzle store: one atomic upsert per window and request
 * (`insert ... on conflict do update ... returning`), so every copy of the API shares the counts.
 * Its Postgres store (RateLimiterPostgres) wants node-postgres, Sequelize, Knex or TypeORM; the
 * product's client is postgres.js under Drizzle, which the Drizzle store takes as it is.
 */

/** The headers of draft-ietf-httpapi-ratelimit-headers, for the window nearest its limit. */
export type RateLimitHeaders = Record<'RateLimit-Limit' | 'RateLimit-Remaining' | 'RateLimit-Reset' | 'RateLimit-Policy', string>;

type Window = { limiter: RateLimiterDrizzle; points: number; seconds: number };

export function apiKeyLimits(db: Database, config: Pick<Config, 'API_REQUESTS_PER_MINUTE' | 'API_REQUESTS_PER_DAY'>) {
  const windowOf = (keyPrefix: string, points: number, seconds: number): Window => ({
    limiter: new RateLimiterDrizzle({ storeClient: db, schema: apiRateLimits, keyPrefix, points, duration: seconds }),
    points,
    seconds,
  });
  const windows = [windowOf('api-minute', config.API_REQUESTS_PER_MINUTE, 60), windowOf('api-day', config.API_REQUESTS_PER_DAY, 86_400)];
  const policy = windows.map((window) => `${window.points};w=${window.seconds}`).join(', ');

  /** Counts one request of the key: its headers, or a 429 carrying them and Retry-After. */
  return async (keyId: number): Promise<RateLimitHeaders> => {
    const settled = await Promise.allSettled(windows.map((window) => window.limiter.consume(String(keyId))));
    const answers = settled.map((result, index) => {
      // A refusal rejects with the window's state; anything else (the database) is an error to pass on.
      const state = result.status === 'fulfilled' ? result.value : result.reason;
      if (!(state instanceof RateLimiterRes)) throw state;
      return { window: windows[index]!, state, refused: result.status === 'rejected' };
    });
    // Past a limit, the window refusing longest speaks for the key; else the one nearest its
    // limit (fewest remaining, then the sooner reset).
    const refused = answers.filter((answer) => answer.refused);
    const speaker = refused.length
      ? refused.reduce((a, b) => (b.state.msBeforeNext > a.state.msBeforeNext ? b : a))
      : answers.reduce((a, b) =>
          b.state.remainingPoints < a.state.remainingPoints || (b.state.remainingPoints === a.state.remainingPoints && b.state.msBeforeNext < a.state.msBeforeNext) ? b : a,
        );
    const headers: RateLimitHeaders = {
      'RateLimit-Limit': String(speaker.window.points),
      'RateLimit-Remaining': String(speaker.state.remainingPoints),
      'RateLimit-Reset': String(Math.max(1, Math.ceil(speaker.state.msBeforeNext / 1000))),
      'RateLimit-Policy': policy,
    };
    if (refused.length) {
      const retryAfter = headers['RateLimit-Reset'];
      const limits = refused.map((answer) => `${answer.window.points} a ${answer.window.seconds === 60 ? 'minute' : 'day'}`).join(' and ');
      throw new AppError('rate_limited', `Rate limit reached (${limits} for this API key); retry in ${retryAfter} s`, { ...headers, 'Retry-After': retryAfter });
    }
    return headers;
  };
}
