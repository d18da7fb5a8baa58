import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed unsubscribe links: `?user=<id>&rule=<rule ids, comma-separated, or "all">&v=<alerts version>&sig=<HMAC>`.
 * A message's body links each of its rules; its List-Unsubscribe header names every rule the
 * message's matches came from (most messages have one), so a mail app's Unsubscribe stops what
 * that message is about, not every alert.
 * The signature binds the user to the rule and to the user's alerts version when the link was sent
 * (api/alerts/unsubscribe.ts bumps it whenever the owner turns an alert on or changes one), so a
 * link works without signing in, for nothing but its own rule, and only until its owner changes
 * their alerts: an old e-mail's link can't turn off again what they turned back on.
 */

export type UnsubscribeTarget = { userId: number; ruleId: string };
export type UnsubscribeLink = UnsubscribeTarget & { version: number };

/** Every rule of the user at once. */
export const allRules = 'all';

// A followed policy's alerts (`follow:<policy id>`, api/alerts/follow-events.ts): the id as written, without leading zeros.
const oneRule = '(preferences|search:\\d{1,9}|follow:[1-9]\\d{0,8})';
const ruleIdPattern = new RegExp(`^(all|${oneRule}(,${oneRule}){0,49})$`);

/** The rules a link names, e.g. "search:3,preferences" → ["search:3", "preferences"]. */
export const rulesOf = (ruleId: string): string[] => ruleId.split(',');

/** The one link value for several rules of a message. */
export const ruleList = (ruleIds: readonly string[]): string => ruleIds.join(',');

function signature(secret: string, link: UnsubscribeLink): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:v2:${link.userId}:${link.ruleId}:${link.version}`).digest();
}

export function unsubscribeUrl(appUrl: string, secret: string, link: UnsubscribeLink): string {
  const url = new URL('/api/alerts/unsubscribe', appUrl);
  url.searchParams.set('user', String(link.userId));
  url.searchParams.set('rule', link.ruleId);
  url.searchParams.set('v', String(link.version));
  url.searchParams.set('sig', signature(secret, link).toString('base64url'));
  return url.toString();
}

// Exactly as unsubscribeUrl writes them: an id in decimal without leading zeros, and the 32-byte
// HMAC as unpadded base64url (Buffer's decoder would skip padding and junk, so several texts would
// pass for one link).
const userIdPattern = /^[1-9]\d{0,8}$/;
const versionPattern = /^(0|[1-9]\d{0,8})$/;
const signaturePattern = /^[A-Za-z0-9_-]{43}$/;

/** The target a link's parameters name, when its signature is right; null for anything else. */
export function verifyUnsubscribe(secret: string, params: { user?: string; rule?: string; v?: string; sig?: string }): UnsubscribeLink | null {
  const { user, rule, v, sig } = params;
  if (!user || !userIdPattern.test(user) || !rule || !ruleIdPattern.test(rule) || !v || !versionPattern.test(v) || !sig || !signaturePattern.test(sig)) {
    return null;
  }
  const link = { userId: Number(user), ruleId: rule, version: Number(v) };
  const expected = signature(secret, link);
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? link : null;
}
