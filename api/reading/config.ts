import { z } from 'zod';

/** The dictionary aid's settings (api/config.ts spreads them). */
export const readingEnv = {
  /** Lookups one reader (a user, or a visitor's address) may ask of POST /api/reading/words in a minute; past it, 429 with Retry-After. */
  READING_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
};
