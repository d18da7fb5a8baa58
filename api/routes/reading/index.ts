import { Hono } from 'hono';
import type { AuthEnv } from '../../auth/session.ts';
import type { AppDeps } from '../../app-deps.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { validate } from '../../http/validation.ts';
import { readText } from '../../reading/dictionary.ts';
import { dictionaryCredit, readingRequestSchema, type ReadingResponse } from '../../shared/reading.ts';

/**
 * POST /api/reading/words: the dictionary reading aid. The browser sends Chinese text it already
 * shows the reader (a title, key points, the original) and gets it back as words with their
 * dictionary entries. Open to everyone: it reveals nothing but a dictionary's content.
 */
export function readingRoutes(_deps: AppDeps) {
  return new Hono<AuthEnv>().post('/words', jsonBodyLimit, validate('json', readingRequestSchema), (c) =>
    c.json({ words: readText(c.req.valid('json').text), credit: dictionaryCredit } satisfies ReadingResponse),
  );
}
