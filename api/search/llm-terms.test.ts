import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startChatServer, type ChatServer } from '../processing/llm/chat-server.ts';
import type { SearchResponse, SuggestResponse } from '../shared/search.ts';
import { createSubscriber } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import type { PolicyCardDocument } from '../shared/policy-card.ts';
import { crossLanguageLimit, crossLanguageMatches, crossLanguagePlan } from './cross-language.ts';
import { loadCrossLanguageDocuments } from './cross-language-set.ts';
import { createLlmTerms } from './llm-terms.ts';
import { indexAll, insertPolicies } from './testing.ts';

/**
 * The LLM's Chinese terms for an English query (api/search/llm-terms.ts) against a local
 * OpenAI-compatible server started here (no real LLM is reachable from this machine): asked once
 * per distinct query, added to the dictionary's candidates, chosen among by the index like them.
 * Real laws of api/search/cross-language-set, Chinese-only. "building energy efficiency" is a
 * query of the tune half the dictionary misses (decision 024: 能效 sits inside 能效标识).
 */

const q = 'building energy efficiency';
let chat: ChatServer;
let ctx: TestContext;
let cookie: string;
let energyLawId: number;

beforeAll(async () => {
  // The server answers as a model would for this query; for any other, no term.
  chat = await startChatServer((request) =>
    ({ body: completion({ phrases: request.messages.at(-1)!.content.includes(q) ? [{ english: q, chinese: ['建筑节能', '能效'] }] : [] }) }),
  );
  ctx = await createTestContext({ LLM_BASE_URL: chat.url, LLM_API_KEY: 'test-key', LLM_MODEL: 'test-model' });
  // Every document of the recall set (api/search/cross-language-recall.test.ts), so the dictionary's plan meets what it meets there.
  const documents = loadCrossLanguageDocuments();
  const ids = await insertPolicies(
    ctx,
    documents.map((document) => ({ title: document.title, departmentId: 4, publishedOn: document.publishedOn, chineseOriginal: document.chineseText, englishTranslation: null })),
  );
  energyLawId = ids[documents.findIndex((document) => document.file === 'law-25.txt')]!;
  await indexAll(ctx);
  ({ cookie } = await createSubscriber(ctx));
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await chat?.close();
});

describe('Chinese terms from an LLM', () => {
  it('find a document the dictionary misses, asked once per query whatever the road, never for a visitor', async () => {
    const reader = { entitled: true };
    // The dictionary alone: the energy conservation law is not among the Chinese matches its plan finds.
    const dictionaryOnly = (await crossLanguagePlan(ctx.deps.search, q, reader, crossLanguageLimit, null))!;
    const { results } = await ctx.deps.meilisearch.multiSearch<PolicyCardDocument>(dictionaryOnly.queries.map((query) => ({ indexUid: ctx.deps.search.indexName, ...query })));
    expect(crossLanguageMatches(results, dictionaryOnly, new Set(), crossLanguageLimit).policies.map((policy) => policy.id)).not.toContain(energyLawId);
    expect(chat.requests).toHaveLength(0);

    // With the LLM: the search page finds it, saying which term matched, for the dictionary's phrase the LLM's shares its words with.
    const page = (await (await ctx.request(`/api/search?${new URLSearchParams({ q })}`, { cookie })).json()) as SearchResponse;
    const card = page.crossLanguage!.policies.find((policy) => policy.id === energyLawId);
    expect(card?.matched).toContainEqual({ chinese: '建筑节能', english: 'energy efficiency' });
    expect(chat.requests).toHaveLength(1);
    expect(chat.requests[0]!.model).toBe('test-model');
    expect(chat.requests[0]!.messages.at(-1)!.content).toBe(`Query: ${q}`);

    // The suggestions make a plan of their own: the LLM's terms are the ones kept, not asked again.
    const { suggestions } = (await (await ctx.request(`/api/search/suggest?${new URLSearchParams({ q })}`, { cookie })).json()) as SuggestResponse;
    expect(suggestions.find((suggestion) => suggestion.id === energyLawId)?.matched).toContainEqual({ chinese: '建筑节能', english: 'energy efficiency' });
    expect(chat.requests).toHaveLength(1);

    // A visitor may not search the Chinese text: no plan, and nothing asked.
    const visitor = (await (await ctx.request(`/api/search?${new URLSearchParams({ q: 'seed industry' })}`)).json()) as SearchResponse;
    expect(visitor.crossLanguage).toBeUndefined();
    expect(chat.requests).toHaveLength(1);
  });

  it('an LLM that fails adds no term, and is not asked again for the same query for a minute', async () => {
    const failing = await startChatServer(() => ({ status: 500, body: { error: { message: 'overloaded' } } }));
    try {
      const terms = createLlmTerms({ baseURL: failing.url, apiKey: 'test-key', model: 'test-model' });
      expect(await terms('carbon emissions trading')).toEqual([]);
      // The client retries a 5xx once.
      const asked = failing.requests.length;
      expect(asked).toBe(2);
      expect(await terms('carbon emissions trading')).toEqual([]);
      expect(failing.requests).toHaveLength(asked);
    } finally {
      await failing.close();
    }
  });
});
