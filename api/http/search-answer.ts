import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { SearchAnswer } from '../search/cached-search.ts';

/**
 * Sends a search answer's JSON text as it is (made once, however often it is served from memory),
 * typed as `c.json(answer.value)` would be, so the typed client (hc<App>) reads the same type.
 */
export function sendAnswer<Value extends object>(c: Context, answer: SearchAnswer<Value>) {
  return c.body(answer.json, 200, { 'Content-Type': 'application/json' }) as unknown as Response & TypedResponse<JSONParsed<Value>, 200, 'json'>;
}
