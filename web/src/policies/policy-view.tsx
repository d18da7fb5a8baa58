import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PolicyDetail, TermMatch } from '../../../api/shared/search.ts';
import { CollectionMenu } from '../collections/collection-menu.tsx';
import { PolicyExportMenu } from '../exports/policy-export-menu.tsx';
import { toast } from '../components/toaster.tsx';
import { cleanTitle, truncate } from '../lib/format.ts';
import { policyDateText } from './policy-date.tsx';
import { DepartmentBadge } from './department-badge.tsx';
import { DocumentLinks } from './document-links.tsx';
import { EffectivenessBadge } from './effectiveness-badge.tsx';
import { FollowButton } from './follow-button.tsx';
import { AlsoPublishedAt, CompareWithVersions } from './document-versions.tsx';
import { ImportanceBadge } from './importance-badge.tsx';
import { DictionaryText, DictionaryToggle } from '../reading/dictionary-text.tsx';
import { PolicyTexts } from './policy-texts.tsx';
import { RelatedPolicies } from './related-policies.tsx';
import { IndustryBadges, TopicBadges } from './tag-badges.tsx';

/**
 * A policy's page body: its header and key points, the texts (or the call to subscribe), impacts and
 * related policies beside. `matched`: the Chinese terms a cross-language search result brought here,
 * marked in the original for a reader who may read it (a preview shows none of it).
 */
export function PolicyView({ policy, matched, onClearMatched }: { policy: PolicyDetail; matched?: TermMatch[]; onClearMatched: () => void }) {
  const title = cleanTitle(policy.title);
  const industries = policy.tags.filter((tag) => tag.kind === 'industry');
  const topics = policy.tags.flatMap((tag) => (tag.kind === 'topic' ? [tag.name] : []));
  // The dictionary reading aid, for Chinese wherever the page shows it (title, key points, original).
  const [dictionary, setDictionary] = useState(false);
  const hasChinese = [policy.title, policy.chinese_original ?? '', ...policy.fullContent.keyPoints.map((point) => `${point.title}${point.content}`)].some((text) => /\p{Script=Han}/u.test(text));
  return (
    // minmax(0, 1fr): no line of the page (a badge row, the tabs) may widen the column past the screen.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <article className="card grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-5 p-5 sm:p-7" aria-labelledby="policy-title">
        {/* On a phone the export menu and the bookmark go under the facts when both don't fit one line. */}
        <div className="flex flex-wrap items-start justify-end gap-2">
          <div className="flex min-w-0 flex-1 basis-64 flex-wrap items-center gap-2 pt-1.5">
            <DepartmentBadge departmentId={policy.departmentId} identified={policy.issuerIdentified !== false} />
            <span className="text-sm text-slate-700" data-testid="policy-date">
              {policyDateText(policy.time, policy.dateKnown)}
            </span>
            <ImportanceBadge impact={policy.impact} />
            <EffectivenessBadge status={policy.effectiveness.status} reason={policy.effectiveness.reason} />
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
          {/* Exports are for readers of the full text (the server refuses the others). */}
          {!policy.preview && <PolicyExportMenu policyId={policy.id} />}
          <FollowButton policyId={policy.id} />
          <CollectionMenu policyId={policy.id} policyTitle={title} />
        </div>
        <header className="grid gap-3">
          <h1 id="policy-title" className="text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">
            <DictionaryText text={title} enabled={dictionary} />
          </h1>
          {(policy.chinese_title || policy.document_number) && (
            <p className="flex flex-wrap gap-x-3 text-slate-700" lang="zh" data-testid="policy-document">
              {policy.chinese_title && policy.chinese_title !== title && <span data-testid="policy-chinese-title">{policy.chinese_title}</span>}
              {policy.document_number && <span data-testid="policy-document-number">{policy.document_number}</span>}
            </p>
          )}
          {hasChinese && <DictionaryToggle enabled={dictionary} onChange={setDictionary} />}
          {policy.effectiveness.reason && (
            <p className="text-sm text-slate-700" data-testid="effectiveness-reason">
              {policy.effectiveness.reason}
            </p>
          )}
          <AlsoPublishedAt urls={policy.alsoPublishedAt} />
          <CompareWithVersions policy={policy} />
          {policy.description && <p className="text-slate-800">{policy.description}</p>}
          <IndustryBadges industries={industries} />
          <TopicBadges topics={topics} />
        </header>
        <KeyPoints keyPoints={policy.fullContent.keyPoints} dictionary={dictionary} />
        {policy.preview ? <SubscribeCall /> : <PolicyTexts policy={policy} dictionary={dictionary} matched={matched} onClearMatched={onClearMatched} />}
      </article>
      <aside className="grid content-start gap-6">
        {!policy.preview && <IndustryImpacts policy={policy} />}
        <DocumentLinks policy={policy} />
        <RelatedPolicies policyId={policy.id} />
      </aside>
    </div>
  );
}

function KeyPoints({ keyPoints, dictionary }: { keyPoints: PolicyDetail['fullContent']['keyPoints']; dictionary: boolean }) {
  if (!keyPoints.length) return null;
  return (
    <section aria-labelledby="key-points-heading" className="rounded-md bg-slate-50 p-4">
      <h2 id="key-points-heading" className="text-lg font-semibold">
        Key Points
      </h2>
      <ol className="mt-3 grid list-decimal gap-3 pl-5">
        {keyPoints.map((point, index) => (
          <li key={index}>
            {point.title && (
              <p className="font-semibold text-slate-900">
                <DictionaryText text={point.title} enabled={dictionary} />
              </p>
            )}
            {point.content && (
              <p className="text-sm text-slate-800">
                <DictionaryText text={point.content} enabled={dictionary} />
              </p>
            )}
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

/** The side card of each industry's (then each topic's) impact; "Industry Impacts", for what it lists (decision 029). */
function IndustryImpacts({ policy }: { policy: PolicyDetail }) {
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
    <section className="card p-5" aria-labelledby="industry-impacts-heading">
      <h2 id="industry-impacts-heading" className="text-base font-semibold">
        Industry Impacts
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
