import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ApiError } from '../api/client.ts';
import { comparisonQuery } from '../api/policies.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { LoadingSpinner } from '../components/spinner.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { ComparisonRefused, ComparisonView } from '../policies/comparison-view.tsx';
import { policyIdOf } from '../policies/policy-id.ts';
import { PolicyLoadFailed, PolicyNotFound } from '../policies/policy-unavailable.tsx';

export function PolicyComparePage() {
  const { id, otherId } = useParams({ from: '/policy/$id/compare/$otherId' });
  const [policyId, otherPolicyId] = [policyIdOf(id), policyIdOf(otherId)];
  const comparison = useQuery({ ...comparisonQuery(policyId ?? 0, otherPolicyId ?? 0), enabled: policyId !== null && otherPolicyId !== null, refetchOnMount: false });
  const status = comparison.error instanceof ApiError ? comparison.error.status : null;
  usePageTitle('Compare versions');
  return (
    <PageLayout>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6">
        <Link to="/policy/$id" params={{ id }} search={{}} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-slate-800 hover:text-brand-700 hover:underline">
          <span aria-hidden="true">←</span> Return to the policy
        </Link>
        {policyId === null || otherPolicyId === null || status === 404 || status === 400 ? (
          <PolicyNotFound />
        ) : status === 403 || status === 422 ? (
          <ComparisonRefused message={(comparison.error as ApiError).message} subscribe={status === 403} />
        ) : comparison.isPending ? (
          <LoadingSpinner label="Comparing versions..." />
        ) : comparison.isError ? (
          <PolicyLoadFailed onRetry={() => void comparison.refetch()} />
        ) : (
          <ComparisonView comparison={comparison.data} />
        )}
      </div>
    </PageLayout>
  );
}
