import robotsParser from 'robots-parser';

/**
 * What a site's robots.txt lets us fetch, read as RFC 9309 says: a 2xx is the rules; a 4xx means
 * no rules (all allowed); a 5xx, a 429 or no answer means the site is unreachable and everything is
 * disallowed until we read it again. Kept per origin for a while, so a run of 50 pages reads it once.
 */
export type RobotsRules =
  | { kind: 'rules'; isAllowed(url: string): boolean; crawlDelayMs: number | null }
  | { kind: 'allow-all' }
  | { kind: 'unreachable'; reason: string; privateAddress?: boolean };

export function robotsRulesFrom(robotsUrl: string, status: number | null, text: string, userAgent: string, failure?: string): RobotsRules {
  if (status !== null && status >= 200 && status < 300) {
    const robots = robotsParser(robotsUrl, text);
    const delay = robots.getCrawlDelay(userAgent);
    return {
      kind: 'rules',
      // undefined: the URL is not this robots.txt's (another origin); the caller never asks that.
      isAllowed: (url) => robots.isAllowed(url, userAgent) !== false,
      crawlDelayMs: typeof delay === 'number' && delay > 0 ? Math.min(delay, 60) * 1000 : null,
    };
  }
  if (status !== null && status >= 400 && status < 500 && status !== 429) return { kind: 'allow-all' };
  return { kind: 'unreachable', reason: status === null ? (failure ?? 'no answer') : `HTTP ${status}` };
}

/** How long a reading is kept: rules a day at most (RFC 9309), an unreachable robots.txt a few minutes. */
export function robotsKeepMs(rules: RobotsRules): number {
  if (rules.kind === 'unreachable') return rules.privateAddress ? 0 : 5 * 60_000;
  return 60 * 60_000;
}
