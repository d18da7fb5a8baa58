import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policies } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { renderError } from './errors.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A route running `query` on a real Postgres, its error rendered where every error is. */
async function answerTo(query: () => Promise<unknown>) {
  const app = new Hono().onError(renderError).get('/', async (c) => c.json(await query()));
  const response = await app.request('/');
  return { status: response.status, body: await response.json() };
}

describe("Postgres's refusals of a value are the client's fault: 400, never 500", () => {
  it('an id past the integer column (22003, numeric value out of range)', async () => {
    for (const id of [2_147_483_648, 3_000_000_000]) {
      expect(await answerTo(() => database.db.select().from(policies).where(eq(policies.id, id)))).toEqual({
        status: 400,
        body: { error: { code: 'bad_request', message: 'A number is out of range' } },
      });
    }
  });

  it('a NUL in jsonb (22P05, untranslatable character)', async () => {
    expect(await answerTo(() => database.db.execute(sql`select ${'{"analysis":["a\\u0000b"]}'}::jsonb`))).toEqual({
      status: 400,
      body: { error: { code: 'bad_request', message: 'A text holds a character that cannot be stored (a NUL)' } },
    });
  });

  it('a NUL in text', async () => {
    expect(await answerTo(() => database.db.execute(sql`select ${'a\u0000b'}::text`))).toEqual({
      status: 400,
      body: { error: { code: 'bad_request', message: 'A text holds a character that cannot be stored (a NUL)' } },
    });
  });
});
