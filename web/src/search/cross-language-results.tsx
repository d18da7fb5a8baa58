import type { CrossLanguageMatches } from '../../../api/shared/search.ts';
import { PolicyCard } from '../policies/policy-card.tsx';

/**
 * Policies an English query found in their Chinese text, through the policy glossary and
 * CC-CEDICT: each card says which Chinese term it matched for which English words. A dictionary
 * match, never a translation.
 */
export const crossLanguageHeadingId = 'cross-language-heading';

/**
 * The empty text when the query matched no English text but did match Chinese text: says both, so
 * "no policies found" never sits above policies found (issue 46).
 */
export function onlyInChineseText(count: number): string {
  return `No policies found matching your search in their English text; ${count} found in the Chinese text below.`;
}

export function CrossLanguageResults({ matches }: { matches: CrossLanguageMatches }) {
  if (matches.policies.length === 0) return null;
  return (
    // Scrolled to below the sticky bars (the top bar, and the dashboard's filter bar where there is one).
    <section aria-labelledby={crossLanguageHeadingId} className="grid scroll-mt-[calc(44px+var(--dashboard-bar-height,0px)+1rem)] gap-3" data-testid="cross-language-results">
      <div>
        <h2 id={crossLanguageHeadingId} className="text-lg font-semibold text-slate-900">
          Also found in the Chinese text
        </h2>
        <p className="text-sm text-slate-700">
          Your words matched through the dictionary:{' '}
          {matches.matched.map((match, index) => (
            <span key={match.chinese}>
              {index > 0 && ', '}
              <span lang="zh" className="font-semibold">
                {match.chinese}
              </span>{' '}
              for '{match.english}'
            </span>
          ))}
          . Dictionary matches from CC-CEDICT (CC BY-SA 4.0) and the policy glossary, not translations.
        </p>
      </div>
      <ul className="grid gap-4">
        {matches.policies.map((policy) => (
          <li key={policy.id}>
            <PolicyCard policy={policy} matched={policy.matched} />
          </li>
        ))}
      </ul>
    </section>
  );
}
