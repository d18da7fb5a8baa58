import { Link } from '@tanstack/react-router';
import type { PolicyDetail } from '../../../api/shared/search.ts';
import { truncate } from '../lib/format.ts';

/** The other addresses of the same document ("Also published at …"): one policy, every site that published it. */
export function AlsoPublishedAt({ urls }: { urls: string[] }) {
  if (!urls.length) return null;
  return (
    <p className="min-w-0 text-sm text-slate-700" data-testid="also-published-at">
      Also published at{' '}
      {urls.map((url, index) => (
        <span key={url}>
          {index > 0 && ', '}
          <a href={url} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-blue-800 underline-offset-2 hover:underline" title={url}>
            {truncate(url, 40)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </span>
      ))}
    </p>
  );
}

/** "Compare with the 2008 version": one link per other version of the document, for a reader of the full text. */
export function CompareWithVersions({ policy }: { policy: PolicyDetail }) {
  if (policy.preview || !policy.otherVersions.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Other versions of this document">
      {policy.otherVersions.map((version) => (
        <li key={version.id}>
          <Link to="/policy/$id/compare/$otherId" params={{ id: String(policy.id), otherId: String(version.id) }} className="btn-secondary text-sm">
            Compare with the {version.time.slice(0, 4)} version
          </Link>
        </li>
      ))}
    </ul>
  );
}
