import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { ui } from '../components/ui-classes.ts';

/** A modal sheet rising from the bottom of a phone screen, opened by its trigger button. */
export function BottomSheet({ trigger, title, children }: { trigger: ReactNode; title: string; children: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.dialogOverlay} />
        <Dialog.Content className={ui.sheetContent} aria-describedby={undefined}>
          <div className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-slate-300" aria-hidden="true" />
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="btn-ghost px-3 py-1.5">Done</Dialog.Close>
          </div>
          <div className="overflow-y-auto px-4 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
