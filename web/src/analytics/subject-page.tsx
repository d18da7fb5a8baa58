import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { criteriaOfCount, type AnalyticsGrouping } from '../../../api/shared/analytics.ts';
import { feedUrlsOf } from '../../../api/shared/feed-urls.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { departmentList } from '../../../vocabulary/departments.ts';
import { SaveSearchButton } from '../alerts/save-search-dialog.tsx';
import { savedQueryOf } from '../../../api/shared/saved-search-schemas.ts';
import { analyticsOverviewQuery } from '../api/analytics.ts';
import { topicsQuery } from '../api/reference.ts';
import { useCurrentUser } from '../auth/current-user.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { formatFilterDate } from '../lib/format.ts';
import { usePageTitle } from '../lib/page-title.ts';
import type { AnalyticsPageSearch } from './analytics-address.ts';
import { changeText, criteriaOfPage, MostImportant, OverviewStatus, RangeControls, useCountLinks } from './analytics-page.tsx';
import { CountChart, PeriodChart } from './charts.tsx';

/**
 * A department's or a topic's page: its output over time, its top topics (or departments), its
 * latest important policies, a follow button (a saved search, with an alert if the reader wants
 * one) and its RSS feed. The page's criteria are the address's, narrowed to the subject.
 */
function SubjectPage({
  name,
  subject,
  criteria,
  related,
  followName,
  feedUrl,
}: {
  name: string;
  /** What the follow button and the saved search call it (a code, short enough for a button). */
  followName: string;
  subject: 'department' | 'topic';
  criteria: Partial<SearchCriteria>;
  related: AnalyticsGrouping;
  feedUrl: string | null;
}) {
  usePageTitle(name);
  const search = useSearch({ strict: false }) as AnalyticsPageSearch;
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const interval = search.interval ?? 'month';
  const result = useQuery(analyticsOverviewQuery({ criteria, interval, from: search.from, to: search.to }));
  const overview = result.data;
  const links = useCountLinks(overview, criteria);
  const update = (changes: Partial<AnalyticsPageSearch>) => void navigate({ to: '.', search: (previous: AnalyticsPageSearch) => ({ ...previous, ...changes }), resetScroll: false });
  const intervalName = interval === 'week' ? 'week' : 'month';
  const relatedName = related === 'topic' ? 'topics' : 'departments';

  return (
    <PageLayout
      headerRight={
        <button type="button" className="btn-secondary" onClick={() => links.open(criteria)}>
          All its policies
        </button>
      }
    >
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <p className="text-sm font-medium text-slate-700">{subject === 'department' ? 'Department' : 'Topic'}</p>
            <h1 className="text-2xl font-bold break-words text-slate-900">{name}</h1>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {user ? (
              <SaveSearchButton currentQuery={() => savedQueryOf(criteria)} follow={{ name: followName }} />
            ) : (
              <Link to="/login" className="btn-primary">
                Sign in to follow
              </Link>
            )}
            {feedUrl && (
              <a href={feedUrl} className="btn-secondary">
                RSS feed
              </a>
            )}
          </div>
        </div>
        {!feedUrl && <p className="text-sm text-slate-700">Follow this topic to get its RSS feed: it is listed with your saved searches in Account Settings.</p>}
        <RangeControls search={search} onChange={update} />
        <OverviewStatus pending={result.isPending} failed={result.isError && !overview} />
        {overview && (
          <div className={`grid gap-6 ${result.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={result.isFetching}>
            <p className="text-slate-900" data-testid="analytics-summary">
              <strong>{overview.total.toLocaleString('en-GB')}</strong> policies from {formatFilterDate(overview.from)} to {formatFilterDate(overview.to)}{' '}
              <span className="text-slate-700">({changeText(overview.total, overview.previous.total)} against the period before)</span>
            </p>
            <PeriodChart
              title={`Policies per ${intervalName}`}
              description={`How many policies ${subject === 'department' ? 'it published' : 'on this topic were published'} each ${intervalName}.`}
              fileName={`${subject}-policies-per-${intervalName}`}
              interval={interval}
              series={[{ key: 'all', label: 'Policies', points: overview.totals }]}
              criteriaOf={(_key, period) => links.inPeriod(undefined, undefined, period)}
              open={links.open}
            />
            <CountChart
              title={`Top ${relatedName}`}
              description={`The ${relatedName} of its policies in this period, most first.`}
              fileName={`${subject}-top-${relatedName}`}
              counts={overview.counts[related].slice(0, 10)}
              criteriaOf={(key) => criteriaOfCount(criteria, { grouping: related, key, from: overview.from, to: overview.to })}
              open={links.open}
              layout="rows"
            />
            <MostImportant overview={overview} title="Latest important policies" />
          </div>
        )}
      </div>
    </PageLayout>
  );
}

export function DepartmentPage() {
  const { code } = useParams({ from: '/departments/$code' });
  const search = useSearch({ from: '/departments/$code' });
  const department = departmentList.find((entry) => entry.code === code.toUpperCase());
  if (!department) return <NotFound what="department" />;
  return (
    <SubjectPage
      name={department.fullName}
      subject="department"
      criteria={{ ...criteriaOfPage(search), departments: [{ code: department.code }] }}
      related="topic"
      followName={department.code}
      feedUrl={feedUrlsOf(window.location.origin, { departmentCode: department.code }).rss}
    />
  );
}

export function TopicPage() {
  const { code } = useParams({ from: '/topics/$code' });
  const search = useSearch({ from: '/topics/$code' });
  const topics = useQuery(topicsQuery);
  const topic = topics.data?.find((entry) => entry.code === code.toUpperCase());
  if (topics.isPending) return <p className="p-8 text-center text-slate-700">Loading...</p>;
  if (!topic) return <NotFound what="topic" />;
  return <SubjectPage name={topic.name_en} subject="topic" criteria={{ ...criteriaOfPage(search), topics: [topic.code] }} related="department" followName={topic.name_en} feedUrl={null} />;
}

function NotFound({ what }: { what: string }) {
  return (
    <PageLayout>
      <div className="mx-auto grid max-w-xl gap-3 px-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-slate-900">No such {what}</h1>
        <Link to="/analytics" className="underline">
          Back to Analytics
        </Link>
      </div>
    </PageLayout>
  );
}
