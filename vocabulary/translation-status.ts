/**
 * A policy's English text: none yet (`pending`), the analyser's (`machine`), or confirmed by an
 * admin (`reviewed`), as China Law Translate marks them. Kept by Postgres in the generated column
 * policies.translation_status from the text and its review (db/schema/policies.ts).
 */
export const translationStatuses = ['pending', 'machine', 'reviewed'] as const;
export type TranslationStatus = (typeof translationStatuses)[number];

/**
 * What readers are told of a policy's English text, in the app and in exports: a machine
 * translation is named with its model when it is known, a reviewed one with its date.
 */
export const translationStatusLabels = {
  pending: 'Translation pending',
  machine: 'Machine translation',
  reviewed: 'Reviewed by an editor',
} as const satisfies Record<TranslationStatus, string>;
