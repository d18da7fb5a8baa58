import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../api/auth/session.ts';
import { api } from '../api/client.ts';

/** The signed-in user (the server's own type; a type-only import carries no server code). */
export type CurrentUser = SessionUser;

/**
 * Spec: fresh 30 s, kept 60 s, no retry. Asked of GET /api/auth/session, which answers a visitor
 * with `{ user: null }` rather than a 401 the browser would log as an error on every page.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['user'],
  queryFn: async (): Promise<CurrentUser | null> => (await api.get<{ user: CurrentUser | null }>('/api/auth/session')).user,
  staleTime: 30_000,
  gcTime: 60_000,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
