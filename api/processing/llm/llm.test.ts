import { afterEach, describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../documents/labelled-set.ts';
import { alignParagraphs, paragraphsOf } from '../../shared/bilingual-alignment.ts';
import { askedText, completion, fakeTranslation, startChatServer, validAnswer, type ChatReply, type ChatRequest, type ChatServer } from './chat-server.ts';
import { createLlmAnalyser, sections } from './index.ts';
import { industryIdOf } from './industries.ts';
import { industryList } from '../../../db/reference-data.ts';

const documents = loadLabelledSet();
const story = (file: string) => documents.find((document) => document.file === file)!.story;

let server: ChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function analyserAgainst(answer: (request: ChatRequest, index: number) => ChatReply | Promise<ChatReply>, options: { sectionCharacters?: number; maxRetries?: number } = {}) {
  server = await startChatServer(answer);
  return createLlmAnalyser({ baseURL: server.url, apiKey: 'test-key', model: 'test-model', sectionCharacters: options.sectionCharacters ?? 12_000, maxRetries: options.maxRetries ?? 2 });
}
const ok = (request: ChatRequest, overrides: Record<string, unknown> = {}): ChatReply => ({ body: validAnswer(request, overrides) });

describe('the LLM analyser against an OpenAI-compatible server', () => {
  it('sends the real document with a strict JSON schema and maps a good answer to the product ids', async () => {
    const analyser = await analyserAgainst((request) => ok(request));
    const analysis = await analyser.analyse(story('govcn-16.txt'), AbortSignal.timeout(10_000));
    const [request] = server!.requests;
    expect(request!.model).toBe('test-model');
    expect(request!.messages.at(-1)!.content).toContain('国务院决定在海南博鳌乐城国际医疗旅游先行区暂时调整实施');
    expect(request!.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'policy_analysis', strict: true } });
    expect(analysis).toMatchObject({
      departmentId: 4,
      publishedOn: '2018-12-21',
      englishTranslation: 'In order to further support Hainan Province...',
      industries: [{ industryId: expect.any(Number), details: 'Imported drugs for designated hospitals.' }],
      impact: 5,
      usage: { analyser: 'llm:test-model', tokens: 100 },
    });
    expect(analyser.name).toBe('llm:test-model');
  });

  it('merges an industry the answer names twice into one entry with both details', async () => {
    const twice = [
      { industry: 'Healthcare', details: 'Imported drugs for designated hospitals.' },
      { industry: 'Healthcare', details: 'Clinical use of imported devices.' },
    ];
    const analyser = await analyserAgainst((request) => ok(request, { industries: twice }));
    const analysis = await analyser.analyse(story('govcn-16.txt'), AbortSignal.timeout(10_000));
    expect(analysis.industries).toHaveLength(1);
    expect(analysis.industries[0]!.details).toBe('Imported drugs for designated hospitals. Clinical use of imported devices.');
  });

  it("maps an answer's near industry names to the vocabulary's, merges what lands on one industry, and leaves out what is none of ours", async () => {
    // As models answer: a sector by another name, twice in other words, and an industry the product has not.
    const loose = [
      { industry: 'Pharmaceuticals', details: 'Imported drugs not yet approved in China may be used in the pilot zone.' },
      { industry: 'Health care', details: 'Designated hospitals in Boao Lecheng take urgent cases.' },
      { industry: 'Tourism', details: 'Medical tourism to Hainan.' },
      { industry: 'medical devices industry', details: 'Imported devices for clinical use.' },
      { industry: 'Insurance', details: 'Commercial insurance may cover the imported treatments.' },
    ];
    const analyser = await analyserAgainst((request) => ok(request, { industries: loose }));
    const analysis = await analyser.analyse(story('govcn-16.txt'), AbortSignal.timeout(10_000));
    const idOf = (name: string) => industryList.find((industry) => industry.name === name)!.id;
    expect(analysis.industries).toEqual([
      {
        industryId: idOf('Healthcare'),
        details: 'Imported drugs not yet approved in China may be used in the pilot zone. Designated hospitals in Boao Lecheng take urgent cases. Imported devices for clinical use.',
      },
      { industryId: idOf('Financial Services'), details: 'Commercial insurance may cover the imported treatments.' },
    ]);
    // The schema asks for the vocabulary's names, and says which.
    expect(JSON.stringify(server!.requests[0]!.response_format)).toContain('One of: Financial Services, Technology, Manufacturing');
  });

  it('reads the names models give the vocabulary: case, "and" for "&", British spellings, "industry"/"sector", plurals, near names', () => {
    const idOf = (name: string) => industryList.find((industry) => industry.name === name)!.id;
    expect(industryIdOf('Aerospace and Defence')).toBe(idOf('Aerospace & Defense'));
    expect(industryIdOf('media and entertainment')).toBe(idOf('Media & Entertainment'));
    expect(industryIdOf('TELECOMS')).toBe(idOf('Telecommunications'));
    expect(industryIdOf('Real estate sector')).toBe(idOf('Real Estate'));
    expect(industryIdOf('Banking')).toBe(idOf('Financial Services'));
    expect(industryIdOf('Automobiles')).toBe(idOf('Automotive'));
    expect(industryIdOf('Chemical industry')).toBe(idOf('Chemicals'));
    expect(industryIdOf('Consumer goods')).toBe(idOf('Consumer Goods'));
    for (const industry of industryList) expect(industryIdOf(industry.name), industry.name).toBe(industry.id);
    expect(industryIdOf('Medical devices industry')).toBe(idOf('Healthcare'));
    expect(industryIdOf('Tourism')).toBeNull();
  });

  it('asks again after malformed JSON, and gives up with the reason when it stays malformed', async () => {
    const recovering = await analyserAgainst((request, index) => (index === 0 ? { body: completion('{"title": "Decision on') } : ok(request)));
    const analysis = await recovering.analyse(story('govcn-16.txt'), AbortSignal.timeout(10_000));
    expect(server!.requests).toHaveLength(2);
    expect(analysis.usage.tokens).toBe(200);
    await server!.close();

    const broken = await analyserAgainst(() => ({ body: completion('not json at all') }));
    await expect(broken.analyse(story('govcn-16.txt'), AbortSignal.timeout(10_000))).rejects.toThrow("The model's answer was unusable after 3 tries: the answer was not JSON");
    expect(server!.requests).toHaveLength(3);
  });

  it('refuses an answer that breaks the schema (a score of 11, a department the product does not know)', async () => {
    const analyser = await analyserAgainst((request) => ok(request, { importance: 11, department: 'CIA' }));
    const failure = analyser.analyse(story('govcn-16.txt'), AbortSignal.timeout(10_000));
    await expect(failure).rejects.toThrow(/the answer broke the schema: .*importance/s);
    await expect(failure).rejects.toThrow(/department/);
  });

  it('waits as a 429 Retry-After says, then succeeds', async () => {
    const analyser = await analyserAgainst((request, index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } } } : ok(request),
    );
    const started = Date.now();
    await analyser.analyse(story('govcn-16.txt'), AbortSignal.timeout(10_000));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server!.requests).toHaveLength(2);
  });

  it('gives up at the timeout when the server never answers', async () => {
    const analyser = await analyserAgainst(() => 'hang');
    const started = Date.now();
    const signal = AbortSignal.timeout(500);
    await expect(analyser.analyse(story('govcn-16.txt'), signal)).rejects.toThrow();
    expect(signal.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('translates a long document section by section, in order, and analyses its opening', async () => {
    const long = story('lawrefbook-05.txt');
    expect(long.chineseText.length).toBeGreaterThan(12_000);
    const analyser = await analyserAgainst((request) => ok(request));
    const analysis = await analyser.analyse(long, AbortSignal.timeout(30_000));
    const parts = sections(long.chineseText.trim(), 12_000);
    expect(parts.length).toBeGreaterThan(1);
    const [first, ...translations] = server!.requests;
    expect(first!.response_format!.json_schema!.name).toBe('policy_analysis');
    expect(JSON.stringify(first!.response_format!.json_schema!.schema)).not.toContain('englishTranslation');
    expect(translations.map((request) => request.response_format!.json_schema!.name)).toEqual(parts.map(() => 'section_translation'));
    translations.forEach((request, index) => expect(request.messages.at(-1)!.content).toContain(parts[index]!));
    expect(analysis.englishTranslation).toBe(translations.map((request) => fakeTranslation(askedText(request))).join('\n\n'));
    expect(analysis.englishTranslation).toMatch(/^Article 1 \[English of \d+ characters\]$/m);
    expect(analysis.usage.tokens).toBe(100 * (parts.length + 1));
  });

  it('asks for the numbering to be kept, and asks again for a translation that lost an article number', async () => {
    const regulation = story('lawrefbook-06.txt');
    expect(regulation.chineseText.length).toBeLessThan(12_000);
    const analyser = await analyserAgainst((request, index) =>
      // The first answer renders 第三条 as a bare paragraph: the side-by-side view could not align it.
      index === 0 ? ok(request, { englishTranslation: fakeTranslation(askedText(request)).replace(/^Article 3 /m, '') }) : ok(request),
    );
    const analysis = await analyser.analyse(regulation, AbortSignal.timeout(10_000));
    expect(server!.requests).toHaveLength(2);
    expect(server!.requests[0]!.messages[0]!.content).toContain('第X条 as "Article X"');
    const rows = alignParagraphs(regulation.chineseText, analysis.englishTranslation);
    const articles = paragraphsOf(regulation.chineseText).filter((paragraph) => /^第[一二三四五六七八九十]+条/.test(paragraph));
    expect(articles.length).toBeGreaterThan(5);
    expect(rows.filter((row) => row.anchor?.startsWith('article '))).toHaveLength(articles.length);
    expect(analysis.translationModel).toBe('test-model');
  });

  it('gives up with the reason when every answer loses the numbering', async () => {
    const analyser = await analyserAgainst((request) => ok(request, { englishTranslation: 'The whole regulation in one paragraph.' }));
    await expect(analyser.analyse(story('lawrefbook-06.txt'), AbortSignal.timeout(10_000))).rejects.toThrow(/the translation lost the numbering of article 1, article 2/);
  });

  it('cuts sections at line breaks, each within the limit, losing nothing', () => {
    const text = story('lawrefbook-05.txt').chineseText.trim();
    const parts = sections(text, 5000);
    expect(parts.every((part) => part.length <= 5000)).toBe(true);
    expect(parts.join('\n')).toBe(text);
  });
});
