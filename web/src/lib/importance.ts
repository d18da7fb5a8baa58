/** Importance bands and labels (spec section 4). 0 means "no score": no badge. */
export type ImportanceBand = { label: string; tone: 'green' | 'blue' | 'purple' | 'red' };

export function importanceBand(impact: number): ImportanceBand | null {
  if (!impact || impact < 1) return null;
  const tone = impact <= 3 ? 'green' : impact <= 6 ? 'blue' : impact <= 8 ? 'purple' : 'red';
  const label =
    impact <= 2
      ? 'Insignificant'
      : impact <= 4
        ? 'Low Importance'
        : impact <= 6
          ? 'Medium Importance'
          : impact <= 8
            ? 'High Importance'
            : 'Urgent Importance';
  return { label, tone };
}
