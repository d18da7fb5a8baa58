import { departmentList } from '../../../vocabulary/departments.ts';
import { sourceReadIntervalMinutes } from '../../../vocabulary/sources.ts';

/**
 * What the marketing pages claim about coverage, from the vocabulary rather than literals, so the
 * landing, About and Help pages say what is true (issue 46: they said "more than 20 bodies" and
 * "within 20 minutes" while the product reads 14 bodies every 30 minutes).
 */
export const bodiesCovered = departmentList.length;
export const readEveryMinutes = sourceReadIntervalMinutes;
export const bodiesCoveredNames = new Intl.ListFormat('en', { type: 'conjunction' }).format(departmentList.map((department) => department.fullName));
