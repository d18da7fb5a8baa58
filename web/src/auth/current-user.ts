import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api/client.ts';

/** What GET /api/user answers (api/auth/session.ts SessionUser). */
export type CurrentUser = {
  id: number;
  username: string;
  email: string;
  name: string;
  company: string | null;
  jobTitle: string | null;
  role: 'user' | 'editor' | 'admin' | 'super_admin';
  createdAt: string;
};

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
