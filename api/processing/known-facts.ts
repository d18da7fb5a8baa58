import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { policies } from '../../db/schema/index.ts';
import type { StoryAnalysis, StoryInput } from './analysis.ts';

/**
 * What a policy knows of its own date and issuer. The story's producer (a file's columns) wins
 * over any analyser, which is only asked when the story gives none; an analyser that says nothing
 * of it knows. Unknown stays unknown: the flags keep such a policy out of the ticker and away from
 * a department badge it was only given as a fallback.
 */
export function withStoryFacts(analysis: StoryAnalysis, story: StoryInput): StoryAnalysis {
  return {
    ...analysis,
    publishedOn: story.publishedOn ?? analysis.publishedOn,
    departmentId: story.departmentId ?? analysis.departmentId,
    dateKnown: story.publishedOn ? true : (analysis.dateKnown ?? true),
    issuerIdentified: story.departmentId ? true : (analysis.issuerIdentified ?? true),
  };
}

/** Records the flags on the policy; a date or department an admin edited is theirs, and known. */
export async function recordKnownFacts(tx: Executor, policyId: number, analysis: StoryAnalysis): Promise<void> {
  await tx
    .update(policies)
    .set({
      dateKnown: sql`case when 'publishedOn' = any(${policies.editedFields}) then true else ${analysis.dateKnown ?? true} end`,
      issuerIdentified: sql`case when 'departmentId' = any(${policies.editedFields}) then true else ${analysis.issuerIdentified ?? true} end`,
    })
    .where(eq(policies.id, policyId));
}
