import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { call, rpc } from '../api/client.ts';
import { currentUserQuery, type CurrentUser } from './current-user.ts';

export type LoginInput = InferRequestType<typeof rpc.auth.login.$post>['json'];
export type RegisterInput = InferRequestType<typeof rpc.auth.register.$post>['json'];

export const login = async (json: LoginInput) => (await call(rpc.auth.login.$post({ json }))).user;
export const register = async (json: RegisterInput) => (await call(rpc.auth.register.$post({ json }))).user;
export const logout = () => call(rpc.auth.logout.$post());

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
