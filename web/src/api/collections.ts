import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, rpc } from './client.ts';
import type { CollectionSummary } from '../../../api/shared/collection-schemas.ts';
import { toast } from '../components/toaster.tsx';

/** GET /api/collections: the signed-in user's collections, each with its policies (newest first). */
export type Collection = CollectionSummary;

export const collectionKeys = {
  all: ['collections'] as const,
};

export const collectionsQuery = queryOptions({
  queryKey: collectionKeys.all,
  queryFn: () => call(rpc.collections.$get()),
});

/**
 * For a refusal (4xx) the server's own words ("The policy is already in this collection", "You
 * already have a collection with this name"); for anything else the spec's message.
 */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.serverMessage ?? fallback;
  return fallback;
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(rpc.collections.$post({ json: { name } })),
    onSuccess: () => toast({ title: 'Collection created' }),
    onError: (error) => toast({ title: 'Error', description: failureText(error, 'Failed to create collection.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionId: number) => call(rpc.collections[':id'].$delete({ param: { id: String(collectionId) } })),
    onSuccess: () => toast({ title: 'Collection deleted', description: 'Collection has been permanently deleted.' }),
    onError: (error) => toast({ title: 'Error', description: failureText(error, 'Failed to delete collection.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

export function useAddPolicyToCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { collectionId: number; policyId: number }) => call(rpc.collections['add-policy'].$post({ json })),
    onSuccess: () => toast({ title: 'Added to collection' }),
    onError: (error) => toast({ title: 'Error', description: failureText(error, 'Failed to add policy to collection.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

export function useRemovePolicyFromCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, policyId }: { collectionId: number; policyId: number }) =>
      call(rpc.collections[':collectionId'].policies[':policyId'].$delete({ param: { collectionId: String(collectionId), policyId: String(policyId) } })),
    onSuccess: () => toast({ title: 'Policy removed' }),
    onError: (error) => toast({ title: 'Error', description: failureText(error, 'Failed to remove policy from collection.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** "Create New Collection" on a card: create, then add the card's policy to it. */
export function useCreateCollectionWithPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, policyId }: { name: string; policyId: number }) => {
      let collection: Collection;
      try {
        collection = await call(rpc.collections.$post({ json: { name } }));
      } catch (error) {
        throw new Error(failureText(error, 'Failed to create collection.'));
      }
      try {
        await call(rpc.collections['add-policy'].$post({ json: { collectionId: collection.id, policyId } }));
      } catch (error) {
        throw new Error(failureText(error, 'Failed to add policy to collection.'));
      }
      return collection;
    },
    onSuccess: () => toast({ title: 'Added to collection' }),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
