import { and, eq } from 'drizzle-orm';
import { policiesHoldingUrls } from '../../db/policy-trash.ts';
import { livePolicy } from '../../db/policy-records.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { PolicyWriteError, readPolicyForUpdate, savePolicy, type PolicyFields } from '../../db/policies.ts';
import type { PolicyFullContent } from '../../db/policy-content.ts';
import { pendingStories, policies } from '../../db/schema/index.ts';
import { recordKnownFacts, withStoryFacts } from './known-facts.ts';
import { UnusableStoryError, type Analyser, type StoryAnalysis, type StoryInput } from './analysis.ts';
import { analyserKind, mergeAnalysis } from './merge.ts';
import { countAttempt, lockProcessingStory, markFailed, markProcessed, noteFailedAttempt } from '../stories/status.ts';

/**
 * Turning a story into a policy, and reprocessing a policy from its source: what one job does.
 * A job runs at least once (api/jobs/); these make it count once. The analysis runs outside any
 * transaction (it may take minutes); its result is written in one transaction that re-reads the
 * story under a lock, reuses the story's policy (or the policy with its source URL), and marks the
 * story processed. A retry after that commit finds the story processed and does nothing.
 */

export type ProcessingDeps = {
  db: Database;
  analyser: Analyser;
  now: () => Date;
  /** One attempt's limit; the analysis is aborted past it. */
  timeoutMs: number;
};

/** Where a job stands among its attempts: the last one's failure is the story's. */
export type Attempt = { retryCount: number; retryLimit: number };

export type Outcome = 'processed' | 'skipped' | 'failed';

/**
 * The story's URL belongs to a policy in the Trash: it still holds the URL until it is purged
 * (db/policy-trash.ts), so no second policy is made for it. Retrying can't help; the admin
 * restores the policy, or purges it and re-queues the story.
 */
class PolicyInTrashError extends Error {
  constructor(policyId: number) {
    super(`Policy ${policyId} for this address is in the Trash: restore it, or purge it to make a new policy from this story`);
  }
}

function describe(error: unknown, signal: AbortSignal): string {
  // However the analyser reports an abort (an AbortError, the client's own error), it was the timeout.
  if (signal.aborted) return 'The analysis took longer than the per-story timeout';
  if (error instanceof Error) return error.message.slice(0, 500);
  return String(error).slice(0, 500);
}

function storyDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The policy a story's analysis makes, in savePolicy's fields. */
export function policyFields(analysis: StoryAnalysis, story: StoryInput): Partial<PolicyFields> & { fullContent: PolicyFullContent } {
  const fullContent: PolicyFullContent = {
    description: analysis.description,
    key_points: analysis.keyPoints,
    analysis: analysis.analysis,
    impact_analysis: analysis.industries.map((industry) => ({ industry_id: industry.industryId, details: industry.details })),
    topic_analysis: analysis.topics.map((topic) => ({ topic_id: topic.topicId, details: topic.details })),
    implementation_timeline: analysis.timeline,
    source_url: story.url,
  };
  return {
    title: analysis.title,
    description: analysis.description,
    publishedOn: analysis.publishedOn,
    departmentId: analysis.departmentId,
    impact: analysis.impact,
    importanceReasons: analysis.importanceReasons,
    // No translation is no news: a reprocessing without one keeps the translation there is.
    englishTranslation: analysis.englishTranslation ?? undefined,
    sourceUrl: story.url || null,
    // What the source or the text gives; a title in English is no Chinese title.
    chineseTitle: analysis.chineseTitle ?? undefined,
    documentNumber: analysis.documentNumber ?? undefined,
    chineseOriginal: story.chineseText,
    fullContent,
    industryIds: analysis.industries.map((industry) => industry.industryId),
    topicIds: analysis.topics.map((topic) => topic.topicId),
  };
}

/** Writes an analysis: a new policy whole, into an existing one as ./merge.ts decides. */
async function saveAnalysis(tx: Transaction, policyId: number | null, analysis: StoryAnalysis, story: StoryInput, options: { at: Date; overwriteEdited: boolean }) {
  const proposed = policyFields(analysis, story);
  const stored = policyId === null ? null : await readPolicyForUpdate(tx, policyId);
  const fields = stored ? mergeAnalysis(stored, proposed, analysis, { analyser: analyserKind(analysis.usage.analyser), overwriteEdited: options.overwriteEdited }).fields : proposed;
  return savePolicy(tx, policyId, fields, { kind: 'analyser', at: options.at, overwriteEdited: options.overwriteEdited, translationModel: analysis.translationModel ?? null });
}

/** A story as the analysers take it, with what its source page gave of the document. */
function storyInput(story: typeof pendingStories.$inferSelect): StoryInput {
  return {
    title: story.title,
    url: story.url ?? '',
    chineseText: story.chineseText,
    receivedOn: storyDate(story.createdAt),
    publishedOn: story.publishedOn,
    departmentId: story.departmentId,
    documentNumber: story.documentFacts?.documentNumber ?? null,
  };
}

/** The input a reprocessing analyses: the story the policy was made from, else the policy's own Chinese title, source URL and text. */
export async function reprocessingInput(db: Database, policyId: number): Promise<StoryInput | null> {
  const [policy] = await db.select().from(policies).where(and(eq(policies.id, policyId), livePolicy));
  if (!policy) return null;
  const [story] = await db.select().from(pendingStories).where(eq(pendingStories.policyId, policyId));
  return story
    ? storyInput(story)
    : { title: policy.chineseTitle ?? policy.title, url: policy.sourceUrl ?? '', chineseText: policy.chineseOriginal ?? '', receivedOn: policy.publishedOn, documentNumber: policy.documentNumber };
}

/**
 * One attempt at story `storyId`. Only a story in `processing` is worked on: one returned to
 * pending (reset), marked by an admin, deleted or already processed is skipped. A failure is
 * thrown for the queue to retry, and written on the story as `failed` when no retry is left or
 * none could help.
 */
export async function processStory(deps: ProcessingDeps, storyId: number, attempt: Attempt): Promise<Outcome> {
  const [story] = await deps.db.select().from(pendingStories).where(eq(pendingStories.id, storyId));
  if (!story || story.status !== 'processing') return 'skipped';
  await countAttempt(deps.db, storyId);

  const input: StoryInput = storyInput(story);
  const signal = AbortSignal.timeout(deps.timeoutMs);
  try {
    const analysis = withStoryFacts(await deps.analyser.analyse(input, signal), input);
    return await deps.db.transaction(async (tx) => {
      const locked = await lockProcessingStory(tx, storyId);
      if (!locked) return 'skipped';
      const byUrl = locked.policyId === null && locked.url ? (await policiesHoldingUrls(tx, [locked.url])).get(locked.url) : undefined;
      if (byUrl?.inTrash) throw new PolicyInTrashError(byUrl.id);
      const at = deps.now();
      const { id: policyId } = await saveAnalysis(tx, locked.policyId ?? byUrl?.id ?? null, analysis, input, { at, overwriteEdited: false });
      await recordKnownFacts(tx, policyId, analysis);
      await markProcessed(tx, storyId, { policyId, analyser: analysis.usage.analyser, tokens: analysis.usage.tokens, durationMs: analysis.usage.durationMs, at });
      return 'processed' as const;
    });
  } catch (error) {
    const reason = describe(error, signal);
    // Retrying can't fix a story with nothing to analyse or an analysis our rules refuse.
    const hopeless = error instanceof UnusableStoryError || error instanceof PolicyWriteError || error instanceof PolicyInTrashError;
    if (hopeless || attempt.retryCount >= attempt.retryLimit) {
      await markFailed(deps.db, storyId, reason, deps.now());
      return 'failed';
    }
    await noteFailedAttempt(deps.db, storyId, `Attempt ${attempt.retryCount + 1} failed, retrying: ${reason}`);
    throw error;
  }
}

/**
 * Reprocesses policy `policyId` from its source (reprocessingInput). What an admin edited or
 * reviewed stays, unless `overwriteEdited`; richer content stays whatever (./merge.ts).
 */
export async function reprocessPolicy(deps: ProcessingDeps, policyId: number, overwriteEdited: boolean): Promise<Outcome> {
  // A policy in the Trash is not reprocessed (restore it first): reprocessingInput reads live policies only.
  const input = await reprocessingInput(deps.db, policyId);
  if (!input) return 'skipped';
  const analysis = withStoryFacts(await deps.analyser.analyse(input, AbortSignal.timeout(deps.timeoutMs)), input);
  await deps.db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: policies.id }).from(policies).where(and(eq(policies.id, policyId), livePolicy)).for('update');
    if (!exists) return;
    await saveAnalysis(tx, policyId, analysis, input, { at: deps.now(), overwriteEdited });
    await recordKnownFacts(tx, policyId, analysis);
  });
  return 'processed';
}
