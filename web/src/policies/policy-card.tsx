import { Link } from '@tanstack/react-router';
import { hasMatch } from '../../../api/shared/highlight.ts';
import type { PolicyCard as PolicyCardData, TermMatch } from '../../../api/shared/search.ts';
import { cleanTitle } from '../lib/format.ts';
import { policyDateText } from './policy-date.tsx';
import { CollectionMenu } from '../collections/collection-menu.tsx';
import { DepartmentBadge } from './department-badge.tsx';
import { HighlightedText, withoutTrailingColon } from '../search/highlighted-text.tsx';
import { EffectivenessBadge } from './effectiveness-badge.tsx';
import { ImportanceBadge } from './importance-badge.tsx';
import { IndustryBadges, TopicBadges } from './tag-badges.tsx';
import { TranslationLabel } from './translation-label.tsx';

/**
 * A policy in a list: department, date, importance, title (to the detail page), description, tags,
 * bookmark menu. `matched`: the Chinese terms an English query found it through (a cross-language
 * result); the card names them, and its link takes them to the page, which marks them in the original.
 */
export function PolicyCard({ policy, matched }: { policy: PolicyCardData; matched?: TermMatch[] }) {
  const title = cleanTitle(policy.title);
  const titleParts = policy.highlight?.title;
  const descriptionParts = policy.highlight?.description;
  const passageParts = policy.highlight?.passage;
  const headingId = `policy-${policy.id}-title`;
  return (
    <article className="card flex flex-col gap-3 p-4 sm:p-5" data-testid="policy-card" aria-labelledby={headingId}>
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2 pt-1.5">
          <DepartmentBadge departmentId={policy.departmentId} identified={policy.issuerIdentified !== false} />
          <span className="text-sm text-slate-700" data-testid="policy-date">
            {policyDateText(policy.time, policy.dateKnown)}
          </span>
          <ImportanceBadge impact={policy.impact} />
          <TranslationLabel translation={policy.translation} compact />
          {policy.effectiveness !== 'unknown' && <EffectivenessBadge status={policy.effectiveness} />}
        </div>
        <CollectionMenu policyId={policy.id} policyTitle={title} />
      </div>
      <h2 id={headingId} className="text-lg leading-snug font-semibold text-slate-900">
        <Link to="/policy/$id" params={{ id: String(policy.id) }} search={matched?.length ? { matched } : {}} className="hover:text-brand-700 hover:underline">
          {hasMatch(titleParts) ? <HighlightedText parts={withoutTrailingColon(titleParts)} /> : title}
        </Link>
      </h2>
      {hasMatch(descriptionParts) ? (
        <p className="line-clamp-3 text-sm text-slate-700">
          <HighlightedText parts={descriptionParts} />
        </p>
      ) : (
        policy.description && <p className="line-clamp-3 text-sm text-slate-700">{policy.description}</p>
      )}
      {hasMatch(passageParts) && (
        // Where the query matched when the description does not show it: a key point, or the text.
        <p className="line-clamp-3 border-l-2 border-slate-300 pl-3 text-sm text-slate-600" data-testid="policy-passage">
          <HighlightedText parts={passageParts} />
        </p>
      )}
      {matched && matched.length > 0 && (
        <p className="text-xs text-slate-700" data-testid="matched-note">
          {matched.map((match) => (
            <span key={match.chinese} className="mr-2">
              matched <span lang="zh" className="font-semibold">{match.chinese}</span> for '{match.english}'
            </span>
          ))}
          <span className="text-slate-500">(dictionary match, not a translation)</span>
        </p>
      )}
      <IndustryBadges industries={policy.tags.filter((tag) => tag.kind === 'industry')} />
      <TopicBadges topics={policy.tags.flatMap((tag) => (tag.kind === 'topic' ? [tag.name] : []))} />
    </article>
  );
}
