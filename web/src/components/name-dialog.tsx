import { Dialog } from 'radix-ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ui } from './ui-classes.ts';

/**
 * A dialog that asks for one name: a new collection, a collection's name from a card's menu, a
 * saved search's new name. It starts from `initialName` each time it opens; an empty name is not
 * sent (as the spec says of collections).
 */
export function NameDialog({
  open,
  onOpenChange,
  title,
  label,
  submitLabel,
  initialName = '',
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  /** Called with the trimmed name; call `done` once it is saved to close the dialog. */
  onSubmit: (name: string, done: () => void) => void;
}) {
  const [name, setName] = useState(initialName);
  const inputId = useId();
  useEffect(() => {
    if (open) setName(initialName);
  }, [open, initialName]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed) onSubmit(trimmed, () => onOpenChange(false));
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
                {label}
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
