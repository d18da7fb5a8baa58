import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, rpc } from './client.ts';
import type { AlertFrequency, SavedSearch, SavedSearchQuery } from '../../../api/shared/saved-search-schemas.ts';
import { toast } from '../components/toaster.tsx';

export type { SavedSearch };

export const savedSearchKeys = { all: ['saved-searches'] as const, feedToken: ['feed-token'] as const, preferences: ['notification-preferences'] as const };

/** GET /api/saved-searches: the signed-in user's saved searches, newest first. */
export const savedSearchesQuery = queryOptions({
  queryKey: savedSearchKeys.all,
  queryFn: () => call(rpc['saved-searches'].$get()),
});

/** For a refusal (4xx) the server's own words (the 50 limit, a bad filter); else the fallback. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.serverMessage ?? fallback;
  return fallback;
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { name: string; query: Partial<SavedSearchQuery>; alert: AlertFrequency }) => call(rpc['saved-searches'].$post({ json })),
    onSuccess: (saved) => toast({ title: 'Search saved', description: `"${saved.name}" is in your saved searches.` }),
    onError: (error) => toast({ title: 'Error', description: failureText(error, 'Failed to save the search. Please try again.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...json }: { id: number; name?: string; query?: SavedSearchQuery; alert?: AlertFrequency }) =>
      call(rpc['saved-searches'][':id'].$patch({ param: { id: String(id) }, json })),
    onSuccess: () => toast({ title: 'Saved search updated' }),
    onError: (error) => toast({ title: 'Error', description: failureText(error, 'Failed to update the saved search. Please try again.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(rpc['saved-searches'][':id'].$delete({ param: { id: String(id) } })),
    onSuccess: () => toast({ title: 'Saved search deleted' }),
    onError: (error) => toast({ title: 'Error', description: failureText(error, 'Failed to delete the saved search. Please try again.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** GET /api/user/feed-token: when the current token was made (never the token itself). */
export const feedTokenQuery = queryOptions({
  queryKey: savedSearchKeys.feedToken,
  queryFn: () => call(rpc.user['feed-token'].$get()),
});

/**
 * POST /api/user/feed-token: a new token, answered once. It is kept in the query cache for this
 * page's life only, so the feed links can carry it until the page is left.
 */
export function useNewFeedToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(rpc.user['feed-token'].$post()),
    onSuccess: (answer) => {
      queryClient.setQueryData(feedTokenShownKey, answer.token);
      queryClient.setQueryData(savedSearchKeys.feedToken, { createdAt: answer.createdAt });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to create a feed token. Please try again.', variant: 'destructive' }),
  });
}

/** DELETE /api/user/feed-token: the token stops working and none replaces it. */
export function useRemoveFeedToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(rpc.user['feed-token'].$delete()),
    onSuccess: () => {
      queryClient.setQueryData(feedTokenShownKey, null);
      queryClient.setQueryData(savedSearchKeys.feedToken, { createdAt: null });
      toast({ title: 'Feed token removed' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to remove the feed token. Please try again.', variant: 'destructive' }),
  });
}

const feedTokenShownKey = ['feed-token', 'shown'] as const;

/** The feed token made on this page, or null: it is never read from the server again. */
export function useShownFeedToken(): string | null {
  const { data } = useQuery({ queryKey: feedTokenShownKey, queryFn: () => null as string | null, staleTime: Infinity, gcTime: Infinity });
  return data ?? null;
}

export const notificationPreferencesQuery = queryOptions({
  queryKey: savedSearchKeys.preferences,
  queryFn: () => call(rpc.user.notifications.$get()),
});
