/**
 * A policy's importance: a score of 1-10 (default 5; db/schema/policies.ts checks it), shown as
 * "Importance" with the spec's bands. In code the score is `importance`; the spec's API, the
 * database column and the search index name it `impact`, and `importanceField` is the one place
 * that says so.
 */
export const importanceField = 'impact';

/** The filter's range, 0-10: the full range means no filter (the slider's "any"). */
export const importanceRange = { min: 0, max: 10 } as const;

/** The spec's importance bands (section 4): a score's label, or null for 0 (no score, no badge). */
export function importanceLabel(impact: number): string | null {
  if (!impact || impact < 1) return null;
  if (impact <= 2) return 'Insignificant';
  if (impact <= 4) return 'Low Importance';
  if (impact <= 6) return 'Medium Importance';
  if (impact <= 8) return 'High Importance';
  return 'Urgent Importance';
}
