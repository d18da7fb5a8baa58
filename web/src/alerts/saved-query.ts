import type { AlertFrequency, SavedSearchQuery } from '../../../api/shared/saved-search-schemas.ts';
import { deliveryTimingLabels } from '../../../vocabulary/deliveries.ts';
import { departmentCodeOf } from '../../../vocabulary/departments.ts';
import { importanceRange } from '../../../vocabulary/importance.ts';
import { translationStatusLabels } from '../../../vocabulary/translation-status.ts';
import { formatFilterDate } from '../lib/format.ts';

/** How each alert choice reads in the dialog and the panel. */
export const alertLabels: Record<AlertFrequency, string> = { off: 'No alerts', ...deliveryTimingLabels };

/** One line saying what a saved query looks for. */
export function describeSavedQuery(query: Partial<SavedSearchQuery>): string {
  const parts = [
    query.q ? `"${query.q}"` : null,
    query.departments?.length
      ? query.departments.map((department) => ('code' in department ? department.code : (departmentCodeOf(department.id) ?? String(department.id)))).join(', ')
      : null,
    query.industries?.length ? query.industries.join(', ') : null,
    query.topics?.length ? `Topics: ${query.topics.join(', ')}` : null,
    query.translation?.length ? query.translation.map((status) => translationStatusLabels[status]).join(', ') : null,
    query.startDate ? `From ${formatFilterDate(query.startDate)}` : null,
    query.endDate ? `To ${formatFilterDate(query.endDate)}` : null,
    query.minImportance !== undefined || query.maxImportance !== undefined
      ? `Importance ${query.minImportance ?? importanceRange.min}-${query.maxImportance ?? importanceRange.max}`
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : 'All policies';
}
