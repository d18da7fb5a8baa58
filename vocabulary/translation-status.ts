/**
 * A policy's English text: none yet (`pending`), the analyser's (`machine`), or confirmed by an
 * admin (`reviewed`), as China Law Translate marks them. Kept by Postgres in the generated column
 * policies.translation_status from the text and its review (db/schema/policies.ts).
 */
export const translationStatuses = ['pending', 'machine', 'reviewed'] as const;
export type TranslationStatus = (typeof translationStatuses)[number];

/**
 * What a reader is told about an English text wherever it is shown (card, detail, export). A
 * dictionary gloss is never one of these: it is a reading aid, labelled "Dictionary".
 */
export const translationStatusLabels = {
  machine: 'Machine translation',
  reviewed: 'Reviewed by an editor',
  pending: 'Translation pending',
} as const satisfies Record<TranslationStatus, string>;

/** An English text's status as far as its label needs: the model that wrote it, the day an editor reviewed it (as the surface writes dates). */
export type TranslationProvenance = { status: TranslationStatus; model?: string | null; reviewedOn?: string | null };

/** The label in full: "Machine translation (gpt-4o)", "Reviewed by an editor on Mar 2, 2026", "Translation pending". */
export function translationLabel(provenance: TranslationProvenance): string {
  const label = translationStatusLabels[provenance.status];
  if (provenance.status === 'machine' && provenance.model) return `${label} (${provenance.model})`;
  if (provenance.status === 'reviewed' && provenance.reviewedOn) return `${label} on ${provenance.reviewedOn}`;
  return label;
}
