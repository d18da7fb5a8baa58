import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inverseLinkKind, linkKindLabels, storedLinkKinds, type StoredLinkKind } from '../../../../vocabulary/document-links.ts';
import { linkCandidatesQuery, policyLinksQuery, type ReviewedLink } from '../../api/admin-links.ts';
import { cleanTitle, formatAdminDate } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { LinkEnd, LinkEvidence } from '../links/links-tab.tsx';
import { useLinkActions } from '../links/link-actions.ts';
import { Field } from './field.tsx';

/** A link as the editor reads it from this policy's end: "Amended by" the other policy. */
function fromThisEnd(link: ReviewedLink, policyId: number) {
  return link.from.id === policyId ? { label: linkKindLabels[link.kind], other: link.to } : { label: linkKindLabels[inverseLinkKind[link.kind]], other: link.from };
}

/** What an editor may add, from this policy's end: each stored kind and its inverse (same document is its own). */
type AddableKind = { kind: StoredLinkKind; inverse: boolean };
const addableKinds: AddableKind[] = storedLinkKinds.flatMap((kind): AddableKind[] => (kind === 'sameDocument' ? [{ kind, inverse: false }] : [{ kind, inverse: false }, { kind, inverse: true }]));
const addableLabel = (entry: AddableKind) => linkKindLabels[entry.inverse ? inverseLinkKind[entry.kind] : entry.kind];

/**
 * Links: the policy's links to other documents that an editor decides (amends, replaces, repeals,
 * same document; citations are read from the text alone), each removable, a proposed one
 * confirmable; and a link added by hand to a policy found by its title or document number.
 */
export function LinksSection({ policyId }: { policyId: number }) {
  const links = useQuery(policyLinksQuery(policyId));
  const { confirm, remove, add, busy } = useLinkActions();
  const [kindIndex, setKindIndex] = useState(0);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 300);
  const candidates = useQuery(linkCandidatesQuery(query));
  const chosenKind = addableKinds[kindIndex]!;

  const addTo = (otherId: number) => {
    const { kind } = chosenKind;
    add.mutate(chosenKind.inverse ? { fromPolicyId: otherId, toPolicyId: policyId, kind } : { fromPolicyId: policyId, toPolicyId: otherId, kind });
  };

  return (
    <>
      <section className="grid gap-3" aria-labelledby="policy-links-heading">
        <h3 id="policy-links-heading" className="font-semibold text-slate-950">
          Links to other documents
        </h3>
        {links.error ? (
          <p role="alert" className="text-red-900">
            Error loading links: {links.error.message}
          </p>
        ) : !links.data ? (
          <p className="text-slate-700">Loading links...</p>
        ) : links.data.links.length === 0 ? (
          <p className="text-slate-700">No links yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Links of this policy">
            {links.data.links.map((link) => {
              const { label, other } = fromThisEnd(link, policyId);
              return (
                <li key={link.id} className="grid gap-2 rounded-md border border-slate-200 p-3" data-testid="policy-link">
                  <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                    <span className="text-sm font-semibold text-slate-900">{label}</span>
                    <LinkEnd end={other} />
                    {link.state === 'proposed' && <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">Proposed</span>}
                  </p>
                  <LinkEvidence link={link} />
                  <div className="flex flex-wrap gap-2">
                    {link.state === 'proposed' && (
                      <button type="button" className="btn-primary px-3 py-1" disabled={busy} onClick={() => confirm.mutate(link.id)}>
                        Confirm
                      </button>
                    )}
                    <button type="button" className="btn-secondary px-3 py-1" disabled={busy} onClick={() => remove.mutate(link.id)} aria-label={`Remove link: ${label} ${cleanTitle(other.title)}`}>
                      Remove
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="grid gap-3 border-t border-slate-200 pt-4" aria-labelledby="add-link-heading">
        <h3 id="add-link-heading" className="font-semibold text-slate-950">
          Add a link
        </h3>
        <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <Field label="This policy">
            {(id) => (
              <select id={id} className="input" value={kindIndex} onChange={(event) => setKindIndex(Number(event.target.value))}>
                {addableKinds.map((entry, index) => (
                  <option key={index} value={index}>
                    {addableLabel(entry)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Other policy" hint="Its title (English or Chinese), document number or ID">
            {(id) => <input id={id} type="search" className="input" value={text} placeholder="国发〔2014〕40号" onChange={(event) => setText(event.target.value)} />}
          </Field>
        </div>
        {query.length >= 2 &&
          (candidates.error ? (
            <p role="alert" className="text-red-900">
              Error loading policies: {candidates.error.message}
            </p>
          ) : !candidates.data ? (
            <p className="text-slate-700">Searching...</p>
          ) : candidates.data.policies.filter((candidate) => candidate.id !== policyId).length === 0 ? (
            <p className="text-slate-700">No policies found.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Policies to link to">
              {candidates.data.policies
                .filter((candidate) => candidate.id !== policyId)
                .map((candidate) => (
                  <li key={candidate.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-slate-200 p-3">
                    <div className="min-w-0 flex-1 basis-56">
                      <p className="font-medium break-words text-slate-900">{cleanTitle(candidate.title)}</p>
                      <p className="text-sm break-words text-slate-700">
                        {[candidate.chineseTitle, candidate.documentNumber, formatAdminDate(candidate.publishedOn)].filter(Boolean).join(' · ')}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1"
                      disabled={busy}
                      onClick={() => addTo(candidate.id)}
                      aria-label={`Add link: ${addableLabel(chosenKind)} ${cleanTitle(candidate.title)}`}
                    >
                      Add link
                    </button>
                  </li>
                ))}
            </ul>
          ))}
      </section>
    </>
  );
}
