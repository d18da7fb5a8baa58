/**
 * What a policy's PDF and Word files hold (made by ./policy-content.ts), apart from what reads it:
 * the writers run in worker threads (api/threads/) and take only this.
 */

export type ExportSection =
  | { kind: 'facts'; heading: string; facts: { label: string; value: string; link?: string }[] }
  | { kind: 'points'; heading: string; points: { title: string; content: string }[] }
  | { kind: 'paragraphs'; heading: string; paragraphs: string[]; lang: 'en' | 'zh' }
  | { kind: 'bilingual'; heading: string; pairs: { en: string | null; zh: string | null }[] };

export type PolicyExport = {
  title: string;
  chineseTitle: string | null;
  /** The document's number as printed (国发〔2014〕40号). */
  documentNumber: string | null;
  sections: ExportSection[];
  /** The footer of every page: the product, the policy's address, the export's date. */
  footer: string;
  policyUrl: string;
};
