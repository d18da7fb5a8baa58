import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { App } from '../../../api/shared/api-contract.ts';

/**
 * The web app's one way to call the API. It sends cookies and JSON, and turns any non-success
 * response into the spec's error rule: "{status}: {text}", where the text is the server's own
 * message when the body is the API's `{ error: { message } }` (never the raw JSON), else the body
 * text, else the status text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
  }

  /**
   * The server's own message, for toasts: `{ error: { message } }`, which every API error has, or
   * the signup checkout's `errors[0].message`, which the spec has the signup dialog show.
   */
  get serverMessage(): string | null {
    return serverMessageOf(this.body);
  }
}

function serverMessageOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string }; errors?: { message?: string }[] };
    return parsed.errors?.[0]?.message ?? parsed.error?.message ?? null;
  } catch {
    return null;
  }
}

/** The API, typed from the server's routes: `rpc.policies[':id'].$get({ param: { id } })`. */
export const rpc = hc<App>('/', { init: { credentials: 'include' } }).api;

type SuccessBody<R> = R extends ClientResponse<infer Body, infer Status, infer _Format> ? (Status extends SuccessStatusCode ? Body : never) : never;

/**
 * Waits for an RPC call: a success answers its typed JSON (undefined for 204), anything else
 * throws an ApiError, which the caller shows or not (a toast).
 */
/** The server's own message of a failed call (see ApiError.serverMessage), or null for any other error. */
export function serverMessage(error: unknown): string | null {
  return (error instanceof ApiError && error.serverMessage) || null;
}

export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<SuccessBody<R>> {
  const response = await request;
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, `${response.status}: ${serverMessageOf(text) ?? (text || response.statusText)}`);
  }
  if (response.status === 204) return undefined as SuccessBody<R>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as SuccessBody<R>;
}

/** A paged list call: its rows and the total the server sends in X-Total-Count. */
export async function callPage<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<{ rows: SuccessBody<R>; total: number }> {
  const response = await request;
  const rows = await call(Promise.resolve(response));
  return { rows, total: Number(response.headers.get('X-Total-Count') ?? 0) };
}

/** Query parameters as the API reads them: empty values left out, arrays JSON-encoded, numbers as text. */
export function queryParams(params: Record<string, string | number | readonly (string | number)[] | undefined | null>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) query[key] = JSON.stringify(value);
    } else {
      query[key] = String(value);
    }
  }
  return query;
}
