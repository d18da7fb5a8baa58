import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** The cores but one (that one stays the event loop's), at least two threads, so one long export does not queue every other. */
const defaultWorkThreads = Math.max(2, availableParallelism() - 1);

/** The thread pool's settings (api/config.ts spreads them; decision 021). */
export const threadEnv = {
  /** Worker threads for exports and the rules analyser's previews (default: the cores but one, at least 2). */
  WORK_THREADS: z.coerce.number().int().min(1).max(64).default(defaultWorkThreads),
  /** Tasks waiting for a thread; past it, 503 with Retry-After rather than a queue that grows. */
  WORK_QUEUE: z.coerce.number().int().min(1).default(32),
  /** Exports one user may have in progress at once; past it, 429 with Retry-After. */
  WORK_TASKS_PER_USER: z.coerce.number().int().min(1).default(2),
};
