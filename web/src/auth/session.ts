import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { currentUserQuery, type CurrentUser } from './current-user.ts';

export type LoginInput = { username: string; password: string };
export type RegisterInput = { username: string; email: string; password: string; name: string; company: string };

/** The API answers `{ user }`; the spec also allows a bare user. */
type UserResponse = { user: CurrentUser } | CurrentUser;
const unwrapUser = (response: UserResponse): CurrentUser => ('user' in response ? response.user : response);

export const login = async (input: LoginInput) => unwrapUser(await api.post<UserResponse>('/api/auth/login', input));
export const register = async (input: RegisterInput) => unwrapUser(await api.post<UserResponse>('/api/auth/register', input));
export const logout = () => api.post<unknown>('/api/auth/logout');

/** After login or register: the answered user is the current user at once, then re-read. */
export function storeSignedInUser(queryClient: QueryClient, user: CurrentUser) {
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}

/** After logout: no current user, and nothing cached for the previous user survives. */
export function forgetSignedInUser(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
  queryClient.setQueryData(currentUserQuery.queryKey, null);
}

export function useSessionCache() {
  const queryClient = useQueryClient();
  return {
    signedIn: (user: CurrentUser) => storeSignedInUser(queryClient, user),
    signedOut: () => forgetSignedInUser(queryClient),
  };
}
