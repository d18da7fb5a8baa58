import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { alertFrequencies, type AlertFrequency, type SavedSearchQuery } from '../../../api/shared/saved-search-schemas.ts';
import { useSaveSearch } from '../api/saved-searches.ts';
import { ui } from '../components/ui-classes.ts';
import { alertLabels, describeSavedQuery } from './saved-query.ts';

/**
 * "Save search" beside a search: a dialog asking a name and how often to be alerted, saving the
 * search's text and every filter. `currentQuery` is read when the dialog opens, so it saves what
 * is on screen then. A department's or topic's page offers it as "Follow": named after the
 * subject, alerting daily unless the reader chooses otherwise.
 */
export function SaveSearchButton({
  currentQuery,
  className = '',
  follow,
}: {
  currentQuery: () => Partial<SavedSearchQuery>;
  className?: string;
  follow?: { name: string };
}) {
  const [query, setQuery] = useState<Partial<SavedSearchQuery> | null>(null);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<AlertFrequency>('off');
  const save = useSaveSearch();
  const nameId = useId();
  const alertId = useId();

  const open = (next: boolean) => {
    if (!next) return setQuery(null);
    const current = currentQuery();
    setQuery(current);
    setName(follow?.name ?? current.q ?? '');
    setAlert(follow ? 'daily' : 'off');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!query || !name.trim()) return;
    save.mutate({ name: name.trim(), query, alert }, { onSuccess: () => setQuery(null) });
  };

  return (
    <Dialog.Root open={query !== null} onOpenChange={open}>
      <Dialog.Trigger className={`${follow ? 'btn-primary' : 'btn-secondary'} h-10 ${className}`} data-testid="save-search">
        {follow ? `Follow ${follow.name}` : 'Save search'}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.dialogOverlay} />
        <Dialog.Content className={ui.dialogContent}>
          <Dialog.Title className="text-lg font-semibold">{follow ? `Follow ${follow.name}` : 'Save search'}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm break-words text-slate-700">{query && describeSavedQuery(query)}</Dialog.Description>
          <form onSubmit={submit} className="mt-4 grid gap-4">
            <div>
              <label htmlFor={nameId} className="label">
                Name
              </label>
              <input id={nameId} className="input" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" required />
            </div>
            <div>
              <label htmlFor={alertId} className="label">
                Alerts
              </label>
              <select id={alertId} className="input" value={alert} onChange={(event) => setAlert(event.target.value as AlertFrequency)}>
                {alertFrequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {alertLabels[frequency]}
                  </option>
                ))}
              </select>
              <p className="mt-1 text-xs text-slate-700">Alerts tell you of new policies this search finds.</p>
            </div>
            <div className="flex justify-end gap-2">
              <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
              <button type="submit" className="btn-primary" disabled={save.isPending || !name.trim()}>
                {save.isPending ? 'Saving...' : 'Save'}
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
