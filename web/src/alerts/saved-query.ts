import type { AlertFrequency, SavedSearchQuery } from '../../../api/shared/saved-search-schemas.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { deliveryTimingLabels } from '../../../vocabulary/deliveries.ts';
import { departmentCodeOf } from '../../../vocabulary/departments.ts';
import { importanceRange } from '../../../vocabulary/importance.ts';
import { defaultSort } from '../../../vocabulary/search-order.ts';
import { translationStatusLabels } from '../../../vocabulary/translation-status.ts';
import type { DashboardState } from '../dashboard/dashboard-state.ts';
import { formatFilterDate } from '../lib/format.ts';

/** How each alert choice reads in the dialog and the panel. */
export const alertLabels: Record<AlertFrequency, string> = { off: 'No alerts', ...deliveryTimingLabels };

/** The dashboard's search as a saved query: its text and every filter (the full importance range is no filter). */
export function savedQueryFromDashboard(state: DashboardState): SavedSearchQuery {
  const [low, high] = state.importanceRange;
  return {
    ...(state.searchQuery.trim() ? { q: state.searchQuery.trim() } : {}),
    ...(state.selectedDepartments.length ? { departments: state.selectedDepartments } : {}),
    ...(state.selectedIndustries.length ? { industries: state.selectedIndustries } : {}),
    ...(state.selectedTopics.length ? { topics: state.selectedTopics } : {}),
    ...(state.selectedTranslation.length ? { translation: state.selectedTranslation } : {}),
    ...(state.startDate ? { startDate: state.startDate } : {}),
    ...(state.endDate ? { endDate: state.endDate } : {}),
    ...(low > importanceRange.min ? { importanceMin: low } : {}),
    ...(high < importanceRange.max ? { importanceMax: high } : {}),
  };
}

/** The dashboard's state that shows a saved search, from its first page. */
export function dashboardStateOf(query: SavedSearchQuery): DashboardState {
  const q = query.q ?? '';
  return {
    searchQuery: q,
    selectedDepartments: (query.departments ?? []).flatMap((department) =>
      typeof department === 'number' ? (departmentCodeOf(department) ?? []) : [department],
    ),
    selectedIndustries: query.industries ?? [],
    selectedTopics: query.topics ?? [],
    selectedTranslation: query.translation ?? [],
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    importanceRange: [query.importanceMin ?? importanceRange.min, query.importanceMax ?? importanceRange.max],
    currentPage: 1,
    itemsPerPage: 20,
    sortOrder: defaultSort(q || undefined),
  };
}

/** One line saying what a saved query looks for. */
export function describeSavedQuery(query: SavedSearchQuery): string {
  const state = dashboardStateOf(query);
  const parts = [
    query.q ? `"${query.q}"` : null,
    state.selectedDepartments.length ? state.selectedDepartments.join(', ') : null,
    state.selectedIndustries.length ? state.selectedIndustries.join(', ') : null,
    state.selectedTopics.length ? `Topics: ${state.selectedTopics.join(', ')}` : null,
    query.translation?.length ? query.translation.map((status) => translationStatusLabels[status]).join(', ') : null,
    query.startDate ? `From ${formatFilterDate(query.startDate)}` : null,
    query.endDate ? `To ${formatFilterDate(query.endDate)}` : null,
    query.importanceMin !== undefined || query.importanceMax !== undefined
      ? `Importance ${query.importanceMin ?? importanceRange.min}-${query.importanceMax ?? importanceRange.max}`
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : 'All policies';
}

/** The search page's search as a saved query (it has no importance filter). */
export function savedQueryFromSearchPage(search: Partial<SearchCriteria>): SavedSearchQuery {
  const q = search.q?.trim();
  return {
    ...(q ? { q } : {}),
    ...(search.departments?.length ? { departments: search.departments.map((department) => ('id' in department ? department.id : department.code)) } : {}),
    ...(search.industries?.length ? { industries: search.industries } : {}),
    ...(search.topics?.length ? { topics: search.topics } : {}),
    ...(search.translation?.length ? { translation: search.translation } : {}),
    ...(search.startDate ? { startDate: search.startDate } : {}),
    ...(search.endDate ? { endDate: search.endDate } : {}),
  };
}
