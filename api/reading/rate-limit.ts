import { LRUCache } from 'lru-cache';
import { AppError } from '../http/errors.ts';

/**
 * The dictionary aid's rate limit: characters looked up per reader (a user, or an address for a
 * visitor) in a minute, counted in this process's memory. A lookup costs this process's CPU, so this process
 * is what the limit protects; the counts need no database write per lookup, as the aid is asked
 * once per piece of text a reader opens.
 */

const windowMs = 60_000;
/** Readers tracked at once; the least recent beyond it are forgotten (their windows start over). */
const maxReaders = 50_000;

export const readingRateMessage = (limit: number, seconds: number) =>
  `The dictionary has looked up ${limit.toLocaleString('en-US')} characters for you in the last minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export function readingRateLimit(limit: number, now: () => Date) {
  const windows = new LRUCache<string, { startedAt: number; count: number }>({ max: maxReaders });
  /** Counts a lookup of `characters` by `reader`, or throws 429 with Retry-After past the limit. */
  return (reader: string, characters: number) => {
    const at = now().getTime();
    const current = windows.get(reader);
    const window = current && at - current.startedAt < windowMs ? current : { startedAt: at, count: 0 };
    if (window.count + characters > limit) {
      const seconds = Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      throw new AppError('rate_limited', readingRateMessage(limit, seconds), { 'Retry-After': String(seconds) });
    }
    window.count += characters;
    windows.set(reader, window);
  };
}
