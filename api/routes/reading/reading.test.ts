import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingResponse } from '../../shared/reading.ts';
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

  it('refuses an empty or an over-long text with a 400', async () => {
    expect((await post({ text: '' })).status).toBe(400);
    const long = await post({ text: '条'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: { code: 'bad_request' } });
  });
});
