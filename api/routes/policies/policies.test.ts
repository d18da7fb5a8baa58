import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { policies, subscriptions } from '../../../db/schema/index.ts';
import type { SubscriptionStatus } from '../../../vocabulary/subscription-status.ts';
import { indexAll, insertPolicies, type TestPolicy } from '../../search/testing.ts';
import type { PolicyCard, PolicyDetail } from '../../shared/search.ts';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

const fullContent = {
  description: 'Stored description',
  key_points: [
    { title: 'Scope', content: 'Applies to all commercial banks.' },
    { title: 'Deadline', content: 'Compliance within twelve months.' },
  ],
  analysis: ['Banks must classify their data.', 'Cross-border transfers need approval.'],
  impact_analysis: [{ industry_id: 1, details: 'Banks bear compliance costs.' }],
  implementation_timeline: [{ period: '2024 Q3', phase: 'Consultation', details: 'Comments until September.' }],
  topic_analysis: [{ topic_id: 22, details: 'A data security milestone.' }],
  related_policies: [] as { date: string; title: string; description: string; policy_id?: number }[],
};

const subject = {
  title: 'Rules on data security for banks',
  description: 'Banks must classify and protect their data.',
  departmentId: 2, // PBOC
  publishedOn: '2024-03-10',
  impact: 8,
  industries: ['Financial Services', 'Technology'],
  topics: ['DATASEC'],
  chineseOriginal: '中国人民银行\uFFFD发布   银行业数据安全管理办法。\uFFFD\n\n\n\n第一条   总则',
  englishTranslation: 'The full English translation.',
  sourceUrl: 'https://www.pbc.gov.cn/rules/1',
  fullContent,
} satisfies TestPolicy;

describe('policies: GET /api/policies/paginated, /api/policies/{id}, /api/policies/{id}/related', () => {
  let ctx: TestContext;
  let ids: {
    subject: number;
    chosen: number;
    sameDepartmentSharedTag: number;
    sharedIndustryAndTopic: number;
    sameDepartmentOnly: number;
    unrelated: number;
    older: number;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const [chosen, sameDepartmentSharedTag, sharedIndustryAndTopic, sameDepartmentOnly, unrelated, older] = await insertPolicies(ctx, [
      // Shares nothing with the subject: related only because the subject's editor said so.
      { title: 'Hospital procurement notice', departmentId: 13, publishedOn: '2023-02-01', industries: ['Healthcare'], topics: ['HEALTH'] },
      { title: 'PBOC fintech pilot', departmentId: 2, publishedOn: '2023-06-01', industries: ['Technology'] },
      { title: 'Data security for securities firms', departmentId: 1, publishedOn: '2024-01-01', industries: ['Financial Services'], topics: ['DATASEC'] },
      { title: 'PBOC interest rate notice', departmentId: 2, publishedOn: '2024-02-01', topics: ['RATES'] },
      { title: 'Renewable energy subsidies', departmentId: 7, publishedOn: '2024-05-01', industries: ['Energy'], topics: ['RENEW'] },
      { title: 'The oldest policy', departmentId: 9, publishedOn: '2020-01-01' },
    ]);
    fullContent.related_policies = [
      { date: '2023-02-01', title: 'Hospital procurement notice', description: '', policy_id: chosen! },
      { date: '2019-01-01', title: 'A policy we do not hold', description: '' },
    ];
    const [subjectId] = await insertPolicies(ctx, [subject]);
    ids = {
      subject: subjectId!,
      chosen: chosen!,
      sameDepartmentSharedTag: sameDepartmentSharedTag!,
      sharedIndustryAndTopic: sharedIndustryAndTopic!,
      sameDepartmentOnly: sameDepartmentOnly!,
      unrelated: unrelated!,
      older: older!,
    };
    await indexAll(ctx);
  });
  afterAll(() => ctx.close());

  async function subscribe(userId: number, status: SubscriptionStatus) {
    await ctx.db.insert(subscriptions).values({
      userId,
      provider: 'local',
      providerSubscriptionId: `sub_${userId}`,
      status,
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
  }

  describe('GET /api/policies/paginated', () => {
    it('answers the latest policies as cards for the ticker', async () => {
      const response = await ctx.request('/api/policies/paginated?page=1&pageSize=3&sortOrder=latest');
      expect(response.status).toBe(200);
      const body: { policies: PolicyCard[]; page: number; pageSize: number } = await response.json();
      expect(body.policies.map((policy) => policy.id)).toEqual([ids.unrelated, ids.subject, ids.sameDepartmentOnly]);
      expect(body.policies[1]).toEqual({
        id: ids.subject,
        title: subject.title,
        description: subject.description,
        time: '2024-03-10',
        departmentId: 2,
        departmentCode: 'PBOC',
        impact: 8,
        tags: [
          { kind: 'industry', name: 'Financial Services', industryId: 1, color: 'green' },
          { kind: 'industry', name: 'Technology', industryId: 2, color: 'green' },
          { kind: 'topic', name: 'Data Security', topicId: 22, code: 'DATASEC', color: 'blue' },
        ],
        translation: { status: 'machine', model: null, reviewedOn: null },
        effectiveness: 'unknown',
      } satisfies PolicyCard);
      expect(body).toMatchObject({ page: 1, pageSize: 3 });
    });

    it('pages, and sorts oldest first when asked', async () => {
      const second = await (await ctx.request('/api/policies/paginated?page=2&pageSize=3')).json();
      expect(second.policies.map((policy: PolicyCard) => policy.id)).toEqual([ids.sharedIndustryAndTopic, ids.sameDepartmentSharedTag, ids.chosen]);
      const oldest = await (await ctx.request('/api/policies/paginated?pageSize=1&sortOrder=oldest')).json();
      expect(oldest.policies.map((policy: PolicyCard) => policy.id)).toEqual([ids.older]);
      const beyond = await (await ctx.request('/api/policies/paginated?page=9&pageSize=3')).json();
      expect(beyond.policies).toEqual([]);
    });

    it.each([
      ['pageSize', 'pageSize=0'],
      ['pageSize', 'pageSize=101'],
      ['page', 'page=0'],
      ['sortOrder', 'sortOrder=random'],
    ])('refuses a bad %s (%s)', async (parameter, query) => {
      const response = await ctx.request(`/api/policies/paginated?${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(new RegExp(`^${parameter}: `));
    });
  });

  describe('GET /api/policies/{id}', () => {
    it('gives a visitor the preview only', async () => {
      const response = await ctx.request(`/api/policies/${ids.subject}`);
      expect(response.status).toBe(200);
      const body: PolicyDetail = await response.json();
      expect(body.preview).toBe(true);
      expect(body).not.toHaveProperty('english_translation');
      expect(body).not.toHaveProperty('chinese_original');
      expect(Object.keys(body.fullContent)).toEqual(['keyPoints']);
    });

    it('gives a signed-in reader without a subscription the preview: title, description, key points', async () => {
      const { cookie } = await createSignedInUser(ctx);
      const response = await ctx.request(`/api/policies/${ids.subject}`, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const body: PolicyDetail = await response.json();
      expect(body).toEqual({
        id: ids.subject,
        title: subject.title,
        description: subject.description,
        time: '2024-03-10',
        departmentId: 2,
        department: { id: 2, code: 'PBOC', fullName: "People's Bank of China" },
        impact: 8,
        tags: expect.any(Array),
        source_url: 'https://www.pbc.gov.cn/rules/1',
        // Inserted without them: neither the source nor an analysis gave a Chinese title or number.
        chinese_title: null,
        document_number: null,
        alsoPublishedAt: [],
        otherVersions: [],
        preview: true,
        fullContent: { keyPoints: fullContent.key_points },
        // Inserted past the policy write, its text was never read: nothing is known, nor said.
        effectiveness: { status: 'unknown', since: null, reason: '' },
        links: [],
        unresolvedCitations: [],
      });
      expect(JSON.stringify(body)).not.toMatch(/English translation|银行业|Banks bear|classify their data\./);
      // The detail page's tags in the spec's colours: industry green, topic blue.
      expect(body.tags.map((tag) => [tag.kind, tag.color])).toEqual([['industry', 'green'], ['industry', 'green'], ['topic', 'blue']]);
    });

    it.each([['trialing'], ['active']] as const)('gives a %s subscriber the full text and analysis', async (status) => {
      const { user, cookie } = await createSignedInUser(ctx);
      await subscribe(user.id, status);
      const body: PolicyDetail = await (await ctx.request(`/api/policies/${ids.subject}`, { cookie })).json();
      expect(body.preview).toBe(false);
      expect(body.english_translation).toBe('The full English translation.');
      expect(body.chinese_original).toBe('中国人民银行发布 银行业数据安全管理办法。\n\n第一条 总则');
      expect(body.translation).toEqual({ status: 'machine', reviewedAt: null, model: null });
      expect(body.fullContent).toEqual({
        keyPoints: fullContent.key_points,
        analysis: fullContent.analysis,
        impactAnalysis: [{ industryId: 1, industryName: 'Financial Services', details: 'Banks bear compliance costs.' }],
        implementationTimeline: fullContent.implementation_timeline,
        topicAnalysis: [{ topicId: 22, topicName: 'Data Security', details: 'A data security milestone.' }],
        relatedPolicies: [
          { date: '2023-02-01', title: 'Hospital procurement notice', description: '', policyId: ids.chosen },
          { date: '2019-01-01', title: 'A policy we do not hold', description: '', policyId: null },
        ],
      });
    });

    it("says whose translation it is: reviewed by an editor on a date, or none yet", async () => {
      const { cookie } = await createSignedInUser(ctx, { role: 'editor' });
      const [reviewedId, pendingId] = await insertPolicies(ctx, [
        { title: 'Reviewed one', departmentId: 4, publishedOn: '2024-04-04', englishTranslation: 'Checked text.' },
        { title: 'Untranslated one', departmentId: 4, publishedOn: '2024-04-04', englishTranslation: null },
      ]);
      await ctx.db.update(policies).set({ translationReviewedAt: new Date('2026-02-03T12:00:00Z') }).where(eq(policies.id, reviewedId!));
      const reviewed: PolicyDetail = await (await ctx.request(`/api/policies/${reviewedId}`, { cookie })).json();
      expect(reviewed.translation).toEqual({ status: 'reviewed', reviewedAt: '2026-02-03T12:00:00.000Z', model: null });
      const pending: PolicyDetail = await (await ctx.request(`/api/policies/${pendingId}`, { cookie })).json();
      expect(pending.translation).toEqual({ status: 'pending', reviewedAt: null, model: null });
    });

    it('keeps the preview for a lapsed subscription', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      await subscribe(user.id, 'unpaid');
      expect((await (await ctx.request(`/api/policies/${ids.subject}`, { cookie })).json()).preview).toBe(true);
    });

    it('gives staff the full text without a subscription', async () => {
      const { cookie } = await createSignedInUser(ctx, { role: 'editor' });
      const body: PolicyDetail = await (await ctx.request(`/api/policies/${ids.subject}`, { cookie })).json();
      expect(body.preview).toBe(false);
      expect(body.english_translation).toBe('The full English translation.');
    });

    it('reads full content stored as a JSON string with camelCase keys', async () => {
      const [id] = await insertPolicies(ctx, [{ title: 'Imported policy', departmentId: 4, publishedOn: '2024-04-04' }]);
      const stored = JSON.stringify({ keyPoints: [{ title: 'Imported', content: 'From an old export' }, { nonsense: true }], analysis: 'not a list' });
      await ctx.sql`update policies set full_content = to_jsonb(${stored}::text) where id = ${id!}`;
      const { cookie } = await createSignedInUser(ctx, { role: 'admin' });
      const body: PolicyDetail = await (await ctx.request(`/api/policies/${id}`, { cookie })).json();
      expect(body.fullContent.keyPoints).toEqual([{ title: 'Imported', content: 'From an old export' }]);
      expect(body.fullContent.analysis).toEqual([]);
    });

    it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
      const { cookie } = await createSignedInUser(ctx);
      expect((await ctx.request('/api/policies/999999', { cookie })).status).toBe(404);
      const malformed = await ctx.request('/api/policies/abc', { cookie });
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).error.message).toMatch(/^id: /);
    });
  });

  describe('GET /api/policies/{id}/related', () => {
    it("lists the policy's own related policies first, then the most similar by department, industries and topics", async () => {
      const response = await ctx.request(`/api/policies/${ids.subject}/related`);
      expect(response.status).toBe(200);
      const { policies }: { policies: PolicyCard[] } = await response.json();
      expect(policies.map((policy) => policy.id)).toEqual([
        ids.chosen,
        // Same department and a shared industry or topic.
        ids.sameDepartmentSharedTag,
        // A shared industry and topic.
        ids.sharedIndustryAndTopic,
        // Same department only.
        ids.sameDepartmentOnly,
      ]);
      expect(policies[1]).toMatchObject({ title: 'PBOC fintech pilot', departmentCode: 'PBOC', tags: [{ kind: 'industry', name: 'Technology' }] });
    });

    it('takes a limit', async () => {
      const { policies } = await (await ctx.request(`/api/policies/${ids.subject}/related?limit=2`)).json();
      expect(policies.map((policy: PolicyCard) => policy.id)).toEqual([ids.chosen, ids.sameDepartmentSharedTag]);
      expect((await ctx.request(`/api/policies/${ids.subject}/related?limit=0`)).status).toBe(400);
    });

    it('answers 404 for an unknown policy', async () => {
      expect((await ctx.request('/api/policies/999999/related')).status).toBe(404);
    });
  });
});
