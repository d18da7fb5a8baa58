import { policyDocx } from '../exports/policy-docx.ts';
import type { PolicyExport } from '../exports/policy-export.ts';
import { policyPdf } from '../exports/policy-pdf.ts';
import type { StoryInput } from '../processing/analysis.ts';
import { analyseWithRules } from '../processing/rules/index.ts';
import type { ExportPaper } from '../shared/export-schemas.ts';

/**
 * The work that would hold the API's event loop for longer than a request may wait (issue 41),
 * run in the thread pool's workers (./pool.ts), each task by its name.
 */
export const tasks = {
  renderPdf: async ({ policy, paper }: { policy: PolicyExport; paper: ExportPaper }): Promise<Uint8Array<ArrayBuffer>> => new Uint8Array(await policyPdf(policy, paper)),
  renderDocx: async ({ policy, paper }: { policy: PolicyExport; paper: ExportPaper }): Promise<Uint8Array<ArrayBuffer>> => new Uint8Array(await policyDocx(policy, paper)),
  analyseRules: ({ story, now }: { story: StoryInput; now: Date }) => analyseWithRules(story, now),
};

export type Task = { [Name in keyof typeof tasks]: { name: Name; input: Parameters<(typeof tasks)[Name]>[0] } }[keyof typeof tasks];

/** Piscina calls a worker's default export with each task. */
export default function runTask(task: Task): unknown {
  return (tasks[task.name] as (input: Task['input']) => unknown)(task.input);
}
