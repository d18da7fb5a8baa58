import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import type { PolicyCard, PolicyDetail } from '../../../api/shared/search.ts';
import { ApiError } from '../api/client.ts';
import { policyQuery, relatedPoliciesQuery } from '../api/policies.ts';
import { CollectionMenu } from '../collections/collection-menu.tsx';
import { DepartmentBadge } from '../policies/department-badge.tsx';
import { ImportanceBadge } from '../policies/importance-badge.tsx';
import { PageLayout } from '../components/page-layout.tsx';
import { SearchBar } from '../search/search-bar.tsx';
import { LoadingSpinner } from '../components/spinner.tsx';
import { IndustryBadges, TopicBadges } from '../policies/tag-badges.tsx';
import { toast } from '../components/toaster.tsx';
import { departmentCode } from '../lib/departments.ts';
import { cleanTitle, formatPolicyDate, truncate } from '../lib/format.ts';
import { usePageTitle } from '../lib/page-title.ts';

export function PolicyPage() {
  const { id } = useParams({ from: '/policy/$id' });
  const navigate = useNavigate();
  const policyId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const policy = useQuery({ ...policyQuery(policyId ?? 0), enabled: policyId !== null });
  const notFound = policyId === null || (policy.error instanceof ApiError && policy.error.status === 404);
  usePageTitle(policy.data ? cleanTitle(policy.data.title) : notFound ? 'Policy Not Found' : 'Policy');

  return (
    <PageLayout
      searchBar={<SearchBar onSubmitQuery={(q) => void navigate({ to: '/dashboard', search: { q } })} label="Search policies on the dashboard" />}
    >
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6">
        <Link to="/dashboard" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-slate-800 hover:text-brand-700 hover:underline">
          <span aria-hidden="true">←</span> Return to Dashboard
        </Link>
        {notFound ? (
          <PolicyNotFound />
        ) : policy.isPending ? (
          <LoadingSpinner label="Loading policy..." />
        ) : policy.isError ? (
          <div className="card p-8 text-center" role="alert">
            <h1 className="text-xl font-semibold">Failed to load this policy</h1>
            <p className="mt-2 text-slate-700">Please try again in a moment.</p>
            <button type="button" className="btn-primary mt-4" onClick={() => void policy.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <PolicyView policy={policy.data} />
        )}
      </div>
    </PageLayout>
  );
}

function PolicyNotFound() {
  return (
    <div className="card mx-auto w-full max-w-md p-8 text-center" data-testid="policy-not-found">
      <h1 className="text-2xl font-bold">Policy Not Found</h1>
      <p className="mt-2 text-slate-700">This policy does not exist or has been removed.</p>
      <Link to="/dashboard" className="btn-primary mt-6 inline-flex">
        Go to Dashboard
      </Link>
    </div>
  );
}

function PolicyView({ policy }: { policy: PolicyDetail }) {
  const title = cleanTitle(policy.title);
  const industries = policy.tags.filter((tag) => tag.kind === 'industry');
  const topics = policy.tags.flatMap((tag) => (tag.kind === 'topic' ? [tag.name] : []));
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <article className="card grid content-start gap-5 p-5 sm:p-7" aria-labelledby="policy-title">
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2 pt-1.5">
            <DepartmentBadge departmentId={policy.departmentId} />
            <span className="text-sm text-slate-700">{formatPolicyDate(policy.time)}</span>
            <ImportanceBadge impact={policy.impact} />
            {policy.source_url && (
              <a
                href={policy.source_url}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 truncate text-sm font-medium text-blue-800 underline-offset-2 hover:underline"
                title={policy.source_url}
              >
                {truncate(policy.source_url, 30)}
                <span className="sr-only"> (source, opens in a new tab)</span>
              </a>
            )}
          </div>
          <CollectionMenu policyId={policy.id} policyTitle={title} />
        </div>
        <header className="grid gap-3">
          <h1 id="policy-title" className="text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">
            {title}
          </h1>
          {policy.description && <p className="text-slate-800">{policy.description}</p>}
          <IndustryBadges industries={industries} />
          <TopicBadges topics={topics} />
        </header>
        <KeyPoints keyPoints={policy.fullContent.keyPoints} />
        {policy.preview ? <SubscribeCall /> : <PolicyTexts policy={policy} />}
      </article>
      <aside className="grid content-start gap-6">
        {!policy.preview && <TopicImpacts policy={policy} />}
        <RelatedPolicies policyId={policy.id} />
      </aside>
    </div>
  );
}

function KeyPoints({ keyPoints }: { keyPoints: PolicyDetail['fullContent']['keyPoints'] }) {
  if (!keyPoints.length) return null;
  return (
    <section aria-labelledby="key-points-heading" className="rounded-md bg-slate-50 p-4">
      <h2 id="key-points-heading" className="text-lg font-semibold">
        Key Points
      </h2>
      <ol className="mt-3 grid list-decimal gap-3 pl-5">
        {keyPoints.map((point, index) => (
          <li key={index}>
            {point.title && <p className="font-semibold text-slate-900">{point.title}</p>}
            {point.content && <p className="text-sm text-slate-800">{point.content}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function SubscribeCall() {
  return (
    <section className="rounded-lg border border-brand-700/30 bg-brand-50 p-5" aria-labelledby="subscribe-heading" data-testid="subscribe-call">
      <h2 id="subscribe-heading" className="text-lg font-semibold text-slate-900">
        Read the full policy with a subscription
      </h2>
      <p className="mt-2 text-sm text-slate-800">
        The English translation, the original Chinese text, the analysis and the impact on each industry are part of the Full Access plan.
        Start with a 7-day free trial.
      </p>
      <Link to="/subscribe" className="btn-primary mt-4">
        Subscribe to read more
      </Link>
    </section>
  );
}

// One row on a phone: no gap and narrower padding there (the three labels need about 300 px).
const tabTrigger =
  'shrink-0 whitespace-nowrap border-b-2 border-transparent px-2 py-2 text-sm sm:px-3 font-medium text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-slate-900';

function PolicyTexts({ policy }: { policy: PolicyDetail }) {
  const analysis = policy.fullContent.analysis ?? [];
  const timeline = policy.fullContent.implementationTimeline ?? [];
  return (
    <section className="grid gap-4">
      <Tabs.Root defaultValue="translated">
        <Tabs.List aria-label="Policy text" className="flex overflow-x-auto border-b border-slate-200 sm:gap-1">
          <Tabs.Trigger value="translated" className={tabTrigger}>
            Translated Text
          </Tabs.Trigger>
          <Tabs.Trigger value="original" className={tabTrigger}>
            Original Text
          </Tabs.Trigger>
          <Tabs.Trigger value="analysis" className={tabTrigger}>
            Analysis
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="translated" className="pt-4">
          {policy.english_translation?.trim() ? (
            <>
              <TranslationLabel translation={policy.translation} />
              <div className="leading-relaxed whitespace-pre-line text-slate-900">{policy.english_translation}</div>
            </>
          ) : (
            <p className="text-slate-700">The English translation of this policy is not available yet.</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="original" className="pt-4">
          {policy.chinese_original?.trim() ? (
            <div lang="zh" className="leading-relaxed whitespace-pre-line text-slate-900">
              {policy.chinese_original}
            </div>
          ) : (
            <p className="text-slate-700">The original text of this policy is not available.</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="analysis" className="grid gap-4 pt-4">
          {analysis.length === 0 && timeline.length === 0 && <p className="text-slate-700">No analysis is available for this policy yet.</p>}
          {analysis.map((paragraph, index) => (
            <p key={index} className="leading-relaxed text-slate-900">
              {paragraph}
            </p>
          ))}
          {timeline.length > 0 && (
            <div>
              <h3 className="font-semibold">Implementation Timeline</h3>
              <ol className="mt-2 grid gap-2">
                {timeline.map((entry, index) => (
                  <li key={index} className="rounded-md border border-slate-200 p-3 text-sm">
                    <p className="font-semibold">
                      {entry.phase}
                      {entry.period && <span className="font-normal text-slate-700"> · {entry.period}</span>}
                    </p>
                    <p className="text-slate-800">{entry.details}</p>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </Tabs.Content>
      </Tabs.Root>
      <div>
        <button type="button" className="btn-secondary" disabled>
          Export PDF (Temporarily Disabled)
        </button>
      </div>
    </section>
  );
}

function TopicImpacts({ policy }: { policy: PolicyDetail }) {
  const entries = [
    ...(policy.fullContent.impactAnalysis ?? []).map((impact) => ({ key: `i-${impact.industryId}`, name: impact.industryName ?? 'Industry', details: impact.details })),
    ...(policy.fullContent.topicAnalysis ?? []).map((impact) => ({ key: `t-${impact.topicId}`, name: impact.topicName ?? 'Topic', details: impact.details })),
  ];
  const copy = async (name: string, details: string) => {
    try {
      await navigator.clipboard.writeText(`${name}: ${details}`);
      toast({ title: 'Copied to clipboard' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy to the clipboard.', variant: 'destructive' });
    }
  };
  return (
    <section className="card p-5" aria-labelledby="topic-impacts-heading">
      <h2 id="topic-impacts-heading" className="text-base font-semibold">
        Topic Impacts
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No impact assessment for this policy yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {entries.map((entry) => (
            <li key={entry.key} className="rounded-md border border-slate-200 p-3">
              <div className="flex items-start justify-between gap-2">
                <h3 className="text-sm font-semibold">{entry.name}</h3>
                <button
                  type="button"
                  className="btn-ghost shrink-0 px-2 py-1 text-xs"
                  aria-label={`Copy details for ${entry.name}`}
                  onClick={() => void copy(entry.name, entry.details)}
                >
                  Copy
                </button>
              </div>
              <p className="mt-1 text-sm text-slate-800">{entry.details}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RelatedPolicies({ policyId }: { policyId: number }) {
  const related = useQuery(relatedPoliciesQuery(policyId));
  const policies: PolicyCard[] = related.data?.policies ?? [];
  return (
    <section className="card p-5" aria-labelledby="related-heading" data-testid="related-policies">
      <h2 id="related-heading" className="text-base font-semibold">
        Related Policies
      </h2>
      {related.isPending ? (
        <p className="mt-2 text-sm text-slate-700">Loading...</p>
      ) : related.isError ? (
        <p className="mt-2 text-sm text-slate-700">Related policies could not be loaded.</p>
      ) : policies.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No related policies found.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {policies.map((policy) => (
            <li key={policy.id}>
              <Link to="/policy/$id" params={{ id: String(policy.id) }} className="text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline">
                {cleanTitle(policy.title)}
              </Link>
              <p className="text-xs text-slate-700">
                {departmentCode(policy.departmentId)} · {formatPolicyDate(policy.time)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Whose English this is, as China Law Translate marks it: the analyser's, or reviewed by an editor on a date. */
function TranslationLabel({ translation }: { translation: PolicyDetail['translation'] }) {
  if (!translation || translation.status === 'pending') return null;
  const text =
    translation.status === 'reviewed' && translation.reviewedAt
      ? `Reviewed translation, ${formatPolicyDate(translation.reviewedAt)}`
      : 'Machine translation';
  return (
    <p className="mb-3 inline-flex rounded-full border border-slate-300 bg-slate-50 px-2.5 py-0.5 text-xs font-medium text-slate-700" data-testid="translation-label">
      {text}
    </p>
  );
}
