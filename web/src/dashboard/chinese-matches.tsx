import { useQuery } from '@tanstack/react-query';
import type { CrossLanguageMatches } from '../../../api/shared/search.ts';
import { chineseMatchesQuery } from '../api/search.ts';
import { crossLanguageHeadingId } from '../search/cross-language-results.tsx';
import type { DashboardState } from './dashboard-state.ts';

/**
 * The policies the dashboard's English query found in their Chinese text (api/search/cross-language.ts),
 * under its filters: asked beside InstantSearch, whose Meilisearch-compatible road has no place for
 * them. The ones the page already lists are left out, as on the search page. Asked only when
 * `wanted` (the first page, shown); null otherwise, without a query, or while they load.
 */
export function useDashboardChineseMatches(criteria: DashboardState, shownIds: ReadonlySet<number>, wanted: boolean): CrossLanguageMatches | null {
  const asked = wanted && Boolean(criteria.q);
  const matches = useQuery({ ...chineseMatchesQuery(criteria), enabled: asked });
  if (!asked || !matches.data) return null;
  return { ...matches.data, policies: matches.data.policies.filter((policy) => !shownIds.has(policy.id)) };
}

/** Above a page of English results, where the Chinese matches below it would go unseen: how many, and a way down to them. */
export function ChineseMatchesHint({ count }: { count: number }) {
  return (
    <button
      type="button"
      className="justify-self-start text-sm font-medium text-brand-700 hover:underline"
      onClick={() => document.getElementById(crossLanguageHeadingId)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      data-testid="chinese-matches-hint"
    >
      Also found in the Chinese text: {count} {count === 1 ? 'policy' : 'policies'} below ↓
    </button>
  );
}
