import { AlertDialog } from 'radix-ui';
import { ui } from '../../components/ui-classes.ts';

/** Asked before the editor closes over unsaved edits (Escape, the overlay, ×, Cancel). */
export function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: { open: boolean; onKeepEditing: () => void; onDiscard: () => void }) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onKeepEditing()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={ui.dialogOverlay} />
        <AlertDialog.Content className={ui.dialogContent}>
          <AlertDialog.Title className="text-lg font-semibold">Discard unsaved changes?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">Your edits to this policy have not been saved. Discarding them cannot be undone.</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="btn-secondary">Keep editing</AlertDialog.Cancel>
            <AlertDialog.Action
              className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800"
              onClick={onDiscard}
            >
              Discard
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
