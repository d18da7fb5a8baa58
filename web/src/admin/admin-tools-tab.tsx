import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { adminKeys, contactMessagesQuery, latestRebuildQuery, markContactMessage, resetProcessing, startRebuild, type SearchRebuild } from '../api/admin.ts';
import { serverMessage } from '../api/client.ts';
import { ui } from '../components/ui-classes.ts';
import { toast, toastFailure } from '../components/toaster.tsx';
import { formatAdminDateTime } from '../lib/format.ts';
import { LoadError } from './admin-table-parts.tsx';
import { DatabaseUploadCard } from './database-upload-card.tsx';
import { OutboxCard } from './outbox-card.tsx';

function seconds(value: number | null): string {
  if (value === null) return '';
  return value < 60 ? `${value.toFixed(1)} s` : `${Math.floor(value / 60)} min ${Math.round(value % 60)} s`;
}

function RebuildProgress({ rebuild }: { rebuild: SearchRebuild }) {
  const total = rebuild.documentsTotal ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((rebuild.documentsWritten / total) * 100)) : 0;
  if (rebuild.status === 'queued') return <p className="text-sm text-slate-700">Waiting for the indexer to start the reindex...</p>;
  if (rebuild.status === 'running') {
    return (
      <div className="grid gap-2">
        <div
          role="progressbar"
          aria-label="Reindex progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-blue-700 transition-all" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm text-slate-700" data-testid="rebuild-progress">
          {rebuild.phase ? `${rebuild.phase[0]!.toUpperCase()}${rebuild.phase.slice(1)}: ` : ''}
          {rebuild.documentsWritten.toLocaleString('en-US')} of {total.toLocaleString('en-US')} documents written, {seconds(rebuild.elapsedSeconds)} elapsed
        </p>
      </div>
    );
  }
  return rebuild.status === 'succeeded' ? (
    <p className="text-sm text-green-900" data-testid="rebuild-result">
      Last reindex finished {formatAdminDateTime(rebuild.finishedAt)}: {rebuild.documentsWritten.toLocaleString('en-US')} documents in {seconds(rebuild.elapsedSeconds)}.
    </p>
  ) : (
    <p className="text-sm text-red-900" data-testid="rebuild-result">
      Last reindex failed {formatAdminDateTime(rebuild.finishedAt)}: {rebuild.error}
    </p>
  );
}

/** "Admins reindexing after imports": the indexer's zero-downtime rebuild, followed to its end. */
function ReindexCard() {
  const queryClient = useQueryClient();
  const latest = useQuery(latestRebuildQuery);
  const rebuild = latest.data?.rebuild ?? null;
  const running = rebuild !== null && (rebuild.status === 'queued' || rebuild.status === 'running');
  const start = useMutation({
    mutationFn: startRebuild,
    onSuccess: (answer) => {
      toast({ title: 'Reindex started', description: 'Search keeps answering while the new index is built.' });
      queryClient.setQueryData(latestRebuildQuery.queryKey, { rebuild: answer.rebuild });
    },
    onError: (error) => {
      toastFailure('Failed to start reindex', error);
      void latest.refetch();
    },
  });
  return (
    <section className="card grid gap-3 p-5" aria-labelledby="reindex-heading">
      <div>
        <h2 id="reindex-heading" className="text-lg font-semibold text-slate-950">
          Reindex search
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Builds a fresh search index from the database beside the live one and swaps it in. Search keeps answering throughout.
        </p>
      </div>
      {latest.error ? <LoadError what="the reindex status" error={latest.error} onRetry={() => void latest.refetch()} /> : rebuild && <RebuildProgress rebuild={rebuild} />}
      <button type="button" className="btn-primary justify-self-start" disabled={running || start.isPending} onClick={() => start.mutate()}>
        {running ? 'Reindexing...' : 'Reindex search'}
      </button>
    </section>
  );
}

/** Messages sent through the contact form, newest first, each markable as handled. */
function ContactMessagesCard() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const messages = useQuery(contactMessagesQuery(page));
  const mark = useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => markContactMessage(id, handled),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'contact-messages'] }),
    onError: (error) => toastFailure('Failed to update message', error),
  });
  const rows = messages.data?.messages ?? [];
  return (
    <section className="card grid gap-3 p-5" aria-labelledby="contact-messages-heading">
      <h2 id="contact-messages-heading" className="text-lg font-semibold text-slate-950">
        Contact messages
      </h2>
      {messages.error ? (
        <LoadError what="contact messages" error={messages.error} onRetry={() => void messages.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-700">{messages.isPending ? 'Loading messages...' : 'No contact messages yet.'}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((message) => (
            <li key={message.id} className="grid gap-1 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-slate-950">{message.subject}</p>
                <p className="text-xs text-slate-700">{formatAdminDateTime(message.createdAt)}</p>
              </div>
              <p className="text-sm text-slate-800">
                {message.name} &lt;{message.email}&gt;{message.company ? `, ${message.company}` : ''}
              </p>
              <p className="text-sm whitespace-pre-line text-slate-800">{message.message}</p>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={message.handledAt !== null}
                  disabled={mark.isPending}
                  onChange={(event) => mark.mutate({ id: message.id, handled: event.target.checked })}
                />
                {message.handledAt ? `Handled ${formatAdminDateTime(message.handledAt)}` : 'Mark as handled'}
              </label>
            </li>
          ))}
        </ul>
      )}
      {messages.data && (page > 1 || rows.length === messages.data.pageSize) && (
        <div className="flex gap-2">
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={rows.length < messages.data.pageSize} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </section>
  );
}

const wrongPasswordFallback = 'Invalid password. Please try again.';

/**
 * Reset Processing State: every story stuck in processing goes back to pending. Destructive for
 * whatever the worker has in hand, so the admin's password is asked again (and checked by the
 * server); the Reset button waits for one.
 */
function ResetProcessingCard() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setPassword('');
    setProblem(null);
  };
  const reset = useMutation({
    mutationFn: resetProcessing,
    onSuccess: (answer) => {
      toast({ title: 'Processing state reset', description: answer.message });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      close();
    },
    onError: (error) => {
      const message = serverMessage(error) ?? wrongPasswordFallback;
      setProblem(message);
      toastFailure('Failed to reset processing state', error, wrongPasswordFallback);
    },
  });
  return (
    <section className="card grid content-start gap-3 p-5" aria-labelledby="reset-processing-heading">
      <div>
        <h2 id="reset-processing-heading" className="text-lg font-semibold text-slate-950">
          Reset Processing State
        </h2>
        <p className="mt-1 text-sm text-slate-700">Returns every story stuck in processing to pending, to be processed again.</p>
      </div>
      <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <Dialog.Trigger className="btn-secondary self-start justify-self-start">Reset Processing State</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className={ui.dialogOverlay} />
          <Dialog.Content className={`${ui.dialogContent} max-w-md`}>
            <Dialog.Title className="text-lg font-semibold">Reset Processing State</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">
              Every story in processing returns to pending. Enter your password to confirm.
            </Dialog.Description>
            <form
              className="mt-4 grid gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (password.trim()) reset.mutate(password);
              }}
            >
              <label htmlFor="reset-password" className="label">
                Password
              </label>
              <input
                id="reset-password"
                type="password"
                autoComplete="current-password"
                className="input"
                value={password}
                aria-invalid={problem !== null}
                aria-describedby={problem ? 'reset-password-error' : undefined}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setProblem(null);
                }}
              />
              {problem && (
                <p id="reset-password-error" role="alert" className="text-sm text-red-900">
                  {problem}
                </p>
              )}
              <div className="mt-4 flex justify-end gap-2">
                <Dialog.Close type="button" className="btn-secondary">
                  Cancel
                </Dialog.Close>
                <button type="submit" className="btn-primary" disabled={!password.trim() || reset.isPending}>
                  {reset.isPending ? 'Resetting...' : 'Reset'}
                </button>
              </div>
            </form>
            <Dialog.Close className={ui.dialogClose} aria-label="Close">
              ×
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}

export function AdminToolsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ResetProcessingCard />
      <DatabaseUploadCard />
      <ReindexCard />
      <ContactMessagesCard />
      <OutboxCard />
    </div>
  );
}
