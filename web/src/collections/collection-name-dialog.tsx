import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { ui } from '../components/ui-classes.ts';

/**
 * Asks for a collection name: "New Collection" in the panel, "Create New Collection" in a card's
 * menu (which also adds the card's policy). Empty names are ignored, as the spec says.
 */
export function CollectionNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  pending: boolean;
  /** Called with the trimmed name; call `done` once it is saved to clear and close the dialog. */
  onSubmit: (name: string, done: () => void) => void;
}) {
  const [name, setName] = useState('');
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    onSubmit(trimmed, () => {
      setName('');
      onOpenChange(false);
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.dialogOverlay} />
        <Dialog.Content className={ui.dialogContent} aria-describedby={undefined}>
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <form onSubmit={submit} className="mt-4 grid gap-4">
            <div>
              <label htmlFor={inputId} className="label">
                Collection name
              </label>
              <input id={inputId} className="input" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" />
            </div>
            <div className="flex justify-end gap-2">
              <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
              <button type="submit" className="btn-primary" disabled={pending || !name.trim()}>
                {submitLabel}
              </button>
            </div>
          </form>
          <Dialog.Close className={ui.dialogClose} aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
