import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReadingAid } from '../reading/dictionary.ts';
import type { SearchResponse } from '../shared/search.ts';
import { createSubscriber } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { loadCrossLanguageDocuments, measureRecall, type Recall } from './cross-language-set.ts';
import { indexAll, insertPolicies } from './testing.ts';

/**
 * Issue 43's measure: the recall of the search page's Chinese matches on English queries nobody
 * tuned for (api/search/cross-language-set.ts), every document a Chinese-only policy (Chinese
 * title and original, no English, as the rules analyser leaves one).
 */
describe('cross-language recall on the held-out set', () => {
  let ctx: TestContext;
  let recalls: Recall[];

  beforeAll(async () => {
    loadReadingAid();
    ctx = await createTestContext();
    const documents = loadCrossLanguageDocuments();
    const ids = await insertPolicies(
      ctx,
      documents.map((document) => ({ title: document.title, departmentId: 4, publishedOn: document.publishedOn, chineseOriginal: document.chineseText, englishTranslation: null })),
    );
    const fileOf = new Map(ids.map((id, index) => [id, documents[index]!.file]));
    await indexAll(ctx);
    const { cookie } = await createSubscriber(ctx);
    recalls = await measureRecall(async (q) => {
      const response = await ctx.request(`/api/search?${new URLSearchParams({ q })}`, { cookie });
      const body = (await response.json()) as SearchResponse;
      return (body.crossLanguage?.policies ?? []).map((policy) => fileOf.get(policy.id)!);
    });
  }, 300_000);
  afterAll(() => ctx.close());

  it.each(['tune', 'held-out'] as const)('the %s half: the document of at least nine queries in ten is found', (half) => {
    const recall = recalls.find((entry) => entry.half === half)!;
    expect(recall.queries).toBeGreaterThanOrEqual(30);
    expect(recall.found / recall.queries, `${recall.found}/${recall.queries}; missed: ${recall.misses.join(', ')}`).toBeGreaterThanOrEqual(0.9);
  });
});
