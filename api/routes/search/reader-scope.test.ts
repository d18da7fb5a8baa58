import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexAll, insertPolicies } from '../../search/testing.ts';
import { createSignedInUser, createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/**
 * Search sees what the reader may read (docs/principles.md): the full English translation and the Chinese
 * original are a subscriber's; a visitor or a reader without a subscription gets no match, count,
 * highlight or suggestion from them, on every search path.
 */
describe('search sees what the reader may read', () => {
  let ctx: TestContext;
  let ids: { paid: number; open: number };
  const readers: Record<'visitor' | 'reader' | 'subscriber' | 'editor', string | undefined> = {
    visitor: undefined,
    reader: undefined,
    subscriber: undefined,
    editor: undefined,
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const [paid, open] = await insertPolicies(ctx, [
      {
        title: 'Notice on settlement accounts',
        description: 'Rules for settlement accounts of payment institutions.',
        departmentId: 2,
        publishedOn: '2024-05-01',
        industries: ['Financial Services'],
        englishTranslation: 'Article 9 sets the quarantine ledger requirement for custodians.',
        chineseOriginal: '第九条 托管机构应当建立隔离账簿制度。',
      },
      { title: 'Guidelines on cloud services', description: 'Cloud rules.', departmentId: 4, publishedOn: '2024-06-01', industries: ['Technology'] },
    ]);
    ids = { paid: paid!, open: open! };
    await indexAll(ctx);

    readers.reader = (await createSignedInUser(ctx)).cookie;
    readers.subscriber = (await createSubscriber(ctx)).cookie;
    readers.editor = (await createSignedInUser(ctx, { role: 'editor' })).cookie;
  });
  afterAll(() => ctx.close());

  const get = (path: string, cookie: string | undefined) => ctx.request(path, cookie ? { cookie } : {});

  const paidWords = ['quarantine ledger', '隔离账簿', 'custodians'];
  const cases = [
    ['visitor', false],
    ['reader', false],
    ['subscriber', true],
    ['editor', true],
  ] as const;

  for (const [who, entitled] of cases) {
    it(`${who}: GET /api/search ${entitled ? 'finds' : 'finds nothing, counts nothing'} by words of the full texts`, async () => {
      for (const q of paidWords) {
        const response = await get(`/api/search?q=${encodeURIComponent(q)}`, readers[who]);
        expect(response.status).toBe(200);
        const body = await response.json();
        expect(body.policies.map((policy: { id: number }) => policy.id), q).toEqual(entitled ? [ids.paid] : []);
        expect(body.total, q).toBe(entitled ? 1 : 0);
        const counted = Object.values(body.facets as Record<string, Record<string, number>>).flatMap((counts) => Object.values(counts));
        expect(counted.length > 0, q).toBe(entitled);
      }
      // What everyone may read is found by everyone.
      const title = await (await get('/api/search?q=settlement', readers[who])).json();
      expect(title.policies.map((policy: { id: number }) => policy.id)).toEqual([ids.paid]);
    });

    it(`${who}: suggestions ${entitled ? 'come' : 'never come'} from the full texts`, async () => {
      for (const q of paidWords) {
        const body = await (await get(`/api/search/suggest?q=${encodeURIComponent(q)}`, readers[who])).json();
        expect(body.suggestions.map((suggestion: { id: number }) => suggestion.id), q).toEqual(entitled ? [ids.paid] : []);
      }
    });

    it(`${who}: a phrase of the full translation ${entitled ? 'is found and counted' : 'finds nothing and counts nothing'}`, async () => {
      const body = await (await get(`/api/search?q=${encodeURIComponent('"quarantine ledger"')}`, readers[who])).json();
      expect(body.policies.map((policy: { id: number }) => policy.id)).toEqual(entitled ? [ids.paid] : []);
      expect(Object.keys(body.facets.departments)).toEqual(entitled ? ['PBOC'] : []);
    });

    it(`${who}: a result card ${entitled ? 'shows' : 'never shows'} the passage of the full translation that matched`, async () => {
      const body = await (await get('/api/search?q=custodians', readers[who])).json();
      if (entitled) {
        const passage = body.policies[0].highlight.passage as { text: string; match: boolean }[];
        expect(passage.filter((part) => part.match).map((part) => part.text)).toEqual(['custodians']);
        expect(passage.map((part) => part.text).join('')).toBe('Article 9 sets the quarantine ledger requirement for custodians.');
      } else {
        expect(body.policies).toEqual([]);
      }
    });
  }

  it('related policies search no text at all: the same list for every reader', async () => {
    const lists = await Promise.all(
      cases.map(async ([who]) => (await (await get(`/api/policies/${ids.open}/related`, readers[who])).json()) as unknown),
    );
    for (const list of lists) expect(list).toEqual(lists[0]);
  });
});
