import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { ApiError } from '../api/client.ts';
import { policyQuery } from '../api/policies.ts';
import { useCurrentUser } from '../auth/current-user.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { LoadingSpinner } from '../components/spinner.tsx';
import { cleanTitle } from '../lib/format.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { policyIdOf } from '../policies/policy-id.ts';
import { PolicyLoadFailed, PolicyNotFound } from '../policies/policy-unavailable.tsx';
import { PolicyView } from '../policies/policy-view.tsx';

export function PolicyPreviewPage() {
  const { id } = useParams({ from: '/policy/$id/preview' });
  const policyId = policyIdOf(id);
  const user = useCurrentUser();
  const policy = useQuery({ ...policyQuery(policyId ?? 0), enabled: policyId !== null, refetchOnMount: false });
  const notFound = policyId === null || (policy.error instanceof ApiError && policy.error.status === 404);
  usePageTitle(policy.data ? cleanTitle(policy.data.title) : notFound ? 'Policy Not Found' : 'Policy');

  if (user.data && policyId !== null) return <Navigate to="/policy/$id" params={{ id }} replace />;
  return (
    <PageLayout
      headerRight={
        <Link to="/login" search={{ redirect: `/policy/${id}` }} className="btn-primary">
          Sign In
        </Link>
      }
    >
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6">
        {notFound ? (
          <PolicyNotFound />
        ) : policy.isPending || user.isPending ? (
          <LoadingSpinner label="Loading policy..." />
        ) : policy.isError ? (
          <PolicyLoadFailed onRetry={() => void policy.refetch()} />
        ) : (
          <PolicyView policy={policy.data} onClearMatched={() => undefined} />
        )}
      </div>
    </PageLayout>
  );
}
