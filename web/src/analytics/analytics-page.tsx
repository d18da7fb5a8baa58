import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { analyticsPeriods, criteriaOfCount, type AnalyticsGrouping, type AnalyticsInterval, type AnalyticsOverview } from '../../../api/shared/analytics.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { analyticsOverviewQuery } from '../api/analytics.ts';
import { DateField } from '../components/date-field.tsx';
import { saveDashboardState } from '../dashboard/dashboard-state.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { formatFilterDate } from '../lib/format.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { PolicyCard } from '../policies/policy-card.tsx';
import type { AnalyticsPageSearch } from './analytics-address.ts';
import { ComparisonChart, CountChart, PeriodChart } from './charts.tsx';

/** The page's criteria without its range: what every count is taken under. */
export function criteriaOfPage({ interval: _interval, from: _from, to: _to, ...criteria }: AnalyticsPageSearch): Partial<SearchCriteria> {
  return criteria;
}

/**
 * The links of a page's counts: each opens the dashboard filtered to exactly what it counts. The
 * dashboard starts from its saved state, so the criteria are put there before it opens (as a saved
 * search's are).
 */
export function useCountLinks(overview: AnalyticsOverview | undefined, criteria: Partial<SearchCriteria>) {
  const navigate = useNavigate();
  const days = new Map((overview ? analyticsPeriods(overview) : []).map((period) => [period.period, period]));
  return {
    open: (linked: Partial<SearchCriteria>) => {
      saveDashboardState(linked);
      void navigate({ to: '/dashboard', search: { q: linked.q || undefined } });
    },
    inPeriod: (grouping: AnalyticsGrouping | undefined, key: string | undefined, period: string) => {
      const { from, to } = days.get(period) ?? { from: period, to: period };
      return criteriaOfCount(criteria, { ...(grouping && key !== undefined ? { grouping, key } : {}), from, to });
    },
    inRange: (grouping: AnalyticsGrouping, key: string, range: 'current' | 'previous') =>
      criteriaOfCount(criteria, { grouping, key, ...(range === 'current' ? { from: overview!.from, to: overview!.to } : overview!.previous) }),
  };
}

/** Interval and dates: the range every chart of the page counts. */
export function RangeControls({ search, onChange }: { search: AnalyticsPageSearch; onChange: (changes: Partial<AnalyticsPageSearch>) => void }) {
  const intervalId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Period">
      <div className="grid gap-1">
        <label htmlFor={intervalId} className="text-sm font-medium text-slate-900">
          Per
        </label>
        <select id={intervalId} className="input w-auto" value={search.interval ?? 'month'} onChange={(event) => onChange({ interval: event.target.value as AnalyticsInterval })}>
          <option value="month">Month</option>
          <option value="week">Week</option>
        </select>
      </div>
      <DateField label="From" value={search.from ?? null} onChange={(from) => onChange({ from: from ?? undefined })} messageBelow />
      <DateField label="To" value={search.to ?? null} onChange={(to) => onChange({ to: to ?? undefined })} messageBelow />
    </div>
  );
}

/** A change against the previous range: "▲ 12 (+8.0%)", never by colour alone. */
export function changeText(current: number, previous: number): string {
  const change = current - previous;
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '=';
  const percent = previous ? ` (${change > 0 ? '+' : ''}${((change / previous) * 100).toFixed(1)}%)` : '';
  return `${arrow} ${Math.abs(change).toLocaleString('en-GB')}${percent}`;
}

export function OverviewStatus({ pending, failed }: { pending: boolean; failed: boolean }) {
  if (pending) return <p className="card p-8 text-center text-slate-700">Loading analytics...</p>;
  if (failed) return <p className="card p-8 text-center text-red-800">Failed to load analytics. Please try again.</p>;
  return null;
}

/** The groupings compared with the period before, side by side. */
const comparedGroupings = [
  { grouping: 'topic', plural: 'topics' },
  { grouping: 'industry', plural: 'industries' },
] as const satisfies readonly { grouping: AnalyticsGrouping; plural: string }[];

const stackings = { department: 'department', importance: 'importance' } as const satisfies Partial<Record<AnalyticsGrouping, AnalyticsGrouping>>;

export function AnalyticsPage() {
  usePageTitle('Analytics');
  const search = useSearch({ from: '/analytics' });
  const navigate = useNavigate({ from: '/analytics' });
  const criteria = criteriaOfPage(search);
  const interval = search.interval ?? 'month';
  const result = useQuery(analyticsOverviewQuery({ criteria, interval, from: search.from, to: search.to }));
  const overview = result.data;
  const links = useCountLinks(overview, criteria);
  const [stacking, setStacking] = useState<keyof typeof stackings>('department');
  const stackingId = useId();
  const update = (changes: Partial<AnalyticsPageSearch>) => void navigate({ search: (previous) => ({ ...previous, ...changes }), resetScroll: false });
  const intervalName = interval === 'week' ? 'week' : 'month';

  return (
    <PageLayout
      headerRight={
        <button type="button" className="btn-secondary" onClick={() => links.open(overview ? criteriaOfCount(criteria, overview) : criteria)}>
          Open these policies
        </button>
      }
    >
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold text-slate-900">Analytics</h1>
          <p className="text-slate-700">What China's government bodies publish over time. Every bar and number opens the policies it counts.</p>
        </div>
        <RangeControls search={search} onChange={update} />
        <OverviewStatus pending={result.isPending} failed={result.isError && !overview} />
        {overview && (
          <div className={`grid gap-6 ${result.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={result.isFetching}>
            <p className="text-slate-900" data-testid="analytics-summary">
              <strong>{overview.total.toLocaleString('en-GB')}</strong> policies from {formatFilterDate(overview.from)} to {formatFilterDate(overview.to)}{' '}
              <span className="text-slate-700">
                ({changeText(overview.total, overview.previous.total)} against {formatFilterDate(overview.previous.from)} to {formatFilterDate(overview.previous.to)})
              </span>
            </p>
            <div className="flex items-center gap-2">
              <label htmlFor={stackingId} className="text-sm font-medium text-slate-900">
                Stack by
              </label>
              <select id={stackingId} className="input w-auto" value={stacking} onChange={(event) => setStacking(event.target.value as keyof typeof stackings)}>
                <option value="department">Department</option>
                <option value="importance">Importance</option>
              </select>
            </div>
            <PeriodChart
              title={`Policies per ${intervalName}, by ${stacking}`}
              description={`Each bar is a ${intervalName}; its parts are ${stacking === 'department' ? 'departments' : 'importance scores'}.`}
              fileName={`policies-per-${intervalName}-by-${stacking}`}
              interval={interval}
              series={overview.series[stacking]}
              criteriaOf={(key, period) => links.inPeriod(stacking, key, period)}
              open={links.open}
            />
            <div className="grid gap-6 lg:grid-cols-2">
              {comparedGroupings.map(({ grouping, plural }) => (
                <ComparisonChart
                  key={grouping}
                  title={`${plural[0]!.toUpperCase()}${plural.slice(1)}: rising and falling`}
                  description={`Policies per ${grouping} in this period and in the period before it.`}
                  fileName={`${plural}-this-period-and-before`}
                  counts={overview.counts[grouping]}
                  previous={overview.previous.counts[grouping]}
                  total={overview.total}
                  previousTotal={overview.previous.total}
                  criteriaOf={(key, range) => links.inRange(grouping, key, range)}
                  open={links.open}
                />
              ))}
            </div>
            <CountChart
              title="Importance distribution"
              description="Policies per importance score, from 1 to 10."
              fileName="importance-distribution"
              counts={[...overview.counts.importance].reverse()}
              criteriaOf={(key) => links.inRange('importance', key, 'current')}
              open={links.open}
              layout="columns"
            />
            <MostImportant overview={overview} />
          </div>
        )}
      </div>
    </PageLayout>
  );
}

export function MostImportant({ overview, title = 'Most important policies of the period' }: { overview: AnalyticsOverview; title?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {overview.mostImportant.length === 0 ? (
        <p className="card p-6 text-center text-slate-700">No policies in this period.</p>
      ) : (
        <ul className="grid gap-4">
          {overview.mostImportant.map((policy) => (
            <li key={policy.id}>
              <PolicyCard policy={policy} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
