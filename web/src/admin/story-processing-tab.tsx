import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { countOf } from '../../../api/shared/plural.ts';
import { storyStatuses } from '../../../vocabulary/story-status.ts';
import { adminKeys, deleteStories, deleteStory, markStory, pendingStoriesQuery, processStories, storyQuery, type StoryRow } from '../api/admin.ts';
import { toast, toastFailure } from '../components/toaster.tsx';
import { ui } from '../components/ui-classes.ts';
import { formatAdminDateTime, truncate } from '../lib/format.ts';
import { LoadError, PageJump, Th } from './admin-table-parts.tsx';
import { useDeleteConfirmation } from './delete-confirmation.tsx';
import { useRowSelection } from './row-selection.ts';
import { RequeueButton } from './trash/requeue-button.tsx';

const statusLabels: Record<StoryRow['status'], string> = { pending: 'Pending', processing: 'Processing', failed: 'Failed', processed: 'Processed' };

const statusTone: Record<StoryRow['status'], string> = {
  pending: 'bg-slate-100 text-slate-800',
  processing: 'bg-blue-100 text-blue-900',
  processed: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/** The Story Details dialog: title, link, the first 500 characters of the Chinese text, and its processing state. */
function StoryDetailsDialog({ storyId, onClose }: { storyId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const story = useQuery(storyQuery(storyId));
  const mark = useMutation({
    mutationFn: (success: boolean) => markStory(storyId, success),
    onSuccess: (answer) => {
      toast({ title: answer.status === 'processed' ? 'Story marked as processed' : 'Story marked as failed' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
    },
    onError: (error) => toastFailure('Failed to mark story as processed', error),
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.dialogOverlay} />
        <Dialog.Content className={`${ui.dialogContent} max-w-2xl`} aria-describedby={undefined}>
          <Dialog.Title className="text-lg font-semibold">Story Details</Dialog.Title>
          {story.error ? (
            <p role="alert" className="mt-4 text-red-900">
              Error loading story details
            </p>
          ) : !story.data ? (
            <p className="mt-4 text-slate-700">Loading story...</p>
          ) : (
            <div className="mt-4 grid gap-3 text-sm">
              <p className="font-medium break-words text-slate-950" lang="zh">
                {story.data.title}
              </p>
              {story.data.url ? (
                <a href={story.data.url} target="_blank" rel="noreferrer noopener" className="break-all text-blue-800 underline">
                  {story.data.url}
                </a>
              ) : (
                <p className="text-slate-700">No source URL</p>
              )}
              {/* Focusable, so a keyboard can scroll it. */}
              <p
                lang="zh"
                tabIndex={0}
                aria-label="Chinese text preview"
                className="max-h-60 overflow-y-auto rounded-md bg-slate-50 p-3 whitespace-pre-line text-slate-900"
                data-testid="story-preview"
              >
                {story.data.chinese_text.slice(0, 500)}
              </p>
              <p className="text-slate-800">
                Status: <span className="font-medium">{story.data.processed ? `Processed ${formatAdminDateTime(story.data.processed_at)}` : 'Not processed'}</span>
                {story.data.error && <span className="block text-red-900">{story.data.error}</span>}
              </p>
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary border-red-300 text-red-800" disabled={!story.data || mark.isPending} onClick={() => mark.mutate(false)}>
              Mark as Failed
            </button>
            <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
            <button type="button" className="btn-primary" disabled={!story.data || mark.isPending} onClick={() => mark.mutate(true)}>
              Mark as Processed
            </button>
          </div>
          <Dialog.Close className={ui.dialogClose} aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Starts processing stories (the given ones, or every pending one for an empty list) with the
 * spec's toasts; the queue and the dashboard refresh, and the queue stays live while it works.
 * When none could start (the list was stale: they were processed or taken meanwhile) the toast
 * says so, as information, not success, and the refreshed list shows where they are.
 */
export function useProcessStories(onStarted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processStories,
    onSuccess: (answer, storyIds) => {
      if (answer.queued === 0) {
        const description = storyIds.length ? 'None of the selected stories is waiting any more; the list is refreshed.' : 'No story is waiting.';
        toast({ title: 'No stories to process', description, variant: 'info' });
      } else {
        toast({ title: 'Processing stories', description: answer.message });
      }
      onStarted?.();
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toastFailure('Failed to process stories', error),
  });
}

/**
 * The Story Processing tab's queue: the stories not yet processed, their state, details,
 * processing and deletion one by one or selected (shift-click selects a range). While the worker
 * has stories in hand the table refreshes itself and the line above it counts what happened.
 */
export function StoryProcessingTab() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StoryRow['status'] | undefined>(undefined);
  const list = useQuery(pendingStoriesQuery(page, status));
  const [viewing, setViewing] = useState<number | null>(null);
  const stories = list.data?.stories ?? [];
  const pagination = list.data?.pagination;
  // What is ticked belongs to the page and filter shown: another page starts with nothing ticked.
  const selection = useRowSelection(
    stories.map((story) => story.id),
    `${page}:${status ?? 'queue'}`,
  );
  const { selected } = selection;
  const deletion = useDeleteConfirmation<StoryRow>({
    deleteOne: deleteStory,
    deleteMany: deleteStories,
    toasts: { deleted: 'Story deleted', deletedMany: 'Stories deleted', failed: 'Failed to delete story', failedMany: 'Failed to delete stories' },
    confirmOne: () => ({ title: 'Delete Story', description: 'This story will be permanently removed from the processing queue. Do you want to continue?' }),
    confirmMany: (count) => ({
      title: 'Delete Multiple Stories',
      description: `You have selected ${countOf(count, 'story')}. They will be permanently removed from the processing queue.`,
    }),
    onDeleted: (kind) => {
      if (kind === 'many') selection.clear();
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const first = pagination ? (pagination.page - 1) * pagination.pageSize + 1 : 0;
  const process = useProcessStories(() => selection.clear());
  const counts = list.data?.counts;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-primary" disabled={selected.size === 0 || process.isPending} onClick={() => process.mutate([...selected])}>
          Process Selected ({selected.size})
        </button>
        <button type="button" className="btn-secondary border-red-300 text-red-800" disabled={selected.size === 0} onClick={() => deletion.askMany(selected)}>
          Delete Selected ({selected.size})
        </button>
        {counts && (
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="queue-counts">
            {counts.processing > 0 && <span className="mr-3 font-medium text-blue-900">{counts.processing} processing</span>}
            <span className="mr-3">{counts.pending} pending</span>
            <span className="mr-3">{counts.failed} failed</span>
            <span>{counts.processed} processed</span>
          </p>
        )}
        <div className="ml-auto">
          <label htmlFor="story-status-filter" className="sr-only">
            Show stories
          </label>
          <select
            id="story-status-filter"
            className="input w-auto"
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || undefined) as StoryRow['status'] | undefined);
              setPage(1);
            }}
          >
            <option value="">Queue (not processed)</option>
            {storyStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.error ? (
        <LoadError what="stories" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="card overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all stories on this page"
                    checked={selection.allSelected}
                    onChange={selection.toggleAll}
                  />
                </th>
                <Th className="max-sm:hidden">ID</Th>
                <Th>Title</Th>
                <Th className="max-sm:hidden">Source URL</Th>
                <Th className="max-sm:px-1">Status</Th>
                <Th className="text-right max-sm:px-1">Actions</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {stories.map((story, index) => (
                <tr key={story.id}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select story ${story.id}`}
                      checked={selected.has(story.id)}
                      onClick={(event) => selection.toggle(index, event.shiftKey)}
                      onChange={() => {}}
                    />
                  </td>
                  <td className="px-3 py-2 text-slate-700 tabular-nums max-sm:hidden">{story.id}</td>
                  <td className="px-3 py-2 text-slate-900 max-sm:min-w-36 max-sm:px-1" title={story.title}>
                    <span lang="zh">{truncate(story.title, 50)}</span>
                    {story.error && <span className="block text-xs text-red-900">{story.error}</span>}
                  </td>
                  <td className="px-3 py-2 text-slate-700 max-sm:hidden" title={story.url ?? undefined}>
                    {story.url ? truncate(story.url, 40) : '—'}
                  </td>
                  <td className="px-3 py-2 max-sm:px-1">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[story.status]}`} title={story.error ?? undefined}>
                      {story.status}
                    </span>
                    {story.policyDeleted && <span className="mt-1 block text-xs text-amber-900">policy deleted</span>}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap max-sm:px-1">
                    {/* Stacked on a phone, so the row fits the screen. */}
                    <div className="flex justify-end gap-1 max-sm:flex-col max-sm:items-end">
                      <button type="button" className="btn-ghost px-2 py-1" onClick={() => setViewing(story.id)} aria-label={`View story ${story.id}`}>
                        View
                      </button>
                      {story.policyDeleted && <RequeueButton story={story} />}
                      <button type="button" className="btn-ghost px-2 py-1 text-red-800" onClick={() => deletion.askOne(story)} aria-label={`Delete story ${story.id}`}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.isSuccess && stories.length === 0 && <p className="p-6 text-center text-slate-700">{status ? `No ${statusLabels[status].toLowerCase()} stories found.` : 'No pending stories found.'}</p>}
          {list.isPending && <p className="p-6 text-center text-slate-700">Loading stories...</p>}
        </div>
      )}
      {pagination && pagination.totalItems > 0 && (
        <nav aria-label="Story pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
          <span>
            Showing {first} - {first + stories.length - 1} of {pagination.totalItems} stories, Page {pagination.page} of {pagination.totalPages}
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className="btn-secondary px-3 py-1.5" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <button type="button" className="btn-secondary px-3 py-1.5" disabled={page >= pagination.totalPages} onClick={() => setPage(page + 1)}>
              Next
            </button>
            <PageJump pages={pagination.totalPages} onPage={setPage} />
          </div>
        </nav>
      )}

      {viewing !== null && <StoryDetailsDialog storyId={viewing} onClose={() => setViewing(null)} />}
      {deletion.dialog}
    </div>
  );
}
