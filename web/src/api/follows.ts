import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../components/toaster.tsx';
import { call, rpc } from './client.ts';

/** GET /api/user/follows: the policies the signed-in reader follows. */
export const followKeys = { all: ['follows'] as const };

export const followsQuery = queryOptions({
  queryKey: followKeys.all,
  queryFn: () => call(rpc.user.follows.$get()),
});

export function useFollowPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyId: number) => call(rpc.user.follows.$post({ json: { policyId } })),
    onSuccess: () => toast({ title: 'Following', description: 'You will be told when this policy is amended, replaced, repealed or cited, or its status changes.' }),
    onError: () => toast({ title: 'Error', description: 'Could not follow this policy.', variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: followKeys.all }),
  });
}

export function useUnfollowPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyId: number) => call(rpc.user.follows[':policyId'].$delete({ param: { policyId: String(policyId) } })),
    onSuccess: () => toast({ title: 'No longer following' }),
    onError: () => toast({ title: 'Error', description: 'Could not stop following this policy.', variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: followKeys.all }),
  });
}
