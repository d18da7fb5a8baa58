/** The 16 addresses the audit page checks, in the spec's 8 categories. */
export const auditLinks: { category: string; label: string; path: string }[] = [
  { category: 'Navigation', label: 'Landing page', path: '/' },
  { category: 'Navigation', label: 'Dashboard', path: '/dashboard' },
  { category: 'Navigation', label: 'Search', path: '/search' },
  { category: 'Authentication', label: 'Login', path: '/login' },
  { category: 'Protected Routes', label: 'Account Settings', path: '/account' },
  { category: 'Protected Routes', label: 'Policy detail', path: '/policy/1' },
  { category: 'Subscription', label: 'Subscribe', path: '/subscribe' },
  { category: 'Subscription', label: 'Subscription success', path: '/subscription-success' },
  { category: 'Features', label: 'Search results', path: '/search?q=bank' },
  { category: 'Features', label: 'System status', path: '/status' },
  { category: 'Legal', label: 'Privacy Policy', path: '/privacy-policy' },
  { category: 'Legal', label: 'Terms of Service', path: '/terms-of-service' },
  { category: 'Support', label: 'Help Center', path: '/help-center' },
  { category: 'Support', label: 'Contact', path: '/contact' },
  { category: 'Support', label: 'About Us', path: '/about-us' },
  { category: 'Admin', label: 'Admin Dashboard', path: '/admin' },
];

export type LinkCheck = { ok: true } | { ok: false; reason: string };

/**
 * Whether `path` really leads to a page: the app has a route for it (every address answers the
 * app's HTML, so the server alone can't tell a dead link), and the server serves it now.
 */
export async function checkLink(path: string, deps: { hasRoute: (pathname: string) => boolean; fetch: typeof fetch }): Promise<LinkCheck> {
  const url = new URL(path, 'http://app.invalid');
  if (!deps.hasRoute(url.pathname)) return { ok: false, reason: 'No page at this address' };
  let response: Response;
  try {
    response = await deps.fetch(path, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'Network error' };
  }
  if (!response.ok) return { ok: false, reason: `HTTP ${response.status}` };
  if (!response.headers.get('Content-Type')?.includes('text/html')) return { ok: false, reason: 'Not a page' };
  return { ok: true };
}
