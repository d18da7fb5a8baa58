import type { PolicySearchParams } from '../api/search.ts';
import type { DashboardState } from '../dashboard/dashboard-state.ts';
import { importanceBounds } from '../dashboard/policy-ranges.ts';

/** The dashboard's current search (its saved state) as /api/search's parameters, for the export and the Chinese matches. */
export function dashboardSearchParams(state: DashboardState): Omit<PolicySearchParams, 'page' | 'pageSize'> {
  const [minImportance, maxImportance] = state.importanceRange;
  return {
    q: state.searchQuery.trim() || undefined,
    departments: state.selectedDepartments,
    industries: state.selectedIndustries,
    topics: state.selectedTopics,
    translation: state.selectedTranslation,
    startDate: state.startDate ?? undefined,
    endDate: state.endDate ?? undefined,
    sortBy: state.sortOrder,
    minImportance: minImportance > importanceBounds[0] ? minImportance : undefined,
    maxImportance: maxImportance < importanceBounds[1] ? maxImportance : undefined,
  };
}
