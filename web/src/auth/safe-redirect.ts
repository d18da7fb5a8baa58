import { z } from 'zod';

const probeOrigin = 'https://origin.invalid';

/**
 * The login page's `redirect` parameter may only name a path on this site. Anything else
 * ("https://evil.example", "//evil.example", "/\\evil.example", "javascript:...") is an open
 * redirect and is dropped.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (/[\\\u0000-\u001f]/.test(value)) return undefined;
  try {
    const url = new URL(value, probeOrigin);
    if (url.origin !== probeOrigin) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

export const loginSearchSchema = z.object({
  redirect: z.unknown().transform(safeRedirectPath).optional(),
});

export type LoginSearch = z.output<typeof loginSearchSchema>;
