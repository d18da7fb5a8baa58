import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../api/auth/session.ts';
import { ApiError, api } from '../api/client.ts';

/** What GET /api/user answers (the server's own type; a type-only import carries no server code). */
export type CurrentUser = SessionUser;

/** Spec: fresh 30 s, kept 60 s, no retry; a 401 means "no user", not an error. */
export const currentUserQuery = queryOptions({
  queryKey: ['user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await api.get<CurrentUser>('/api/user');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 30_000,
  gcTime: 60_000,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
