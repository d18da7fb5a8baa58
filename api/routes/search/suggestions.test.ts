import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexAll, insertPolicies } from '../../search/testing.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

type Part = { text: string; match: boolean };

/** The search bar's dropdown: the spec's snippet is about 50 characters each side of the match, cut at word boundaries. */
describe('suggestion snippets', () => {
  let ctx: TestContext;
  // The People's Bank of China's announcement on green financial bonds (2015 No. 39), its opening in English.
  const description =
    "In order to accelerate the construction of an ecological civilisation and to support the development of green industries, the People's Bank of China has decided to launch green financial bonds in the interbank bond market, and hereby announces the relevant matters as follows.";

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertPolicies(ctx, [
      { title: 'Announcement on Issuing Green Financial Bonds in the Interbank Bond Market', description, departmentId: 2, publishedOn: '2015-12-22' },
    ]);
    await indexAll(ctx);
  });
  afterAll(() => ctx.close());

  it('keeps about 50 characters of whole words before and after the match', async () => {
    const body = await (await ctx.request('/api/search/suggest?q=interbank%20bond%20market')).json();
    const snippet = body.suggestions[0].highlight.description as Part[];
    const shown = snippet.map((part) => part.text).join('');
    const first = snippet.findIndex((part) => part.match);
    const before = snippet
      .slice(0, first)
      .map((part) => part.text)
      .join('')
      .replace(/^…/, '');
    expect(snippet[first]!.text).toBe('interbank');
    expect(before.length).toBeGreaterThanOrEqual(40);
    expect(before.length).toBeLessThanOrEqual(51);
    // Starts on a word: the text before the snippet ends with a space.
    expect(description).toContain(` ${before}`);
    expect(shown.startsWith('…')).toBe(true);
  });

  it('keeps the context for "Bank", whose word is split at an apostrophe', async () => {
    const body = await (await ctx.request("/api/search/suggest?q=People's%20Bank")).json();
    const snippet = body.suggestions[0].highlight.description as Part[];
    const first = snippet.findIndex((part) => part.match);
    const before = snippet
      .slice(0, first)
      .map((part) => part.text)
      .join('')
      .replace(/^…/, '');
    expect(before.length).toBeGreaterThanOrEqual(40);
    expect(description).toContain(` ${before}`);
  });
});
