import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { departmentList } from '../../../db/reference-data.ts';
import type { StoryInput } from '../analysis.ts';

/**
 * The held-out sets, real documents labelled by reading each text (the README.md of each folder says
 * where each comes from): ./set-2/ (80 documents the analyser was not written against, though its
 * misses were read while the rules were changed) and ./set-3/ (86 further documents, split into a
 * half whose misses may be read and a half that is only measured). The stories carry no title, so
 * what is measured is what the text alone gives: the issuer (null where none of the product's 14
 * bodies issued it: the right answer is then "Unidentified issuer"), the date, the document number
 * and the Chinese title. docs/benchmarks.md reports the figures (`npm run analyser:accuracy`).
 */

const labelSchema = z.object({
  file: z.string(),
  url: z.string(),
  receivedOn: z.string(),
  source: z.string(),
  expected: z.object({
    department: z.string().nullable(),
    issuers: z.array(z.string()),
    publishedOn: z.string(),
    documentNumber: z.string().nullable(),
    chineseTitle: z.string(),
  }),
});
export type HeldOutDocument = z.infer<typeof labelSchema> & { story: StoryInput };

export type HeldOutSetName = 'set-2' | 'set-3';

export function loadHeldOutSet(set: HeldOutSetName = 'set-2'): HeldOutDocument[] {
  const labels = z.array(labelSchema).parse(JSON.parse(readFileSync(new URL(`${set}/labels.json`, import.meta.url), 'utf8')));
  return labels.map((label) => ({
    ...label,
    story: { title: '', url: label.url, receivedOn: label.receivedOn, chineseText: readFileSync(new URL(`${set}/${label.file}`, import.meta.url), 'utf8') },
  }));
}

/**
 * Set-3's halves, by the rule its README fixed before any measurement: in the labels' order, the 1st,
 * 3rd, 5th … document is in the tune half (its misses may be read when the rules change), the 2nd,
 * 4th … in the held-out half (only measured).
 */
export function loadSet3Halves(): { tune: HeldOutDocument[]; heldOut: HeldOutDocument[] } {
  const documents = loadHeldOutSet('set-3');
  return { tune: documents.filter((_, index) => index % 2 === 0), heldOut: documents.filter((_, index) => index % 2 === 1) };
}

/** What is measured of an analysis. */
export type HeldOutFindings = { departmentId: number; issuerIdentified: boolean; publishedOn: string; documentNumber: string | null; chineseTitle: string };

export type HeldOutAccuracy = {
  documents: number;
  department: number;
  /** Issuers named as one of the 14 bodies that are not the labelled one: the misses a reader is misled by. */
  wrongIssuers: number;
  publishedOn: number;
  documentNumber: number;
  chineseTitle: number;
  misses: string[];
};

const codeOf = new Map<number, string>(departmentList.map((department) => [department.id, department.code]));

/**
 * Numbers compare as the same number however they are printed: 中华人民共和国国务院令第722号 is
 * 国务院令第722号, 国发[2019]5号 is 国发〔2019〕5号.
 */
export function sameDocumentNumber(a: string | null, b: string | null): boolean {
  const normal = (value: string | null) => value && value.replace(/[\s\u3000]/g, '').replace(/中华人民共和国/g, '').replace(/[[［【(（]/g, '〔').replace(/[\]］】)）]/g, '〕');
  return normal(a) === normal(b);
}

const sameTitle = (a: string, b: string) => a.replace(/[\s\u3000]/g, '') === b.replace(/[\s\u3000]/g, '');

export function measureHeldOut(results: { document: HeldOutDocument; findings: HeldOutFindings }[]): HeldOutAccuracy {
  const accuracy: HeldOutAccuracy = { documents: results.length, department: 0, wrongIssuers: 0, publishedOn: 0, documentNumber: 0, chineseTitle: 0, misses: [] };
  for (const { document, findings } of results) {
    const expected = document.expected;
    const department = findings.issuerIdentified ? codeOf.get(findings.departmentId)! : null;
    if (department !== null && department !== expected.department) accuracy.wrongIssuers++;
    const misses = [
      department === expected.department ? (accuracy.department++, null) : `department ${department ?? 'unidentified'} (labelled ${expected.department ?? 'none of the 14'})`,
      findings.publishedOn === expected.publishedOn ? (accuracy.publishedOn++, null) : `date ${findings.publishedOn} (labelled ${expected.publishedOn})`,
      sameDocumentNumber(findings.documentNumber, expected.documentNumber) ? (accuracy.documentNumber++, null) : `number ${findings.documentNumber} (labelled ${expected.documentNumber})`,
      sameTitle(findings.chineseTitle, expected.chineseTitle) ? (accuracy.chineseTitle++, null) : `title ${findings.chineseTitle} (labelled ${expected.chineseTitle})`,
    ].filter(Boolean);
    if (misses.length > 0) accuracy.misses.push(`${document.file}: ${misses.join(', ')}`);
  }
  return accuracy;
}
