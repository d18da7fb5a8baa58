/**
 * The web app's one way to call the API. It sends cookies and JSON, and turns any non-success
 * response into the spec's error rule: "{status}: {body text}" (status text if the body is empty).
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
    try {
      const parsed = JSON.parse(this.body) as { error?: { message?: string }; errors?: { message?: string }[] };
      return parsed.errors?.[0]?.message ?? parsed.error?.message ?? null;
    } catch {
      return null;
    }
  }
}

export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  let serialized: string | undefined;
  if (body !== undefined) {
    try {
      serialized = JSON.stringify(body);
    } catch (error) {
      throw new Error(`Failed to stringify request body: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: serialized !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: serialized,
  });
  if (!response.ok) {
    const text = await response.text();
    // Thrown, not logged: the caller decides whether it is an error worth showing (a toast).
    throw new ApiError(response.status, text, `${response.status}: ${text || response.statusText}`);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
};

/** Builds a query string, leaving out empty values and JSON-encoding arrays (the API's format). */
export function queryString(params: Record<string, string | number | readonly (string | number)[] | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(key, JSON.stringify(value));
    } else {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
