import { Hono } from 'hono';
import type { AuthEnv } from '../../auth/session.ts';
import type { AppDeps } from '../../app-deps.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { clientIp } from '../../auth/client-ip.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validation.ts';
import { readTextYielding } from '../../reading/dictionary.ts';
import { readingRateLimit } from '../../reading/rate-limit.ts';
import { dictionaryCredit, maxReadingText, readingRequestSchema, readingTooLongMessage, type ReadingResponse } from '../../shared/reading.ts';

/**
 * POST /api/reading/words: the dictionary reading aid. The browser sends Chinese text it already
 * shows the reader (a title, key points, the original) and gets it back as words with their
 * dictionary entries. Open to everyone: it reveals nothing but a dictionary's content. A lookup
 * runs on the event loop, so its size is capped (413 past maxReadingText), it yields to other
 * requests between slices of the text (readTextYielding), and each reader's lookups are limited
 * (429 past READING_CHARACTERS_PER_MINUTE): no one can hold the server.
 */
export function readingRoutes(deps: AppDeps) {
  const countLookup = readingRateLimit(deps.config.READING_CHARACTERS_PER_MINUTE, deps.now);
  return new Hono<AuthEnv>().post('/words', jsonBodyLimit, validate('json', readingRequestSchema), async (c) => {
    const { text } = c.req.valid('json');
    if (text.length > maxReadingText) throw new AppError('payload_too_large', readingTooLongMessage(text.length));
    countLookup(c.var.user ? `user:${c.var.user.id}` : `ip:${clientIp(c) ?? 'unknown'}`, text.length);
    return c.json({ words: await readTextYielding(text), credit: dictionaryCredit } satisfies ReadingResponse);
  });
}
