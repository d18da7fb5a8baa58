import { AlertDialog } from 'radix-ui';
import type { PolicySaveConflict } from '../../api/admin.ts';
import { ui } from '../../components/ui-classes.ts';
import { formatAdminDateTime } from '../../lib/format.ts';

/**
 * A save refused because someone saved the policy after this editor opened it: who and when, and
 * the two ways on: Reload (their version; my edits are discarded) or Overwrite (mine, over theirs).
 */
export function ConflictDialog({ conflict, onReload, onOverwrite, onCancel }: { conflict: PolicySaveConflict | null; onReload: () => void; onOverwrite: () => void; onCancel: () => void }) {
  const who = conflict?.savedBy ? `Saved by ${conflict.savedBy.name}` : 'Changed';
  return (
    <AlertDialog.Root open={conflict !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={ui.dialogOverlay} />
        <AlertDialog.Content className={ui.dialogContent}>
          <AlertDialog.Title className="text-lg font-semibold">This policy was changed while you edited it</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {who} at {formatAdminDateTime(conflict?.savedAt)} after you opened it. Reload to see their version (your changes are discarded), or overwrite it
            with yours (theirs stays in History).
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-secondary">Cancel</AlertDialog.Cancel>
            <button type="button" className="btn-secondary" onClick={onReload}>
              Reload
            </button>
            <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" onClick={onOverwrite}>
              Overwrite
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
