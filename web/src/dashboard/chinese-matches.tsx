import { useQuery } from '@tanstack/react-query';
import { chineseMatchesQuery } from '../api/search.ts';
import { dashboardSearchParams } from '../exports/dashboard-search-params.ts';
import { CrossLanguageResults } from '../search/cross-language-results.tsx';
import type { DashboardState } from './dashboard-state.ts';

/**
 * The policies the dashboard's English query found in their Chinese text (api/search/cross-language.ts),
 * under its filters, below its first page: asked beside InstantSearch, whose Meilisearch-compatible
 * road has no place for them. The ones the page already lists are left out, as on the search page.
 */
export function DashboardChineseMatches({ state, shownIds }: { state: DashboardState; shownIds: ReadonlySet<number> }) {
  const { sortBy: _order, ...params } = dashboardSearchParams(state);
  const matches = useQuery({ ...chineseMatchesQuery(params), enabled: Boolean(params.q) });
  if (!params.q || !matches.data) return null;
  return <CrossLanguageResults matches={{ ...matches.data, policies: matches.data.policies.filter((policy) => !shownIds.has(policy.id)) }} />;
}
