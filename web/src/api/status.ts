import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { DatabaseStats } from '../../../api/shared/database-stats.ts';
import { rpc } from './client.ts';

export type { DatabaseStats };
export type Health = InferResponseType<typeof rpc.health.$get>;

/**
 * GET /api/health. Unlike other calls, a 503 is an answer here, not a failure: its body names
 * what is down, which the status page shows.
 */
export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: async (): Promise<Health> => (await rpc.health.$get()).json(),
  refetchInterval: 30_000,
  retry: false,
});

/** The status page's error texts (spec section 8): a non-OK answer and a failed request read differently. */
export class DatabaseStatsError extends Error {}

/** GET /api/database-stats, polled every 30 s as the spec says. */
export const databaseStatsQuery = queryOptions({
  queryKey: ['database-stats'],
  queryFn: async (): Promise<DatabaseStats> => {
    let response: Response;
    try {
      response = await rpc['database-stats'].$get();
    } catch {
      throw new DatabaseStatsError('Error fetching database stats');
    }
    if (!response.ok) throw new DatabaseStatsError('Error: Failed to fetch database stats');
    return (await response.json()) as DatabaseStats;
  },
  refetchInterval: 30_000,
  retry: false,
});
