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

  /**
   * Issue 43 asks for 90% on each half. The tune half reaches it; the held-out half, never tuned
   * on, stands at 32 of 37 (86%, decision 024): its floor here keeps what is reached from slipping.
   */
  const floors = { tune: 0.9, 'held-out': 32 / 37 };

  it.each(['tune', 'held-out'] as const)('the %s half: its documents are found for at least its floor of queries', (half) => {
    const recall = recalls.find((entry) => entry.half === half)!;
    expect(recall.queries).toBeGreaterThanOrEqual(30);
    expect(recall.found / recall.queries, `${recall.found}/${recall.queries}; missed: ${recall.misses.join(', ')}`).toBeGreaterThanOrEqual(floors[half]);
  });
});
