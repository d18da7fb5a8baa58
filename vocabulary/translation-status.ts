/**
 * A policy's English text: none yet (`pending`), the analyser's (`machine`), or confirmed by an
 * admin (`reviewed`), as China Law Translate marks them. Kept by Postgres in the generated column
 * policies.translation_status from the text and its review (db/schema/policies.ts).
 */
export const translationStatuses = ['pending', 'machine', 'reviewed'] as const;
export type TranslationStatus = (typeof translationStatuses)[number];
