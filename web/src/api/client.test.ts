import type { ClientResponse } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { ApiError, call } from './client.ts';

const failing = (body: string, status = 500, statusText = 'Internal Server Error') =>
  call(Promise.resolve(new Response(body, { status, statusText }) as unknown as ClientResponse<unknown, number, string>));

describe('a failed call', () => {
  it("reads '{status}: {message}' with the API error's own message, never its JSON", async () => {
    const error = await failing(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('500: Something went wrong');
  });

  it('reads the body text when it is not the API error shape, and the status text when empty', async () => {
    expect(((await failing('Bad gateway', 502).catch((caught: unknown) => caught)) as Error).message).toBe('502: Bad gateway');
    expect(((await failing('', 503, 'Service Unavailable').catch((caught: unknown) => caught)) as Error).message).toBe('503: Service Unavailable');
  });
});
