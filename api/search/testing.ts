import { industryList, topicList } from '../../db/reference-data.ts';
import type { PolicyFullContent } from '../../db/policy-content.ts';
import { createPolicy } from '../../db/testing.ts';
import type { TestContext } from '../test/context.ts';

export { indexAll } from '../../indexer/testing.ts';

/** A policy for search tests, tagged by industry name and topic code, as the UI filters them. */
export type TestPolicy = {
  title: string;
  description?: string;
  departmentId: number;
  publishedOn: string;
  impact?: number;
  industries?: string[];
  topics?: string[];
  chineseOriginal?: string | null;
  englishTranslation?: string | null;
  /** With an English text: reviewed by an editor then (status `reviewed`), or written by this model (`machine`). */
  translationReviewedAt?: Date | null;
  translationModel?: string | null;
  sourceUrl?: string | null;
  fullContent?: PolicyFullContent;
};

const industryIdByName = new Map<string, number>(industryList.map((industry) => [industry.name, industry.id]));
const topicIdByCode = new Map<string, number>(topicList.map((topic, index) => [topic.code, index + 1]));

/** Inserts the policies with the database's factory (the triggers enqueue them); returns their ids in order. */
export async function insertPolicies(ctx: TestContext, policies: readonly TestPolicy[]): Promise<number[]> {
  const ids: number[] = [];
  for (const { industries = [], topics = [], ...fields } of policies) {
    const policy = await createPolicy(ctx.db, {
      ...fields,
      description: fields.description ?? '',
      industryIds: industries.map((name) => lookup(industryIdByName, name)),
      topicIds: topics.map((code) => lookup(topicIdByCode, code)),
    });
    ids.push(policy.id);
  }
  return ids;
}

function lookup(map: Map<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`No reference row named ${key}`);
  return id;
}
