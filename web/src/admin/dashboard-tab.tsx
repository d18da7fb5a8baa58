import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { freshnessTargetSeconds, freshnessWindowMinutes } from '../../../api/shared/admin-schemas.ts';
import { adminStatsQuery, systemStatusQuery, type SystemStatus } from '../api/admin.ts';
import { LoadError } from './admin-table-parts.tsx';
import { useProcessStories } from './story-processing-tab.tsx';

const counterMs = 2000;

/** A number that counts up from 0 over 2 s once it is on screen (spec), and shows the final value to reduced-motion readers. */
function AnimatedCounter({ value, label }: { value: number; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      setShown(value);
      return;
    }
    let frame = 0;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      const start = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - start) / counterMs);
        setShown(Math.round(value * progress));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value]);
  return (
    <div ref={ref} className="card p-5">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="mt-2 text-3xl font-bold text-slate-950 tabular-nums" data-testid="admin-counter" data-value={value}>
        {shown.toLocaleString('en-US')}
      </p>
    </div>
  );
}

function ago(seconds: number | null): string {
  if (seconds === null) return 'never';
  if (seconds < 60) return `${Math.round(seconds)} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

function StatusRow({ ok, label, state, detail }: { ok: boolean; label: string; state: string; detail?: string }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div>
        <p className="font-medium text-slate-900">{label}</p>
        {detail && <p className="text-sm text-slate-700">{detail}</p>}
      </div>
      <span
        className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${ok ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
      >
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${ok ? 'bg-green-600' : 'bg-red-600'}`} />
        {state}
      </span>
    </li>
  );
}

/** How soon a change becomes searchable: the p95 over the recent window, flagged above the target. */
function FreshnessRow({ freshness }: { freshness: SystemStatus['search']['freshness'] }) {
  if (!freshness) return <StatusRow ok={false} label="Write → Searchable" state="Unknown" detail="The database did not answer" />;
  const { writes, p95Seconds } = freshness;
  const recently = `in the last ${freshnessWindowMinutes} minutes`;
  if (p95Seconds === null) return <StatusRow ok label="Write → Searchable" state="Idle" detail={`No changes indexed ${recently}`} />;
  return (
    <StatusRow
      ok={p95Seconds <= freshnessTargetSeconds}
      label="Write → Searchable"
      state={`p95 ${p95Seconds < 10 ? p95Seconds.toFixed(2) : Math.round(p95Seconds)} s`}
      detail={`${writes.toLocaleString('en-US')} ${writes === 1 ? 'change' : 'changes'} indexed ${recently}; target ${freshnessTargetSeconds} s`}
    />
  );
}

/** The spec's System Status card, made real: each part as the server finds it now. */
function SystemStatusCard({ status }: { status: SystemStatus }) {
  const { database, search, indexer, worker, translation } = status;
  const backlog = search.outboxBacklog ?? 0;
  return (
    <section className="card p-5" aria-labelledby="system-status-heading">
      <h2 id="system-status-heading" className="text-lg font-semibold text-slate-950">
        System Status
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        <StatusRow ok={database.ok} label="Database Connection" state={database.ok ? 'Online' : 'Offline'} detail={database.error ?? undefined} />
        <StatusRow
          ok={search.ok}
          label="Search Index"
          state={search.ok ? 'Online' : 'Offline'}
          detail={
            search.ok
              ? `${(search.documents ?? 0).toLocaleString('en-US')} documents; ${backlog === 0 ? 'no changes waiting' : `${backlog} changes waiting, oldest ${ago(search.outboxOldestAgeSeconds)}`}`
              : (search.error ?? undefined)
          }
        />
        <FreshnessRow freshness={search.freshness} />
        <StatusRow ok={indexer.running} label="Search Indexer" state={indexer.running ? 'Running' : 'Stopped'} detail={`Last heartbeat ${ago(indexer.lastSeenSecondsAgo)}`} />
        <StatusRow
          ok={worker.running}
          label="Story Processing Service"
          state={worker.running ? 'Running' : 'Stopped'}
          detail={`Last heartbeat ${ago(worker.lastSeenSecondsAgo)}`}
        />
        <StatusRow
          ok
          label="Translation Provider"
          state={translation.provider === 'llm' ? 'LLM' : 'Offline rules'}
          detail={translation.provider === 'llm' ? `Model ${translation.model}` : 'No LLM configured: facts are extracted, English text stays pending'}
        />
      </ul>
    </section>
  );
}

export function DashboardTab() {
  const stats = useQuery(adminStatsQuery);
  const system = useQuery(systemStatusQuery);
  const processAll = useProcessStories();
  if (stats.error) return <LoadError what="statistics" error={stats.error} onRetry={() => void stats.refetch()} />;
  const processed = stats.data?.processedStoriesCount ?? 0;
  const pending = stats.data?.pendingStoriesCount ?? 0;
  // The spec's rule: processed / (processed + pending), rounded; 0 with no data.
  const successRate = processed + pending === 0 ? 0 : Math.round((processed / (processed + pending)) * 100);
  return (
    <div className="grid gap-6">
      {stats.data && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <AnimatedCounter label="Total Policies" value={stats.data.policiesCount} />
          <AnimatedCounter label="Registered Users" value={stats.data.usersCount} />
          <AnimatedCounter label="User Collections" value={stats.data.collectionsCount} />
          <AnimatedCounter label="Pending Stories" value={stats.data.pendingStoriesCount} />
        </div>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {system.data ? (
          <SystemStatusCard status={system.data} />
        ) : system.error ? (
          <LoadError what="system status" error={system.error} onRetry={() => void system.refetch()} />
        ) : (
          <section className="card p-5 text-slate-700">Checking the system...</section>
        )}
        <section className="card p-5" aria-labelledby="processing-stats-heading">
          <h2 id="processing-stats-heading" className="text-lg font-semibold text-slate-950">
            Processing Stats
          </h2>
          <dl className="mt-3 grid grid-cols-3 gap-4 text-center">
            <div>
              <dt className="text-sm text-slate-700">Processed</dt>
              <dd className="text-2xl font-bold text-slate-950">{processed}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">Pending</dt>
              <dd className="text-2xl font-bold text-slate-950">{pending}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">Success rate</dt>
              <dd className="text-2xl font-bold text-slate-950" data-testid="success-rate">
                {successRate}%
              </dd>
            </div>
          </dl>
          <button type="button" className="btn-primary mt-4 w-full" disabled={pending === 0 || processAll.isPending} onClick={() => processAll.mutate([])}>
            Process All Pending Stories
          </button>
        </section>
      </div>
    </div>
  );
}
