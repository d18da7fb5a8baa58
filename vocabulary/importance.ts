/**
 * A policy's importance: a score of 1-10 (default 5; db/schema/policies.ts checks it), shown as
 * "Importance" with the spec's bands. In code the score is `importance`; the spec's API, the
 * database column and the search index name it `impact`, and `importanceField` is the one place
 * that says so.
 */
export const importanceField = 'impact';

/** The filter's range, 0-10: the full range means no filter (the slider's "any"). */
export const importanceRange = { min: 0, max: 10 } as const;
