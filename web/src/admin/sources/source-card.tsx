import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { changeSource, runSourceNow, sourcesKey, type SourceRun, type SourceSummary } from '../../api/sources.ts';
import { toast, toastFailure } from '../../components/toaster.tsx';
import { countOf } from '../../../../api/shared/plural.ts';
import { formatAdminDate, formatAdminDateTime } from '../../lib/format.ts';
import { SourceStateBadge } from '../../components/source-state-badge.tsx';

function runLine(run: SourceRun): string {
  if (run.status === 'queued') return `Queued ${formatAdminDateTime(run.queuedAt)}`;
  if (run.status === 'running') return `Running since ${formatAdminDateTime(run.startedAt)}: ${run.pagesFetched} pages, ${run.newStories} new so far`;
  const outcome = run.status === 'succeeded' ? 'Succeeded' : 'Failed';
  const failures = run.failures.length ? `, ${countOf(run.failures.length, 'failure')}` : '';
  const knownElsewhere = run.knownFromOtherSite ? `, already known from another site: ${run.knownFromOtherSite}` : '';
  return `${outcome} ${formatAdminDateTime(run.finishedAt)}: ${countOf(run.pagesFetched, 'page')} (${run.notModified} unchanged), ${countOf(run.linksFound, 'link')}, ${run.newStories} new${knownElsewhere}${failures}`;
}

/** The last run's failures, each with its address, status and reason. */
function RunFailures({ run }: { run: SourceRun }) {
  if (!run.error && run.failures.length === 0) return null;
  return (
    <details className="text-sm" open={run.status === 'failed'}>
      <summary className="cursor-pointer font-medium text-red-900">{run.error ?? `${countOf(run.failures.length, 'page')} could not be read`}</summary>
      <ul className="mt-1 grid gap-1">
        {run.failures.map((failure) => (
          <li key={failure.url} className="break-all text-slate-800" data-testid="source-failure">
            <span className="font-mono text-xs">{failure.url}</span>: {failure.status ?? 'no answer'}, {failure.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Article links that keep failing: runs retry them less and less often, so they stay here until one reads. */
function FailingArticles({ failing }: { failing: NonNullable<SourceSummary['failingArticles']> }) {
  return (
    <p className="text-sm text-amber-900" data-testid="source-failing-articles">
      {countOf(failing.count, 'article')} failing, retried with backoff (oldest since {formatAdminDate(failing.oldestSince)})
    </p>
  );
}

/** The list pages, edited one address a line. */
function ListUrlsEditor({ source, onDone }: { source: SourceSummary; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(source.listUrls.join('\n'));
  const save = useMutation({
    mutationFn: (listUrls: string[]) => changeSource(source.code, { listUrls }),
    onSuccess: (answer) => {
      toast({ title: answer.message });
      void queryClient.invalidateQueries({ queryKey: sourcesKey });
      onDone();
    },
    onError: (error) => toastFailure('Failed to save list pages', error),
  });
  const listUrls = text.split('\n').map((line) => line.trim()).filter(Boolean);
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(listUrls);
      }}
    >
      <label htmlFor={id} className="label">
        List pages (one address a line)
      </label>
      <textarea id={id} className="input min-h-24 font-mono text-xs" value={text} onChange={(event) => setText(event.target.value)} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending || listUrls.length === 0}>
          Save list pages
        </button>
        <button type="button" className="btn-ghost" onClick={() => setText(source.defaultListUrls.join('\n'))}>
          Restore defaults
        </button>
        <button type="button" className="btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One source on the Sources tab: how it stands, its last run and failures, and what an admin can do with it. */
export function SourceCard({ source }: { source: SourceSummary }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: sourcesKey });
  const run = useMutation({
    mutationFn: () => runSourceNow(source.code),
    onSuccess: (answer) => {
      toast({ title: answer.message });
      refresh();
    },
    onError: (error) => toastFailure('Failed to start the run', error),
  });
  const toggle = useMutation({
    mutationFn: () => changeSource(source.code, { enabled: !source.enabled }),
    onSuccess: () => {
      toast({ title: source.enabled ? `${source.name} disabled` : `${source.name} enabled` });
      refresh();
    },
    onError: (error) => toastFailure('Failed to change the source', error),
  });
  const headingId = useId();
  const running = source.lastRun?.status === 'queued' || source.lastRun?.status === 'running';
  return (
    <section className="card flex min-w-0 flex-col gap-3 p-4" aria-labelledby={headingId} data-testid={`source-${source.code}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-950">
            {source.name}
          </h3>
          <p className="text-xs text-slate-700">{source.code}</p>
        </div>
        <SourceStateBadge state={source.state} />
      </div>
      {source.stateReason && <p className="text-sm text-slate-800">{source.stateReason}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">Last run</dt>
        <dd className="text-slate-900" data-testid="source-last-run">{source.lastRun ? runLine(source.lastRun) : 'Never run'}</dd>
        <dt className="text-slate-700">Last success</dt>
        <dd className="text-slate-900">{source.lastSuccessAt ? formatAdminDateTime(source.lastSuccessAt) : 'None yet'}</dd>
        <dt className="text-slate-700">New stories (24 h)</dt>
        <dd className="text-slate-900 tabular-nums" data-testid="source-new-stories">{source.newStories24h}</dd>
        {source.consecutiveFailures > 0 && (
          <>
            <dt className="text-slate-700">Failed in a row</dt>
            <dd className="text-red-900 tabular-nums">{source.consecutiveFailures}</dd>
          </>
        )}
      </dl>
      {source.failingArticles && <FailingArticles failing={source.failingArticles} />}
      {source.lastRun && <RunFailures run={source.lastRun} />}
      {editing ? (
        <ListUrlsEditor source={source} onDone={() => setEditing(false)} />
      ) : (
        <ul className="grid gap-0.5 text-xs text-slate-800" aria-label="List pages">
          {source.listUrls.map((url) => (
            <li key={url} className="break-all font-mono">
              {url}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={running || run.isPending} onClick={() => run.mutate()}>
          {running ? 'Running...' : 'Run now'}
        </button>
        <button type="button" className="btn-secondary" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
          {source.enabled ? 'Disable' : 'Enable'}
        </button>
        {!editing && (
          <button type="button" className="btn-ghost" onClick={() => setEditing(true)}>
            Edit list pages
          </button>
        )}
      </div>
    </section>
  );
}
