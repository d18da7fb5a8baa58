import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { alertFrequencies, type AlertFrequency, type SavedSearchQuery } from '../../../api/shared/saved-search-schemas.ts';
import { savedSearchesQuery, useDeleteSavedSearch, useShownFeedToken, useUpdateSavedSearch, type SavedSearch } from '../api/saved-searches.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { NameDialog } from '../components/name-dialog.tsx';
import { toast } from '../components/toaster.tsx';
import { saveDashboardState } from '../dashboard/dashboard-state.ts';
import { countOf } from '../../../api/shared/plural.ts';
import { alertLabels, describeSavedQuery } from './saved-query.ts';

/**
 * The signed-in user's saved searches: run one (the dashboard shows it), rename it, choose its
 * alerts, delete it, copy its feed link. `onRun` is the dashboard's own way to show a search in
 * place; elsewhere running opens the dashboard with it.
 */
export function SavedSearchesPanel({ onRun }: { onRun?: (query: SavedSearchQuery) => void }) {
  const { data: searches, isPending, isError } = useQuery(savedSearchesQuery);
  return (
    <section aria-labelledby="saved-searches-heading" className="card p-4" data-testid="saved-searches-panel">
      <h2 id="saved-searches-heading" className="text-base font-semibold">
        Saved Searches
      </h2>
      {isPending ? (
        <p className="mt-3 text-sm text-slate-700">Loading saved searches...</p>
      ) : isError ? (
        <p className="mt-3 text-sm text-red-800">Failed to load saved searches.</p>
      ) : searches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No saved searches yet. Use Save search beside a search to keep it here.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {searches.map((search) => (
            <SavedSearchEntry key={search.id} search={search} onRun={onRun} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchEntry({ search, onRun }: { search: SavedSearch; onRun: ((query: SavedSearchQuery) => void) | undefined }) {
  const navigate = useNavigate();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const run = () => {
    if (onRun) return onRun(search.query);
    // The dashboard starts from its saved state, so the search is put there before it opens.
    saveDashboardState(search.query);
    void navigate({ to: '/dashboard', search: { q: search.query.q || undefined } });
  };

  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="saved-search">
      <div className="flex items-start justify-between gap-2">
        <button type="button" className="min-w-0 text-left text-sm font-semibold break-words text-brand-800 hover:underline" onClick={run} title="Run this search">
          {search.name}
        </button>
        <span className="shrink-0 text-xs text-slate-700">{countOf(search.hitCount, 'policy')}</span>
      </div>
      <p className="mt-1 text-xs break-words text-slate-700">{describeSavedQuery(search.query)}</p>
      {search.outdatedFilters.length > 0 && (
        <p className="mt-2 text-xs text-amber-900" role="status">
          Part of this search no longer applies, so it finds nothing and sends no alerts.{' '}
          <button
            type="button"
            className="font-semibold underline"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: search.id, query: search.query })}
          >
            Keep the rest
          </button>
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`alert-${search.id}`}>
          Alerts for {search.name}
        </label>
        <select
          id={`alert-${search.id}`}
          className="input h-8 w-auto py-0 text-xs"
          value={search.alert}
          onChange={(event) => update.mutate({ id: search.id, alert: event.target.value as AlertFrequency })}
        >
          {alertFrequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {alertLabels[frequency]}
            </option>
          ))}
        </select>
        <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => setRenaming(true)}>
          Rename
        </button>
        <button type="button" className="btn-secondary px-2 py-1 text-xs text-red-800" onClick={() => setDeleting(true)}>
          Delete
        </button>
      </div>
      <FeedLink search={search} />
      <NameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename saved search"
        label="Name"
        submitLabel="Rename"
        initialName={search.name}
        pending={update.isPending}
        onSubmit={(name, done) => update.mutate({ id: search.id, name }, { onSuccess: done })}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete saved search?"
        description={`"${search.name}" and its alerts will be deleted.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(search.id, { onSettled: () => setDeleting(false) })}
      />
    </li>
  );
}

/** The search's feed links, RSS and Atom, with the feed token when it was made on this page (it is shown once). */
function FeedLink({ search }: { search: SavedSearch }) {
  const token = useShownFeedToken();
  const withToken = (url: string) => (token ? `${url}?token=${token}` : url);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied to clipboard' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy the link. Select it and copy it instead.', variant: 'destructive' });
    }
  };
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-slate-800">RSS and Atom feeds</summary>
      {(
        [
          ['RSS', search.feedUrl.rss],
          ['Atom', search.feedUrl.atom],
        ] as const
      ).map(([format, url]) => (
        <div key={format} className="mt-2 flex items-center gap-2">
          <span className="w-9 shrink-0 text-slate-800">{format}</span>
          <input readOnly className="input h-8 min-w-0 flex-1 py-0 text-xs" value={withToken(url)} aria-label={`${format} feed link of ${search.name}`} onFocus={(event) => event.target.select()} />
          <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => void copy(withToken(url))} aria-label={`Copy the ${format} feed address of ${search.name}`}>
            Copy
          </button>
        </div>
      ))}
      {!token && <p className="mt-1 text-slate-700">The feeds are private: add your feed token (Account Settings, Notifications) as ?token= to read them in a feed reader.</p>}
    </details>
  );
}
