import { describe, expect, it } from 'vitest';
import { auditLinks, checkLink } from './link-check.ts';

const neverCalled = (() => {
  throw new Error('fetch must not be called');
}) as unknown as typeof fetch;

describe('the audit page', () => {
  it('lists 16 addresses in the 8 categories of the spec', () => {
    expect(auditLinks).toHaveLength(16);
    expect([...new Set(auditLinks.map((link) => link.category))]).toEqual([
      'Navigation',
      'Authentication',
      'Protected Routes',
      'Subscription',
      'Features',
      'Legal',
      'Support',
      'Admin',
    ]);
    expect(new Set(auditLinks.map((link) => link.path)).size).toBe(16);
  });

  it('marks an address the app has no page for as an error, without asking the server', async () => {
    expect(await checkLink('/no-such-page?x=1', { hasRoute: (pathname) => pathname !== '/no-such-page', fetch: neverCalled })).toEqual({
      ok: false,
      reason: 'No page at this address',
    });
  });
});
