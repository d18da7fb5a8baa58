import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { ApiError } from '../api/client.ts';
import { policyQuery } from '../api/policies.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { LoadingSpinner } from '../components/spinner.tsx';
import { cleanTitle } from '../lib/format.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { policyIdOf } from '../policies/policy-id.ts';
import { PolicyLoadFailed, PolicyNotFound } from '../policies/policy-unavailable.tsx';
import { PolicyView } from '../policies/policy-view.tsx';
import { SearchBar } from '../search/search-bar.tsx';

export function PolicyPage() {
  const { id } = useParams({ from: '/policy/$id' });
  const { matched } = useSearch({ from: '/policy/$id' });
  const navigate = useNavigate();
  const policyId = policyIdOf(id);
  // The route's loader has just read it (each visit rereads it); a failed read is tried again here.
  const policy = useQuery({ ...policyQuery(policyId ?? 0), enabled: policyId !== null, refetchOnMount: false });
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
          <PolicyLoadFailed onRetry={() => void policy.refetch()} />
        ) : (
          <PolicyView
            policy={policy.data}
            matched={matched}
            onClearMatched={() => void navigate({ to: '/policy/$id', params: { id }, search: {}, replace: true, resetScroll: false })}
          />
        )}
      </div>
    </PageLayout>
  );
}
