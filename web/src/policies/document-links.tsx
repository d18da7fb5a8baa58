import { Link } from '@tanstack/react-router';
import type { PolicyDetail } from '../../../api/shared/search.ts';
import { linkKindLabels, linkKinds } from '../../../vocabulary/document-links.ts';
import { cleanTitle } from '../lib/format.ts';

/**
 * The documents this one cites, amends, replaces or repeals, and those doing so to it, grouped by
 * how they relate; then what the text cites that is not in the corpus yet, as written.
 */
export function DocumentLinks({ policy }: { policy: PolicyDetail }) {
  const groups = linkKinds.map((kind) => ({ kind, links: policy.links.filter((link) => link.kind === kind) })).filter((group) => group.links.length > 0);
  return (
    <section className="card p-5" aria-labelledby="document-links-heading" data-testid="document-links">
      <h2 id="document-links-heading" className="text-base font-semibold">
        Links to Other Documents
      </h2>
      {groups.length === 0 && policy.unresolvedCitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No document in our corpus cites, amends or repeals this one, or is cited by it.</p>
      ) : (
        <dl className="mt-3 grid gap-3">
          {groups.map((group) => (
            <div key={group.kind}>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{linkKindLabels[group.kind]}</dt>
              {group.links.map((link) => (
                <dd key={link.policyId} className="mt-1">
                  <Link to="/policy/$id" params={{ id: String(link.policyId) }} className="text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline">
                    {cleanTitle(link.title)}
                  </Link>
                </dd>
              ))}
            </div>
          ))}
          {policy.unresolvedCitations.length > 0 && (
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Cites, not in our corpus</dt>
              {policy.unresolvedCitations.map((citation) => (
                <dd key={citation} lang="zh" className="mt-1 text-sm text-slate-800">
                  《{citation}》
                </dd>
              ))}
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
