import { z } from 'zod';

/** The dictionary aid's settings (api/config.ts spreads them). */
export const readingEnv = {
  /**
   * Characters one reader (a user, or a visitor's address) may have looked up by POST
   * /api/reading/words in a minute; past it, 429 with Retry-After. Counted in characters, the
   * lookup's cost, not in requests: the web app asks once per title, key point and paragraph, so
   * one long regulation read side by side is a hundred small requests. 500,000 characters is about
   * ten seconds of one core a minute, and more than a reader opening a few long regulations asks.
   */
  READING_CHARACTERS_PER_MINUTE: z.coerce.number().int().min(1).default(500_000),
};
