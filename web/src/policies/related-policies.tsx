import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PolicyCard } from '../../../api/shared/search.ts';
import { relatedPoliciesQuery } from '../api/policies.ts';
import { departmentCode } from '../lib/departments.ts';
import { cleanTitle, formatPolicyDate } from '../lib/format.ts';

export function RelatedPolicies({ policyId }: { policyId: number }) {
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
