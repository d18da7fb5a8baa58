import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policies } from '../../db/schema/index.ts';
import { createPolicy } from '../../db/testing.ts';
import { indexAll } from '../../indexer/testing.ts';
import { createStory } from '../stories/testing.ts';
import { adminRoleMatrix, createSubscriber, signInEveryRole, type Caller } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { backfillDocumentFacts } from './backfill-document-facts.ts';
import { loadHeldOutSet } from './documents/held-out-set.ts';
import { processStory } from './process.ts';
import { createRulesAnalyser } from './rules/index.ts';

/**
 * Issue 44 item 5: every policy gets its Chinese title and document number, from the source or the
 * text, and they are shown, exported, searchable and editable. A real gov.cn document
 * (govcn-13, 国办发〔2018〕118号) whose story carries its list page's Chinese title.
 */
const document = loadHeldOutSet().find((entry) => entry.file === 'govcn-13.txt')!;

let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let subscriber: string;
let policyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookies } = await signInEveryRole(ctx));
  subscriber = (await createSubscriber(ctx)).cookie;
  const story = await createStory(ctx.db, { title: document.expected.chineseTitle, url: document.url, chineseText: document.story.chineseText, status: 'processing' });
  const analyser = createRulesAnalyser({ now: () => new Date('2026-11-27T00:00:00Z') });
  expect(await processStory({ db: ctx.db, analyser, now: () => new Date(), timeoutMs: 30_000 }, story.id, { retryCount: 0, retryLimit: 0 })).toBe('processed');
  const [policy] = await ctx.db.select().from(policies).where(eq(policies.sourceUrl, document.url));
  policyId = policy!.id;
});
afterAll(() => ctx.close());

describe('a policy’s Chinese title and document number', () => {
  it('are stored from the story and its text, and shown on the detail page’s answer', async () => {
    const [policy] = await ctx.db.select().from(policies).where(eq(policies.id, policyId));
    expect(policy).toMatchObject({ chineseTitle: document.expected.chineseTitle, documentNumber: '国办发〔2018〕118号' });
    const detail = await (await ctx.request(`/api/policies/${policyId}`, { cookie: subscriber })).json();
    expect(detail).toMatchObject({ chinese_title: document.expected.chineseTitle, document_number: '国办发〔2018〕118号' });
  });

  it('a search by the document number finds the document, for a visitor too (who searches no full text)', async () => {
    // A number written nowhere else (not in the title, the description line or the text): only the field can match.
    expect((await ctx.request(`/api/admin/policies/${policyId}`, { method: 'PATCH', json: { document_number: '国办函〔2099〕77号' }, cookie: cookies.admin })).status).toBe(200);
    await indexAll(ctx);
    const answer = await (await ctx.request(`/api/search?q=${encodeURIComponent('国办函〔2099〕77号')}`)).json();
    expect(answer.policies.map((policy: { id: number }) => policy.id)).toEqual([policyId]);
    expect((await ctx.request(`/api/admin/policies/${policyId}`, { method: 'PATCH', json: { document_number: '国办发〔2018〕118号' }, cookie: cookies.admin })).status).toBe(200);
  });

  it('the CSV export has a Document Number column holding it', async () => {
    await indexAll(ctx);
    const csv = await (await ctx.request(`/api/search/export?format=csv&q=${encodeURIComponent('国办发〔2018〕118号')}`, { cookie: subscriber })).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toContain('Chinese Title,Document Number');
    expect(row).toContain(`${document.expected.chineseTitle},国办发〔2018〕118号`);
  });

  it.each(adminRoleMatrix)('the editor saves them: %s gets %i', async (caller, status) => {
    const cookie = caller === 'anonymous' ? undefined : cookies[caller];
    const number = `国办发〔2018〕118号（${caller}）`;
    const saved = await ctx.request(`/api/admin/policies/${policyId}`, { method: 'PATCH', json: { document_number: ` ${number} ` }, cookie });
    expect(saved.status).toBe(status);
    const [policy] = await ctx.db.select({ documentNumber: policies.documentNumber }).from(policies).where(eq(policies.id, policyId));
    expect(policy!.documentNumber === number).toBe(status === 200);
  });

  it('the editor opens them', async () => {
    const opened = await ctx.request(`/api/admin/policies/${policyId}`, { cookie: cookies.admin });
    expect(await opened.json()).toMatchObject({ chinese_title: document.expected.chineseTitle, document_number: '国办发〔2018〕118号（super_admin）' });
  });

  it('refuses a document number longer than 100 characters with the field’s message', async () => {
    const response = await ctx.request(`/api/admin/policies/${policyId}`, { method: 'PATCH', json: { document_number: '号'.repeat(101) }, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('Document number must be at most 100 characters');
  });
});

describe('the backfill of existing policies', () => {
  it('fills an older policy’s empty Chinese title and number from its own text, once', async () => {
    const older = loadHeldOutSet().find((entry) => entry.file === 'govcn-20.txt')!;
    const policy = await createPolicy(ctx.db, { title: 'Earthquake monitoring notice', chineseOriginal: older.story.chineseText, chineseTitle: null, documentNumber: null });
    expect(await backfillDocumentFacts(ctx.db)).toBeGreaterThanOrEqual(1);
    const [after] = await ctx.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(after).toMatchObject({ chineseTitle: older.expected.chineseTitle, documentNumber: older.expected.documentNumber });
    expect(await backfillDocumentFacts(ctx.db)).toBe(0);
  });
});
