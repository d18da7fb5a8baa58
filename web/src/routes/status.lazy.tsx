import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useEffect, useState, type ReactNode } from 'react';
import { SourceStateBadge } from '../components/source-state-badge.tsx';
import { describeSchedule, scraperStatusQuery } from '../api/sources.ts';
import { databaseStatsQuery, healthQuery } from '../api/status.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { describeHealth } from '../status/system-status.ts';

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card p-5" aria-label={title}>
      <h2 className="text-sm font-medium text-slate-700">{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export function StatusPage() {
  usePageTitle('System Status');
  const health = useQuery(healthQuery);
  const stats = useQuery(databaseStatsQuery);
  // Scraper Status comes from the server's SCRAPERS_ENABLED (spec), with each source's health.
  const scrapers = useQuery(scraperStatusQuery);
  const scrapersEnabled = scrapers.data?.scrapersEnabled ?? false;
  const now = useNow(30_000);
  const system = describeHealth(health.data, health.isError);
  const statistics = stats.data
    ? [
        ['Policies', stats.data.policiesCount],
        ['Users', stats.data.usersCount],
        ['Collections', stats.data.collectionsCount],
        ['Pending Stories', stats.data.pendingStoriesCount],
        ['Processed Stories', stats.data.processedStoriesCount],
      ]
    : [];

  return (
    <PageLayout>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">System Status</h1>
        <div className="mt-6 grid gap-4 sm:grid-cols-3">
          <Card title="System Status">
            <p className={`text-xl font-semibold ${system.label === 'Operational' ? 'text-green-800' : system.label === 'Degraded' ? 'text-red-800' : 'text-slate-800'}`} data-testid="system-status">
              {system.label}
            </p>
            {system.problems.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm text-red-900">
                {system.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Scraper Status">
            <p className={`text-xl font-semibold ${scrapersEnabled ? 'text-green-800' : 'text-slate-800'}`}>{scrapersEnabled ? 'Active' : 'Inactive'}</p>
          </Card>
          <Card title="Last Update">
            <p className="text-xl font-semibold text-slate-950" data-testid="last-update">
              {format(now, 'MMM d, yyyy, h:mm a')}
            </p>
          </Card>
        </div>

        <section className="card mt-6 p-5" aria-labelledby="database-statistics">
          <h2 id="database-statistics" className="text-lg font-semibold text-slate-950">
            Database Statistics
          </h2>
          {stats.error ? (
            <p role="alert" className="mt-3 text-red-900">
              {stats.error.message}
            </p>
          ) : (
            <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-5">
              {statistics.map(([label, value]) => (
                <div key={label} className="rounded-md bg-slate-50 p-3">
                  <dt className="text-sm text-slate-700">{label}</dt>
                  <dd className="text-2xl font-bold text-slate-950 tabular-nums" data-testid={`stat-${String(label).toLowerCase().replace(/ /g, '-')}`}>
                    {Number(value).toLocaleString('en-US')}
                  </dd>
                </div>
              ))}
              {stats.isPending && <p className="col-span-full text-slate-700">Loading statistics...</p>}
            </dl>
          )}
          <p className="mt-3 text-xs text-slate-700">Refreshed every 30 seconds.</p>
        </section>

        <section className="card mt-6 p-5" aria-labelledby="scraper-configuration">
          <h2 id="scraper-configuration" className="text-lg font-semibold text-slate-950">
            Scraper Configuration
          </h2>
          <ul className="mt-3 grid gap-1 text-slate-800">
            <li>Pipeline: {scrapersEnabled ? 'Enabled' : 'Disabled'}</li>
            <li>Schedule: {describeSchedule(scrapers.data?.schedule ?? '*/30 * * * *')}</li>
            <li>Sources: 14 Chinese government websites</li>
            <li>Processing: automatic conversion to policies</li>
          </ul>
        </section>

        {scrapers.data && (
          <section className="card mt-6 p-5" aria-labelledby="source-health">
            <h2 id="source-health" className="text-lg font-semibold text-slate-950">
              Source Health
            </h2>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {scrapers.data.sources.map((source) => (
                <li key={source.code} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid={`health-${source.code}`}>
                  <span className="min-w-0 text-slate-900">
                    {source.name}
                    <span className="block text-xs text-slate-700">{source.lastRunAt ? `Last run ${format(new Date(source.lastRunAt), 'MMM d, yyyy, h:mm a')}` : 'Not run yet'}</span>
                  </span>
                  <SourceStateBadge state={source.state} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </PageLayout>
  );
}
