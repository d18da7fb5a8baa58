import { industryList } from '../../db/reference-data.ts';
import { defaultTagColor } from '../shared/policy-card.ts';

/**
 * Industry colours for the cards the API builds (api/shared/policy-card.ts). The spec's palette
 * is reference data loaded from code on every start, so it is read from there, not per request
 * from SQL.
 */
const industryColors = new Map<number, string>(industryList.map((industry) => [industry.id, industry.color]));

export function industryColor(industryId: number): string {
  return industryColors.get(industryId) ?? defaultTagColor;
}
