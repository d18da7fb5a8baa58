import { z } from 'zod';

/** The public API's settings: requests each API key may make (api/public-api/limits.ts). */
export const publicApiEnv = {
  /** Requests one API key may make in a minute (a window from its first request). */
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Requests one API key may make in a day (a 24-hour window from its first request). */
  API_REQUESTS_PER_DAY: z.coerce.number().int().min(1).default(10_000),
};
