import type { Database } from '../../db/client.ts';
import { readPolicyForUpdate } from '../../db/policies.ts';
import { AppError } from '../http/errors.ts';
import type { ReprocessPreview } from '../shared/admin-schemas.ts';
import type { ThreadPool } from '../threads/pool.ts';
import { llmReplaces, mergeAnalysis, type Merge } from './merge.ts';
import { policyFields, reprocessingInput } from './process.ts';

/**
 * A reprocessing's dry run, for the admin's confirmation (issue 30 item 1): with the offline
 * analyser, the analysis itself is run on each policy's text (it is fast and local) and merged as
 * the write would merge it (./merge.ts); an LLM is not asked, and the answer says by rule what its
 * answer will replace. Nothing is written. The analyser runs in a worker thread, one policy at a
 * time (a long law takes it a second: on the event loop, every other request would wait), and a
 * preview covers at most maxPreviewPolicies (422 past it: a thousand would take minutes).
 */
export const maxPreviewPolicies = 200;

export const previewTooLargeMessage = (count: number) =>
  `A preview covers up to ${maxPreviewPolicies} policies; this batch has ${count.toLocaleString('en')}. Reprocess it without a preview, or select fewer policies to see what will change.`;

export async function previewReprocessing(
  deps: { db: Database; now: () => Date; llmModel: string | undefined; threads: Pick<ThreadPool, 'run'> },
  policyIds: readonly number[],
  overwriteEdited: boolean,
): Promise<ReprocessPreview> {
  if (policyIds.length > maxPreviewPolicies) throw new AppError('unprocessable', previewTooLargeMessage(policyIds.length));
  const merges: Merge[] = [];
  for (const policyId of policyIds) {
    const input = await reprocessingInput(deps.db, policyId);
    if (!input || !input.chineseText.trim()) continue;
    const analysis = deps.llmModel ? null : { ...(await deps.threads.run('analyseRules', { story: input, now: deps.now() })), usage: { analyser: 'rules', tokens: null, durationMs: 0 } };
    const merge = await deps.db.transaction(async (tx) => {
      const stored = await readPolicyForUpdate(tx, policyId);
      if (!stored) return null;
      if (!analysis) return llmReplaces(stored, overwriteEdited);
      return mergeAnalysis(stored, policyFields(analysis, input), analysis, { analyser: 'rules', overwriteEdited });
    });
    if (merge) merges.push(merge);
  }

  // Each part once, with how many policies it touches; the values only when there is one policy.
  const one = merges.length === 1;
  const changes = new Map<string, ReprocessPreview['changes'][number]>();
  const kept = new Map<string, ReprocessPreview['kept'][number]>();
  for (const merge of merges) {
    for (const change of merge.changes) {
      const entry = changes.get(change.part) ?? { part: change.part, label: change.label, policies: 0, from: one ? change.from : null, to: one ? change.to : null };
      entry.policies += 1;
      changes.set(change.part, entry);
    }
    for (const part of merge.kept) {
      const entry = kept.get(part.part) ?? { part: part.part, label: part.label, policies: 0, because: part.because };
      entry.policies += 1;
      kept.set(part.part, entry);
    }
  }
  return {
    analyser: deps.llmModel ? `llm:${deps.llmModel}` : 'rules',
    ran: !deps.llmModel,
    policies: merges.length,
    changes: [...changes.values()],
    kept: [...kept.values()],
  };
}
