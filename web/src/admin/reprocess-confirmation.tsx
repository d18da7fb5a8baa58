import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReprocessPreview } from '../../../api/shared/admin-schemas.ts';
import { countOf } from '../../../api/shared/plural.ts';
import { reprocessPolicies, reprocessPolicy, reprocessPreviewQuery } from '../api/admin.ts';
import { ApiError } from '../api/client.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { toast, toastFailure } from '../components/toaster.tsx';

const policiesText = (count: number) => countOf(count, 'policy');

/** The preview in a sentence: what the analyser will change (with the values for one policy) and what it keeps. */
export function describePreview(preview: ReprocessPreview): string {
  const single = preview.policies === 1;
  const change = (entry: ReprocessPreview['changes'][number]) =>
    single && entry.from !== null && entry.to !== null && entry.from !== '' ? `${entry.label} ${entry.from} → ${entry.to}` : single ? entry.label : `${entry.label} (${policiesText(entry.policies)})`;
  const because = { edited: 'edited by an admin', reviewed: 'reviewed', richer: null } as const;
  const keep = (entry: ReprocessPreview['kept'][number]) => {
    const reason = because[entry.because];
    return `${entry.label}${reason ? ` (${reason})` : ''}${single ? '' : ` (${policiesText(entry.policies)})`}`;
  };
  const changes = preview.changes.map(change).join(', ');
  const head = !preview.ran
    ? `The LLM's answer will replace: ${changes || 'nothing'}`
    : changes
      ? `The analyser will change: ${changes}`
      : 'The analyser will change nothing';
  const kept = preview.kept.map(keep).join(', ');
  return `${head}${kept ? `; it will keep: ${kept}` : ''}.`;
}

/**
 * Reprocess and Batch Reprocess ask first (issue 30 item 1), naming what the analyser will change
 * and keep; reprocessing then runs in the worker.
 */
export function useReprocessConfirmation(onQueued: (kind: 'one' | 'many') => void) {
  const [asking, setAsking] = useState<{ kind: 'one' | 'many'; ids: number[] } | null>(null);
  const preview = useQuery({ ...reprocessPreviewQuery(asking?.ids ?? []), enabled: asking !== null && asking.ids.length > 0 });
  const reprocessOne = useMutation({
    mutationFn: reprocessPolicy,
    onSuccess: () => {
      toast({ title: 'Policy reprocessing initiated' });
      setAsking(null);
      onQueued('one');
    },
    onError: (error) => toastFailure('Failed to reprocess policy', error),
  });
  const reprocessMany = useMutation({
    mutationFn: reprocessPolicies,
    onSuccess: (answer) => {
      toast({ title: 'Batch reprocessing initiated', description: `${policiesText(answer.queued)} queued` });
      setAsking(null);
      onQueued('many');
    },
    // The spec's two titles: the server refused (an answer), or the call never got one.
    onError: (error) => toastFailure(error instanceof ApiError ? 'Failed to reprocess policies' : 'Error reprocessing policies', error),
  });
  const count = preview.data?.policies ?? asking?.ids.length ?? 0;
  const description = preview.error
    ? `The changes could not be worked out: ${preview.error.message}`
    : preview.data
      ? describePreview(preview.data)
      : 'Working out what the analyser will change...';

  return {
    askOne: (id: number) => setAsking({ kind: 'one', ids: [id] }),
    askMany: (ids: Iterable<number>) => setAsking({ kind: 'many', ids: [...ids] }),
    pendingOne: (id: number) => reprocessOne.isPending && reprocessOne.variables === id,
    pendingMany: reprocessMany.isPending,
    dialog: (
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Reprocess ${policiesText(count)}?`}
        description={description}
        confirmLabel="Reprocess"
        // A preview refused (a batch past its bound) still lets the admin reprocess, told why nothing is listed.
        pending={(!preview.data && !preview.error) || preview.data?.policies === 0 || reprocessOne.isPending || reprocessMany.isPending}
        onConfirm={() => {
          if (asking?.kind === 'one') reprocessOne.mutate(asking.ids[0]!);
          else if (asking) reprocessMany.mutate(asking.ids);
        }}
      />
    ),
  };
}
