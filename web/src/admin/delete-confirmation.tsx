import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { toast, toastFailure } from '../components/toaster.tsx';

type Texts = { title: string; description: string };

/**
 * Deleting one row or the selected rows of an admin table, each after its confirmation, with the
 * spec's toasts. `onDeleted` refreshes the lists (and clears the selection after a batch).
 */
export function useDeleteConfirmation<Row extends { id: number }>(options: {
  deleteOne: (id: number) => Promise<unknown>;
  deleteMany: (ids: number[]) => Promise<{ message: string }>;
  toasts: { deleted: string; deletedMany: string; failed: string; failedMany: string };
  confirmOne: (row: Row) => Texts;
  confirmMany: (count: number) => Texts;
  onDeleted: (kind: 'one' | 'many') => void;
}) {
  const [confirming, setConfirming] = useState<{ kind: 'one'; row: Row } | { kind: 'many'; ids: number[] } | null>(null);
  const removeOne = useMutation({
    mutationFn: (id: number) => options.deleteOne(id),
    onSuccess: () => {
      toast({ title: options.toasts.deleted });
      setConfirming(null);
      options.onDeleted('one');
    },
    onError: (error) => toastFailure(options.toasts.failed, error),
  });
  const removeMany = useMutation({
    mutationFn: (ids: number[]) => options.deleteMany(ids),
    onSuccess: (answer) => {
      toast({ title: options.toasts.deletedMany, description: answer.message });
      setConfirming(null);
      options.onDeleted('many');
    },
    onError: (error) => toastFailure(options.toasts.failedMany, error),
  });
  const texts = confirming?.kind === 'one' ? options.confirmOne(confirming.row) : confirming ? options.confirmMany(confirming.ids.length) : null;

  return {
    askOne: (row: Row) => setConfirming({ kind: 'one', row }),
    askMany: (ids: Iterable<number>) => setConfirming({ kind: 'many', ids: [...ids] }),
    dialog: (
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={texts?.title ?? ''}
        description={texts?.description ?? ''}
        confirmLabel="Delete"
        pending={removeOne.isPending || removeMany.isPending}
        onConfirm={() => {
          if (confirming?.kind === 'one') removeOne.mutate(confirming.row.id);
          else if (confirming?.kind === 'many') removeMany.mutate(confirming.ids);
        }}
      />
    ),
  };
}
