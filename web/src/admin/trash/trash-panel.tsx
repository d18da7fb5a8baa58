import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, policyTrashQuery, purgePolicies, restorePolicies, type TrashedPolicyRow } from '../../api/admin.ts';
import { policyKeys } from '../../api/policies.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toast, toastFailure } from '../../components/toaster.tsx';
import { formatAdminDateTime } from '../../lib/format.ts';
import { LoadError } from '../admin-table-parts.tsx';

const daysText = (days: number) => (days === 0 ? 'Purged at the next run' : `${days} ${days === 1 ? 'day' : 'days'} left`);

/**
 * Policy Management's Trash: what was deleted, by whom and when, how long it stays restorable,
 * Restore (back in every list and in search) and Delete permanently. A list rather than a table,
 * so every column stays on screen at 390 px.
 */
export function TrashPanel({ onBack }: { onBack: () => void }) {
  const queryClient = useQueryClient();
  const trash = useQuery(policyTrashQuery);
  const [purging, setPurging] = useState<TrashedPolicyRow | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    await queryClient.invalidateQueries({ queryKey: policyKeys.all });
  };
  const restore = useMutation({
    mutationFn: (row: TrashedPolicyRow) => restorePolicies([row.id]),
    onSuccess: async (_answer, row) => {
      toast({ title: 'Policy restored', description: row.title });
      await refresh();
    },
    onError: (error) => toastFailure('Failed to restore policy', error),
  });
  const purge = useMutation({
    mutationFn: (row: TrashedPolicyRow) => purgePolicies([row.id]),
    onSuccess: async () => {
      toast({ title: 'Policy deleted permanently' });
      setPurging(null);
      await refresh();
    },
    onError: (error) => toastFailure('Failed to delete policy', error),
  });
  const rows = trash.data?.policies ?? [];

  return (
    <section className="grid gap-4" aria-labelledby="trash-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="trash-heading" className="text-lg font-semibold text-slate-900">
            Trash
          </h2>
          {trash.data && (
            <p className="text-sm text-slate-700">
              Deleted policies stay here for {trash.data.retentionDays} days, then are deleted permanently.
            </p>
          )}
        </div>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Back to policies
        </button>
      </div>

      {trash.error ? (
        <LoadError what="trash" error={trash.error} onRetry={() => void trash.refetch()} />
      ) : (
        <div className="card">
          {trash.isPending && <p className="p-6 text-center text-slate-700">Loading trash...</p>}
          {trash.isSuccess && rows.length === 0 && <p className="p-6 text-center text-slate-700">The trash is empty.</p>}
          <ul className="divide-y divide-slate-100" aria-label="Deleted policies">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="trash-row">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-medium break-words text-slate-900">{row.title}</p>
                  <p className="text-sm text-slate-700">
                    <span title={row.department.fullName}>{row.department.code}</span> · Deleted by {row.deletedBy?.name ?? 'a removed account'} on{' '}
                    {formatAdminDateTime(row.deletedAt)}
                  </p>
                </div>
                <span className="text-sm whitespace-nowrap text-amber-900" title={`Deleted permanently on ${formatAdminDateTime(row.purgeOn)}`}>
                  {daysText(row.daysLeft)}
                </span>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1"
                    disabled={restore.isPending && restore.variables?.id === row.id}
                    onClick={() => restore.mutate(row)}
                    aria-label={`Restore policy ${row.id}`}
                  >
                    Restore
                  </button>
                  <button type="button" className="btn-ghost px-3 py-1 text-red-800" onClick={() => setPurging(row)} aria-label={`Delete permanently policy ${row.id}`}>
                    Delete permanently
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
        title="Delete permanently?"
        description={`"${purging?.title ?? ''}" and its version history will be deleted for good. This cannot be undone.`}
        confirmLabel="Delete permanently"
        pending={purge.isPending}
        onConfirm={() => purging && purge.mutate(purging)}
      />
    </section>
  );
}
