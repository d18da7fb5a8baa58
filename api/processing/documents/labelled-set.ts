import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { departmentList } from '../../../db/reference-data.ts';
import type { StoryAnalysis, StoryInput } from '../analysis.ts';

/**
 * The labelled set: real Chinese government documents (public documents, see each `source`) with
 * what a reader finds in them: the issuing department, the date and how many key points the
 * document's structure gives. Both analysers are measured on it (tests, `make bench`, docs/story-processing.md).
 */

const labelSchema = z.object({
  file: z.string(),
  title: z.string(),
  url: z.string(),
  receivedOn: z.string(),
  source: z.string(),
  expected: z.object({ department: z.string(), publishedOn: z.string(), keyPoints: z.number().int().min(0) }),
});
export type LabelledDocument = z.infer<typeof labelSchema> & { story: StoryInput };

export function loadLabelledSet(): LabelledDocument[] {
  const labels = z.array(labelSchema).parse(JSON.parse(readFileSync(new URL('labels.json', import.meta.url), 'utf8')));
  return labels.map((label) => ({
    ...label,
    story: { title: label.title, url: label.url, receivedOn: label.receivedOn, chineseText: readFileSync(new URL(label.file, import.meta.url), 'utf8') },
  }));
}

export type Accuracy = { documents: number; department: number; publishedOn: number; keyPoints: number; misses: string[] };

const codeOf = new Map<number, string>(departmentList.map((department) => [department.id, department.code]));

/** How many documents the analysis got right, per field, and which ones it missed. */
export function measureAccuracy(results: { document: LabelledDocument; analysis: Pick<StoryAnalysis, 'departmentId' | 'publishedOn' | 'keyPoints'> }[]): Accuracy {
  const accuracy: Accuracy = { documents: results.length, department: 0, publishedOn: 0, keyPoints: 0, misses: [] };
  for (const { document, analysis } of results) {
    const department = codeOf.get(analysis.departmentId);
    const misses = [
      department === document.expected.department ? (accuracy.department++, null) : `department ${department} (labelled ${document.expected.department})`,
      analysis.publishedOn === document.expected.publishedOn ? (accuracy.publishedOn++, null) : `date ${analysis.publishedOn} (labelled ${document.expected.publishedOn})`,
      analysis.keyPoints.length === document.expected.keyPoints ? (accuracy.keyPoints++, null) : `${analysis.keyPoints.length} key points (labelled ${document.expected.keyPoints})`,
    ].filter(Boolean);
    if (misses.length > 0) accuracy.misses.push(`${document.file}: ${misses.join(', ')}`);
  }
  return accuracy;
}
