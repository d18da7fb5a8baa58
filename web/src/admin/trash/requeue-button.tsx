import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, requeueStory, type StoryRow } from '../../api/admin.ts';
import { toast, toastFailure } from '../../components/toaster.tsx';

/** The queue's row action for a processed story whose policy was deleted: back to pending, to be processed into a new policy. */
export function RequeueButton({ story }: { story: StoryRow }) {
  const queryClient = useQueryClient();
  const requeue = useMutation({
    mutationFn: () => requeueStory(story.id),
    onSuccess: async () => {
      toast({ title: 'Story re-queued', description: 'It is pending again: process it to make a new policy.' });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toastFailure('Failed to re-queue story', error),
  });
  return (
    <button type="button" className="btn-ghost px-2 py-1" disabled={requeue.isPending} onClick={() => requeue.mutate()} aria-label={`Re-queue story ${story.id}`}>
      Re-queue
    </button>
  );
}
