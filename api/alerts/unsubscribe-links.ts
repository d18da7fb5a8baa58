import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed unsubscribe links: `?user=<id>&rule=<rule id or "all">&sig=<HMAC>`. The signature binds
 * the user to the rule, so a link works without signing in and for nothing but its own rule; it
 * needs no row, so it works for as long as the secret is kept.
 */

export type UnsubscribeTarget = { userId: number; ruleId: string };

/** Every rule of the user at once. */
export const allRules = 'all';

const ruleIdPattern = /^(all|preferences|search:\d{1,9})$/;

function signature(secret: string, target: UnsubscribeTarget): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${target.userId}:${target.ruleId}`).digest();
}

export function unsubscribeUrl(appUrl: string, secret: string, target: UnsubscribeTarget): string {
  const url = new URL('/api/alerts/unsubscribe', appUrl);
  url.searchParams.set('user', String(target.userId));
  url.searchParams.set('rule', target.ruleId);
  url.searchParams.set('sig', signature(secret, target).toString('base64url'));
  return url.toString();
}

// Exactly as unsubscribeUrl writes them: an id in decimal without leading zeros, and the 32-byte
// HMAC as unpadded base64url (Buffer's decoder would skip padding and junk, so several texts would
// pass for one link).
const userIdPattern = /^[1-9]\d{0,8}$/;
const signaturePattern = /^[A-Za-z0-9_-]{43}$/;

/** The target a link's parameters name, when its signature is right; null for anything else. */
export function verifyUnsubscribe(secret: string, params: { user?: string; rule?: string; sig?: string }): UnsubscribeTarget | null {
  if (!params.user || !userIdPattern.test(params.user) || !params.rule || !ruleIdPattern.test(params.rule) || !params.sig || !signaturePattern.test(params.sig)) {
    return null;
  }
  const target = { userId: Number(params.user), ruleId: params.rule };
  const expected = signature(secret, target);
  const given = Buffer.from(params.sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? target : null;
}
