import { serverMessage } from '../api/client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { deleteAccount } from '../api/account.ts';
import { forgetSignedInUser } from '../auth/session.ts';
import { toast } from '../components/toaster.tsx';
import { SettingsCard } from './settings-card.tsx';

export function DangerZone() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard title="Danger Zone" tone="danger" description="Deleting your account removes your profile, collections and preferences for good.">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800">
          Delete Account
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl sm:p-6">
            <Dialog.Title className="text-lg font-bold text-slate-950">Delete Account</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">
              This permanently deletes your account, your saved collections and your preferences, and ends your subscription. This cannot be
              undone.
            </Dialog.Description>
            <DeleteAccountForm onCancel={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </SettingsCard>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState('');
  const [reason, setReason] = useState('');
  const confirmed = confirmation === 'DELETE';
  const canDelete = confirmed && reason.trim().length > 0;

  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast({ title: 'Account Deleted', description: 'Your account has been permanently deleted.' });
      // Leave the protected page first, so its guard does not take the signed-out user for an intruder.
      await navigate({ to: '/login', replace: true });
      forgetSignedInUser(queryClient);
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to delete account. Please try again.', variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canDelete) remove.mutate(reason.trim());
  }

  return (
    <form onSubmit={submit} className="mt-5 space-y-4">
      <div>
        <label htmlFor={`${id}-confirmation`} className="label">
          Type <span className="font-mono font-bold">DELETE</span> to confirm
        </label>
        <input
          id={`${id}-confirmation`}
          className="input"
          autoComplete="off"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          aria-invalid={confirmation && !confirmed ? true : undefined}
          aria-describedby={`${id}-confirmation-help`}
        />
        <p id={`${id}-confirmation-help`} className={`mt-1 text-xs ${confirmation && !confirmed ? 'text-red-700' : 'text-slate-700'}`}>
          {confirmation && !confirmed ? 'Please type DELETE exactly as shown' : 'Capital letters, exactly as shown.'}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className="label">
          Why are you leaving?
        </label>
        <textarea id={`${id}-reason`} className="input min-h-24" value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
          disabled={!canDelete || remove.isPending}
        >
          {remove.isPending ? 'Deleting...' : 'Delete Account'}
        </button>
      </div>
    </form>
  );
}
