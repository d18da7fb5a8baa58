import { createMiddleware } from 'hono/factory';
import type { Config } from '../config.ts';
import { AppError, forbidden } from '../http/errors.ts';

/** Calls another site may make: each proves itself otherwise (Stripe signs its webhook). */
export const csrfExemptCalls: readonly string[] = [
  'POST /api/stripe/webhook',
  // Its link's signature is the proof; mail clients' one-click POST (RFC 8058) comes from no page of ours.
  'POST /api/alerts/unsubscribe',
];

/** The only calls that take multipart/form-data (the back office's database upload). */
export const multipartCalls: readonly string[] = ['POST /api/admin/analyze-db-file', 'POST /api/admin/import-db-file'];

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for every state-changing call under /api: the Origin header
 * must be the app's own origin (config.APP_ORIGINS), and a body must be JSON (multipart only where uploads are
 * allowed). A cross-site form can send neither a JSON content type nor our Origin; fetch from
 * another origin cannot forge Origin. GET and HEAD change nothing, so they pass.
 */
export function csrfProtection(config: Pick<Config, 'APP_ORIGINS'>) {
  return createMiddleware(async (c, next) => {
    const method = c.req.method;
    if (!stateChangingMethods.has(method)) return next();
    const call = `${method} ${c.req.path}`;
    if (csrfExemptCalls.includes(call)) return next();

    if (!config.APP_ORIGINS.includes(c.req.header('origin') ?? '')) throw forbidden('Cross-site request refused');

    const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType === undefined) {
      // No content type is fine only for a call without a body (logout, DELETE /api/collections/1).
      const length = c.req.header('content-length');
      if (c.req.header('transfer-encoding') || (length !== undefined && length !== '0')) throw unsupportedMediaType();
    } else if (mediaType !== 'application/json' && !(mediaType === 'multipart/form-data' && multipartCalls.includes(call))) {
      throw unsupportedMediaType();
    }
    return next();
  });
}

const unsupportedMediaType = () => new AppError('unsupported_media_type', 'Send the request body as application/json');
