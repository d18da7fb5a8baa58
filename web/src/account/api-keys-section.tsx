import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useId, useRef, useState, type FormEvent } from 'react';
import { maxApiKeysPerUser, type ApiKeySummary, type CreatedApiKey } from '../../../api/shared/api-key-schemas.ts';
import { apiDocsPath, apiKeysQuery, createApiKey, revokeApiKey } from '../api/api-keys.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { toast, toastFailure } from '../components/toaster.tsx';
import { SettingsCard } from './settings-card.tsx';

const when = (value: string) => format(parseISO(value), 'MMM d, yyyy HH:mm');

/** Account Settings → API Keys: create (the key shown once), list with use counts, revoke. */
export function ApiKeysSection() {
  const keys = useQuery(apiKeysQuery);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <SettingsCard title="API Keys" description={`Keys let your own tools read policies through the API, as your account may read them. Up to ${maxApiKeysPerUser} keys.`}>
      <div className="space-y-5">
        <p className="text-sm text-slate-700">
          See the{' '}
          <a href={apiDocsPath} className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
            API Documentation
          </a>{' '}
          for the calls, limits and examples.
        </p>
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : <CreateKeyForm onCreated={setCreated} full={(keys.data?.length ?? 0) >= maxApiKeysPerUser} />}
        {keys.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            Loading API keys...
          </p>
        ) : keys.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Error loading API keys. Please try again later.
          </p>
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-slate-700">No API keys yet.</p>
        ) : (
          <ul aria-label="Your API keys" className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {keys.data.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        )}
      </div>
    </SettingsCard>
  );
}

function CreateKeyForm({ onCreated, full }: { onCreated: (created: CreatedApiKey) => void; full: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: async (created) => {
      setName('');
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
    },
    onError: (error) => toastFailure('Error', error, 'Failed to create the API key. Please try again.'),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={id} className="label">
          Key name
        </label>
        <input id={id} className="input" value={name} maxLength={100} placeholder="e.g. Daily policy pull" onChange={(event) => setName(event.target.value)} />
      </div>
      <button type="submit" className="btn-primary" disabled={!name.trim() || create.isPending || full}>
        {create.isPending ? 'Creating...' : 'Create Key'}
      </button>
      {full && <p className="text-xs text-slate-700 sm:hidden">Revoke a key to create another.</p>}
    </form>
  );
}

/** The new key, in full, this once: it is stored hashed and can't be shown again. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      toast({ title: 'Copied', description: 'The API key is on your clipboard.' });
    } catch {
      input.current?.select();
      toast({ title: 'Copy failed', description: 'Select the key and copy it yourself.', variant: 'destructive' });
    }
  }
  return (
    <div role="region" aria-labelledby={`${id}-title`} className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-950">
        Your new key "{created.name}"
      </h3>
      <p className="text-sm text-slate-800">Copy it now: it won't be shown again.</p>
      <label htmlFor={id} className="sr-only">
        New API key
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id={id} ref={input} readOnly value={created.key} className="input flex-1 font-mono text-xs" onFocus={(event) => event.target.select()} />
        <button type="button" className="btn-primary" onClick={copy}>
          Copy
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeySummary }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: 'API key revoked', description: `"${apiKey.name}" no longer works.` });
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
    },
    onError: (error) => toastFailure('Error', error, 'Failed to revoke the API key. Please try again.'),
  });
  return (
    <li data-testid="api-key-row" className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words text-slate-950">{apiKey.name}</p>
        <p className="font-mono text-xs text-slate-700">{apiKey.prefix}…</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-700">
          <dt>Created</dt>
          <dd>{when(apiKey.createdAt)}</dd>
          <dt>Last used</dt>
          <dd>{apiKey.lastUsedAt ? when(apiKey.lastUsedAt) : 'Never'}</dd>
          <dt>Requests today</dt>
          <dd>{apiKey.requestsToday.toLocaleString('en')}</dd>
        </dl>
      </div>
      <button type="button" className="btn-secondary self-start text-red-800 sm:self-center" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke API key?"
        description={`Tools using "${apiKey.name}" (${apiKey.prefix}…) will get 401 from their next call. This cannot be undone.`}
        confirmLabel="Revoke Key"
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
    </li>
  );
}
