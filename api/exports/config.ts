import { z } from 'zod';

/** The exports' settings (api/config.ts spreads them). */
export const exportEnv = {
  /** Exports (files of a policy, a search or a collection) one user may make in an hour; past it, 429 with Retry-After. */
  EXPORTS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** The most text a policy's PDF or Word file holds (characters: a long law and its translation); past it, 422. */
  EXPORT_MAX_CHARACTERS: z.coerce.number().int().min(1_000).default(1_000_000),
};
