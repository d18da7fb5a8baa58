import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { call, rpc } from '../api/client.ts';

/** The signed-in user, as GET /api/auth/session answers it. */
export type CurrentUser = NonNullable<InferResponseType<typeof rpc.auth.session.$get, 200>['user']>;

/**
 * Spec: fresh 30 s, kept 60 s, no retry. Asked of GET /api/auth/session, which answers a visitor
 * with `{ user: null }` rather than a 401 the browser would log as an error on every page.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['user'],
  queryFn: async (): Promise<CurrentUser | null> => (await call(rpc.auth.session.$get())).user,
  staleTime: 30_000,
  gcTime: 60_000,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
