import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import { PolicyWriteError } from '../../db/policies.ts';
import { LinkNotFoundError } from '../../db/document-links.ts';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal';

const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  service_unavailable: 503,
  internal: 500,
};

/** The one error type of the API, rendered in one place as `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** What a client needs beyond the message to act on the error (a conflict's who and when), rendered as `error.details`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = statusOf[code];
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('forbidden', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const serviceUnavailable = (message: string) => new AppError('service_unavailable', message);

/** Postgres error codes that are the client's fault, mapped once here rather than in handlers. */
function fromDatabaseError(error: unknown): AppError | null {
  if (isDatabaseUnavailable(error)) return serviceUnavailable(databaseUnavailableMessage);
  const pgError = findPostgresError(error);
  if (!pgError) return null;
  switch (pgError.code) {
    case '23505':
      return conflict(conflictMessage(pgError.constraint_name));
    case '23503':
      return new AppError('unprocessable', 'A referenced record does not exist');
    case '23001':
      return conflict('This record is still in use');
    // A number past its column's range (an id above 2,147,483,647) and text Postgres can't store
    // (a NUL: 22021 in text, 22P05 in jsonb): the edge's schemas refuse both with the field named;
    // this is the net for a path they miss.
    case '22003':
      return badRequest('A number is out of range');
    case '22021':
    case '22P05':
      return badRequest('A text holds a character that cannot be stored (a NUL)');
    case '23514':
    case '22001':
    case '22P02':
    case '22007':
    case '22008':
      return badRequest('A value is out of range or malformed');
    default:
      return null;
  }
}

function findPostgresError(error: unknown): { code: string; constraint_name?: string } | null {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { name?: string; code?: unknown; constraint_name?: string };
    if (candidate.name === 'PostgresError' && typeof candidate.code === 'string') {
      return candidate as { code: string; constraint_name?: string };
    }
  }
  return null;
}

export const databaseUnavailableMessage = 'The database is unavailable; try again shortly';

/**
 * Postgres down, restarting or out of connections is no fault of the request and passes: 503, so
 * clients and load balancers retry, rather than a 500 that reads as a bug.
 */
const unavailable = {
  // Node's socket errors, counted only on an error postgres.js failed a query with (it attaches the
  // query): the same codes from Meilisearch, Stripe or an aborted upload are not the database.
  socket: new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']),
  postgresJs: new Set(['CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED']),
  // Admin, crash and "cannot connect now" shutdowns, too many connections; class 08 below.
  postgres: new Set(['57P01', '57P02', '57P03', '53300']),
};

function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: ...") and keeps it as the cause.
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, name } = current as { code?: unknown; name?: string };
    if (typeof code !== 'string') continue;
    if (unavailable.postgresJs.has(code)) return true;
    if (unavailable.socket.has(code) && 'query' in current) return true;
    if (name === 'PostgresError' && (unavailable.postgres.has(code) || code.startsWith('08'))) return true;
  }
  return false;
}

const conflictMessages: Record<string, string> = {
  users_email_lower_key: 'An account with this email already exists',
  users_username_lower_key: 'This username is already taken',
  collections_user_name_lower_key: 'You already have a collection with this name',
  policy_collections_collection_policy_key: 'The policy is already in this collection',
  policies_source_url_key: 'Another policy has this source URL',
};

function conflictMessage(constraint: string | undefined): string {
  return (constraint && conflictMessages[constraint]) ?? 'This record already exists';
}

/**
 * The policy write's refusals (db/policies.ts): an unknown policy is 404; a save from a version
 * older than the stored one is 409 with who saved it and when (the editor offers Reload or
 * Overwrite); every other rule the caller broke is 400.
 */
function fromPolicyWriteError(error: PolicyWriteError): AppError {
  if (error.reason === 'not_found') return notFound(error.message);
  if (error.reason === 'conflict' && error.conflict) {
    const { version, savedBy, savedAt } = error.conflict;
    return new AppError('conflict', error.message, {}, { version, savedBy, savedAt: savedAt.toISOString() });
  }
  return badRequest(error.message);
}

export function renderError(error: unknown, c: Context): Response {
  const appError =
    error instanceof AppError
      ? error
      : error instanceof HTTPException
        ? httpExceptionToAppError(error)
        : error instanceof PolicyWriteError
          ? fromPolicyWriteError(error)
          : error instanceof LinkNotFoundError
            ? notFound(error.message)
            : fromDatabaseError(error);
  if (appError) {
    for (const [name, value] of Object.entries(appError.headers)) c.header(name, value);
    const details = appError.details ? { details: appError.details } : {};
    return c.json({ error: { code: appError.code, message: appError.message, ...details } }, appError.status);
  }
  console.error('Unhandled error', error);
  return c.json({ error: { code: 'internal', message: 'Something went wrong on our side' } }, 500);
}

function httpExceptionToAppError(error: HTTPException): AppError {
  const byStatus: Partial<Record<number, ErrorCode>> = {
    400: 'bad_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
  };
  return new AppError(byStatus[error.status] ?? 'bad_request', error.message || 'Bad request');
}
