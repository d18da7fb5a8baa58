import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishQueryGroups } from '../reading/english-senses.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import type { SearchResponse, SuggestResponse } from '../shared/search.ts';
import { createSubscriber } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { crossLanguageQueries } from './cross-language-queries.ts';
import { indexAll, insertPolicies } from './testing.ts';
import { loadReadingAid } from '../reading/dictionary.ts';

/**
 * English queries finding Chinese-only policies: every real document of the labelled set as a
 * policy still waiting for its translation (Chinese title, no English), as the rules analyser
 * leaves one.
 */
describe('English queries that find Chinese documents', () => {
  let ctx: TestContext;
  let cookie: string;
  const idOf = new Map<string, number>();

  beforeAll(async () => {
    // As api/main.ts does before serving: loaded inside a request instead, the dictionary blocks the
    // event loop for seconds, and a database connection opened meanwhile times out (a 503).
    loadReadingAid();
    ctx = await createTestContext();
    const documents = loadLabelledSet();
    const ids = await insertPolicies(
      ctx,
      documents.map((document) => ({ title: document.title, departmentId: 4, publishedOn: document.receivedOn, chineseOriginal: document.story.chineseText, englishTranslation: null })),
    );
    documents.forEach((document, index) => idOf.set(document.file, ids[index]!));
    await indexAll(ctx);
    ({ cookie } = await createSubscriber(ctx));
  }, 120_000);
  afterAll(() => ctx.close());

  const search = async (q: string, as?: string) => {
    const response = await ctx.request(`/api/search?${new URLSearchParams({ q })}`, as ? { cookie: as } : {});
    expect(response.status).toBe(200);
    return (await response.json()) as SearchResponse;
  };

  it('offers candidates through the glossary and CC-CEDICT, the longest phrase first: rare earth, credit reporting, migrant workers, statistics law', () => {
    const first = (q: string) => englishQueryGroups(q).map((group) => ({ english: group.english, first: group.terms[0] }));
    expect(first('rare earth')).toEqual([{ english: 'rare earth', first: { term: '稀土', source: 'glossary' } }]);
    expect(first('credit reporting')[0]!.first!.term).toBe('征信');
    expect(first('deposit insurance')[0]!.first!.term).toBe('存款保险');
    expect(first('random inspection')).toEqual([{ english: 'random inspection', first: { term: '抽查', source: 'cc-cedict' } }]);
    // A longer word around a candidate (the index holds 农民工 as one word), and a law's name.
    expect(englishQueryGroups('migrant workers')[0]!.terms.map((term) => term.term)).toContain('农民工');
    expect(englishQueryGroups('statistics law')).toEqual([{ english: 'statistics law', terms: expect.arrayContaining([expect.objectContaining({ term: '统计法' })]) }]);
    expect(englishQueryGroups('稀土')).toEqual([]);
  });

  it('chooses the sense policies hold: recall as a product recall (召回), not as remembering (想起)', async () => {
    const body = await search('defective car recall', cookie);
    expect(body.crossLanguage!.matched.map((match) => match.chinese)).toContain('召回');
    expect(body.crossLanguage!.matched.map((match) => match.chinese)).not.toContain('想起');
  });

  it.each(crossLanguageQueries.map((query) => [query.q, query] as const))('"%s" finds its document for a subscriber, with the term it matched', async (_q, query) => {
    const body = await search(query.q, cookie);
    const found = body.crossLanguage?.policies.find((policy) => policy.id === idOf.get(query.file));
    expect(found, JSON.stringify(body.crossLanguage?.policies.map((policy) => policy.title))).toBeDefined();
    expect(found!.matched.map((match) => match.chinese)).toContain(query.term);
    expect(found!.matched.find((match) => match.chinese === query.term)!.english.length).toBeGreaterThan(0);
  });

  it.each(crossLanguageQueries.map((query) => [query.q, query] as const))('"%s" never finds it for a visitor, whose search may not read the text', async (_q, query) => {
    const body = await search(query.q);
    expect(body.crossLanguage).toBeUndefined();
    expect(body.policies.map((policy) => policy.id)).not.toContain(idOf.get(query.file));
  });

  it('highlights the Chinese match where the card shows Chinese: the title of a policy still untranslated', async () => {
    const body = await search('medical tourism', cookie);
    const found = body.crossLanguage!.policies.find((policy) => policy.id === idOf.get('govcn-16.txt'))!;
    expect(found.highlight!.title.filter((part) => part.match).map((part) => part.text)).toEqual(['医疗旅游']);
    expect(found.matched).toEqual([{ chinese: '医疗旅游', english: 'medical tourism' }]);
    expect(found.translation).toEqual({ status: 'pending', model: null, reviewedOn: null });
  });

  it('suggests the Chinese documents the same way, for a subscriber only', async () => {
    const suggest = async (as?: string) => (await (await ctx.request(`/api/search/suggest?q=${encodeURIComponent('patent agency')}`, as ? { cookie: as } : {})).json()) as SuggestResponse;
    const subscriber = await suggest(cookie);
    expect(subscriber.suggestions.find((suggestion) => suggestion.id === idOf.get('govcn-58.txt'))?.matched).toEqual([{ chinese: '专利代理', english: 'patent agency' }]);
    expect((await suggest()).suggestions).toEqual([]);
  });

  it('keeps places for the Chinese matches in the dropdown when English hits alone would fill it', async () => {
    await insertPolicies(
      ctx,
      Array.from({ length: 6 }, (_, index) => ({ title: `Measures on patent agency services ${index + 1}`, description: 'Patent agency filing rules.', departmentId: 4, publishedOn: '2024-03-01', englishTranslation: 'Patent agency.' })),
    );
    await indexAll(ctx);
    const response = await ctx.request(`/api/search/suggest?q=${encodeURIComponent('patent agency')}`, { cookie });
    const { suggestions } = (await response.json()) as SuggestResponse;
    expect(suggestions).toHaveLength(5);
    expect(suggestions.filter((suggestion) => !suggestion.matched).map((suggestion) => suggestion.title)).toHaveLength(3);
    expect(suggestions.find((suggestion) => suggestion.id === idOf.get('govcn-58.txt'))?.matched).toEqual([{ chinese: '专利代理', english: 'patent agency' }]);
  });
});
