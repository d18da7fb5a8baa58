import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addLink, confirmLink, linkKeys, removeLink } from '../../api/admin-links.ts';
import { policyKeys } from '../../api/policies.ts';
import { toast, toastFailure } from '../../components/toaster.tsx';

/**
 * An editor's acts on links: confirm a proposed one, remove one, add one by hand. Each refreshes
 * the back office's link lists and what readers see of the policies (links and status).
 */
export function useLinkActions() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: linkKeys.all });
    await queryClient.invalidateQueries({ queryKey: policyKeys.all });
  };
  const confirm = useMutation({
    mutationFn: confirmLink,
    onSuccess: async () => {
      toast({ title: 'Link confirmed' });
      await refresh();
    },
    onError: (error) => toastFailure('Failed to confirm link', error),
  });
  const remove = useMutation({
    mutationFn: removeLink,
    onSuccess: async () => {
      toast({ title: 'Link removed' });
      await refresh();
    },
    onError: (error) => toastFailure('Failed to remove link', error),
  });
  const add = useMutation({
    mutationFn: addLink,
    onSuccess: async () => {
      toast({ title: 'Link added' });
      await refresh();
    },
    onError: (error) => toastFailure('Failed to add link', error),
  });
  return { confirm, remove, add, busy: confirm.isPending || remove.isPending || add.isPending };
}
