import { importanceLabel } from '../../../vocabulary/importance.ts';

/** Importance bands and labels (spec section 4, vocabulary/importance.ts). 0 means "no score": no badge. */
export type ImportanceBand = { label: string; tone: 'green' | 'blue' | 'purple' | 'red' };

export function importanceBand(impact: number): ImportanceBand | null {
  const label = importanceLabel(impact);
  if (!label) return null;
  const tone = impact <= 3 ? 'green' : impact <= 6 ? 'blue' : impact <= 8 ? 'purple' : 'red';
  return { label, tone };
}
