import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { linkKindLabels, type LinkOrigin } from '../../../../vocabulary/document-links.ts';
import { proposedLinksQuery, type ReviewedLink } from '../../api/admin-links.ts';
import { cleanTitle, formatAdminDate } from '../../lib/format.ts';
import { LoadError } from '../admin-table-parts.tsx';
import { useLinkActions } from './link-actions.ts';

const originLabels: Record<LinkOrigin, string> = {
  text: 'Read from the text',
  title: 'Two versions of one title',
  editor: 'Added by an editor',
};

/** One end of a link: its title (to the page readers see) and its date. */
export function LinkEnd({ end }: { end: ReviewedLink['from'] }) {
  return (
    <span className="min-w-0">
      <Link to="/policy/$id" params={{ id: String(end.id) }} search={{}} className="font-medium break-words text-blue-800 underline-offset-2 hover:underline">
        {cleanTitle(end.title)}
      </Link>{' '}
      <span className="text-sm whitespace-nowrap text-slate-700">({formatAdminDate(end.publishedOn)})</span>
    </span>
  );
}

/** The words a link was read from, as the text has them (Chinese, as published). */
export function LinkEvidence({ link }: { link: ReviewedLink }) {
  const chinese = /[\u4e00-\u9fff]/.test(link.evidence);
  return (
    <p className="text-sm text-slate-800">
      <span className="text-slate-600">{originLabels[link.origin]}: </span>
      <q lang={chinese ? 'zh' : undefined} className="break-words">
        {link.evidence}
      </q>
    </p>
  );
}

/**
 * The Links tab: the links the reading of texts left open (a title held by several versions, two
 * issuers of one title), oldest first, for an editor to confirm (readers then see it and the
 * status follows) or remove (never proposed again). Decision 022.
 */
export function LinksTab() {
  const proposed = useQuery(proposedLinksQuery);
  const { confirm, remove, busy } = useLinkActions();
  if (proposed.error) return <LoadError what="links" error={proposed.error} onRetry={() => void proposed.refetch()} />;
  const links = proposed.data?.links ?? [];
  return (
    <section className="grid gap-4" aria-labelledby="proposed-links-heading">
      <div>
        <h2 id="proposed-links-heading" className="text-lg font-semibold text-slate-950">
          Proposed links
        </h2>
        <p className="text-sm text-slate-700">Links the texts leave open. Confirm one to show it to readers, or remove it.</p>
      </div>
      {proposed.isPending ? (
        <p className="text-slate-700">Loading links...</p>
      ) : links.length === 0 ? (
        <p className="card p-6 text-center text-slate-700">No proposed links.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Proposed links">
          {links.map((link) => (
            <li key={link.id} className="card grid gap-3 p-4" data-testid="proposed-link">
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <LinkEnd end={link.from} />
                <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">{linkKindLabels[link.kind]}</span>
                <LinkEnd end={link.to} />
              </p>
              <LinkEvidence link={link} />
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn-primary px-3 py-1" disabled={busy} onClick={() => confirm.mutate(link.id)}>
                  Confirm
                </button>
                <button type="button" className="btn-secondary px-3 py-1" disabled={busy} onClick={() => remove.mutate(link.id)}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
