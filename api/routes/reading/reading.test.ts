import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../../processing/documents/labelled-set.ts';
import { readingRateMessage } from '../../reading/rate-limit.ts';
import { maxReadingText, readingTooLongMessage, type ReadingResponse } from '../../shared/reading.ts';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { loadReadingAid } from '../../reading/dictionary.ts';

describe('POST /api/reading/words', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // As api/main.ts does before serving: loaded inside a request instead, the dictionary blocks the
    // event loop for seconds, and a database connection opened meanwhile times out (a 503).
    loadReadingAid();
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const post = (json: unknown) => ctx.request('/api/reading/words', { json });

  it('answers a visitor with the words of a real title and their entries, crediting CC-CEDICT', async () => {
    // govcn-58's title: the Patent Agency Regulations (专利代理条例).
    const response = await post({ text: '专利代理条例' });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as ReadingResponse;
    expect(body.words.map((word) => word.text)).toEqual(['专利代理', '条例']);
    expect(body.words[0]!.entry).toMatchObject({ source: 'glossary', senses: expect.arrayContaining(['patent agency']) });
    expect(body.credit).toContain('CC-CEDICT');
    expect(body.credit).toContain('CC BY-SA 4.0');
    expect(body.credit).toContain('not a translation');
  });

  it('refuses an empty text with a 400, and a text past 5,000 characters with a 413 naming the limit; 5,000 are looked up', async () => {
    expect((await post({ text: '' })).status).toBe(400);
    // The longest real document of the labelled set (a law of about 15,000 characters).
    const law = loadLabelledSet().reduce((a, b) => (b.story.chineseText.length > a.story.chineseText.length ? b : a)).story.chineseText;
    const long = await post({ text: law.slice(0, maxReadingText + 1) });
    expect(long.status).toBe(413);
    expect(await long.json()).toEqual({ error: { code: 'payload_too_large', message: readingTooLongMessage(maxReadingText + 1) } });
    expect(readingTooLongMessage(5_001)).toBe('The text is 5,001 characters long; the dictionary looks up at most 5,000 at a time. Send it in pieces.');
    const piece = await post({ text: law.slice(0, maxReadingText) });
    expect(piece.status).toBe(200);
    expect(((await piece.json()) as ReadingResponse).words.map((word) => word.text).join('')).toBe(law.slice(0, maxReadingText));
  });
});

describe('the dictionary aid\'s rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    loadReadingAid();
    ctx = await createTestContext({ READING_CHARACTERS_PER_MINUTE: '18' });
  });
  afterAll(() => ctx.close());

  it('answers 429 with Retry-After past the characters a reader may have looked up in a minute, counted per user, and looks up again a minute later', async () => {
    ctx.clock.set(new Date('2026-03-01T09:00:00Z'));
    const { cookie } = await createSignedInUser(ctx);
    const { cookie: otherCookie } = await createSignedInUser(ctx);
    const lookUp = (by: string) => ctx.request('/api/reading/words', { json: { text: '专利代理条例' }, cookie: by });
    // 专利代理条例 is 6 characters: three lookups use the 18 a minute allows.
    for (let lookup = 0; lookup < 3; lookup += 1) expect((await lookUp(cookie)).status).toBe(200);
    ctx.clock.advance(20_000);
    const refused = await lookUp(cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: readingRateMessage(18, 40) } });
    expect(readingRateMessage(500_000, 40)).toBe('The dictionary has looked up 500,000 characters for you in the last minute. Try again in 40 seconds.');
    expect((await lookUp(otherCookie)).status).toBe(200);
    ctx.clock.advance(40_000);
    expect((await lookUp(cookie)).status).toBe(200);
  });
});
