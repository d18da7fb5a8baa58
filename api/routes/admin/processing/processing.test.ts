import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePolicy } from '../../../../db/demo-data.ts';
import { savePolicy } from '../../../../db/policies.ts';
import { auditLog, pendingStories, policies, policyCitations, policyIndustries, policyTopics } from '../../../../db/schema/index.ts';
import { eventually, indexAll } from '../../../../indexer/testing.ts';
import { startJobQueue, type JobQueue } from '../../../jobs/queue.ts';
import { loadStoryJobSettings } from '../../../processing/config.ts';
import { loadLabelledSet } from '../../../processing/documents/labelled-set.ts';
import { maxPreviewPolicies, previewTooLargeMessage } from '../../../processing/preview.ts';
import { createRulesAnalyser } from '../../../processing/rules/index.ts';
import { createStory as createStoryThroughIntake } from '../../../stories/testing.ts';
import { adminRoleMatrix, signInEveryRole, testPassword, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { runWorker } from '../../../worker/run.ts';

const documents = loadLabelledSet();
const document = (file: string) => documents.find((entry) => entry.file === file)!.story;

let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let adminId: number;
let storyCount = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const everyone = await signInEveryRole(ctx);
  cookies = everyone.cookies;
  adminId = everyone.ids.admin!;
});
afterAll(() => ctx.close());

/** A story as the scrapers store it: a real document's title and text, under a URL of its own. */
async function createStory(file = 'govcn-16.txt', fields: Partial<Parameters<typeof createStoryThroughIntake>[1]> = {}) {
  storyCount += 1;
  const source = document(file);
  return createStoryThroughIntake(ctx.db, { title: source.title, url: `${source.url}?copy=${storyCount}`, chineseText: source.chineseText, ...fields });
}
const stored = async (id: number) => (await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, id)))[0]!;

async function createPolicy(fields: { chineseOriginal?: string | null } = {}) {
  return ctx.db.transaction(async (tx) =>
    (await savePolicy(tx, null, { title: 'A policy', publishedOn: '2026-01-01', departmentId: 4, chineseOriginal: '国务院关于有关事项的通知', ...fields }, { kind: 'analyser', at: new Date() })).id,
  );
}

/** A demo policy as `make dev` seeds it: English title, description, translation, key points and analysis, six tags. */
async function createEnglishPolicy() {
  const demo = generatePolicy(42, 6);
  const fields = {
    title: demo.title,
    description: demo.description,
    publishedOn: demo.publishedOn,
    departmentId: demo.departmentId,
    impact: demo.impact,
    sourceUrl: `${demo.sourceUrl}?copy=${(storyCount += 1)}`,
    chineseOriginal: demo.chineseOriginal,
    englishTranslation: demo.englishTranslation,
    fullContent: demo.fullContent,
    industryIds: demo.industries.map((industry) => industry.industryId),
    topicIds: demo.topics.map((topic) => topic.topicId),
  };
  const id = await ctx.db.transaction(async (tx) => (await savePolicy(tx, null, fields, { kind: 'analyser', at: new Date() })).id);
  return { id, demo };
}

async function tagsOf(policyId: number) {
  const industries = await ctx.db.select({ id: policyIndustries.industryId }).from(policyIndustries).where(eq(policyIndustries.policyId, policyId));
  const topics = await ctx.db.select({ id: policyTopics.topicId }).from(policyTopics).where(eq(policyTopics.policyId, policyId));
  return [...industries.map((row) => `industry ${row.id}`), ...topics.map((row) => `topic ${row.id}`)];
}

/** The jobs in pg-boss's tables for a queue, with their payloads. */
async function jobs(name: string) {
  return ctx.sql<{ data: Record<string, unknown>; state: string }[]>`select data, state::text from pgboss.job where name = ${name} order by created_on`;
}

describe('role matrix', () => {
  // Each call, and whether it took effect: the story in processing, the audit row, the job.
  const calls: [string, (who: Caller) => Promise<{ response: Response; tookEffect: () => Promise<boolean> }>][] = [
    [
      'POST /api/admin/process-stories',
      async (who) => {
        const story = await createStory();
        const response = await ctx.request('/api/admin/process-stories', { json: { storyIds: [story.id] }, cookie: cookies[who] });
        return { response, tookEffect: async () => (await stored(story.id)).status === 'processing' };
      },
    ],
    [
      'POST /api/admin/reset-processing',
      async (who) => {
        const before = await ctx.db.$count(auditLog, eq(auditLog.action, 'processing_reset'));
        const response = await ctx.request('/api/admin/reset-processing', { json: { password: testPassword }, cookie: cookies[who] });
        return { response, tookEffect: async () => (await ctx.db.$count(auditLog, eq(auditLog.action, 'processing_reset'))) > before };
      },
    ],
    [
      'POST /api/admin/reprocess-policy/{id}',
      async (who) => {
        const id = await createPolicy();
        const response = await ctx.request(`/api/admin/reprocess-policy/${id}`, { json: {}, cookie: cookies[who] });
        return { response, tookEffect: async () => (await jobs('reprocess-policy')).some((job) => job.data.policyId === id) };
      },
    ],
    [
      'POST /api/admin/reprocess-policies',
      async (who) => {
        const id = await createPolicy();
        const response = await ctx.request('/api/admin/reprocess-policies', { json: { policyIds: [id] }, cookie: cookies[who] });
        return { response, tookEffect: async () => (await jobs('reprocess-policy')).some((job) => job.data.policyId === id) };
      },
    ],
    [
      'POST /api/admin/reprocess-policy/{id}/preview',
      async (who) => {
        const id = await createPolicy();
        const response = await ctx.request(`/api/admin/reprocess-policy/${id}/preview`, { json: {}, cookie: cookies[who] });
        return { response, tookEffect: async () => (await response.clone().json()).policies === 1 };
      },
    ],
    [
      'POST /api/admin/reprocess-policies/preview',
      async (who) => {
        const id = await createPolicy();
        const response = await ctx.request('/api/admin/reprocess-policies/preview', { json: { policyIds: [id] }, cookie: cookies[who] });
        return { response, tookEffect: async () => (await response.clone().json()).policies === 1 };
      },
    ],
  ];
  for (const [call, send] of calls) {
    it.each(adminRoleMatrix)(`${call} as %s answers %i, and takes effect only when allowed`, async (who, status) => {
      const { response, tookEffect } = await send(who);
      expect(response.status).toBe(status);
      expect(await tookEffect()).toBe(status === 200);
    });
  }
});

describe('POST /api/admin/process-stories', () => {
  it('marks the named stories processing and enqueues one job each, in one transaction', async () => {
    const [first, second, processed] = [await createStory(), await createStory(), await createStory('govcn-16.txt', { status: 'processed' })];
    const response = await ctx.request('/api/admin/process-stories', { json: { storyIds: [first.id, second.id, processed.id, 999_999] }, cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Processing 2 stories', queued: 2, skipped: 2 });
    expect((await stored(first.id)).status).toBe('processing');
    expect((await stored(processed.id)).status).toBe('processed');
    const queued = (await jobs('process-story')).map((job) => job.data.storyId);
    expect(queued).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(queued).not.toContain(processed.id);
  });

  it('with an empty list, takes every pending story; a failed one is retried only when named', async () => {
    const own = await createTestContext();
    try {
      const { cookies: theirs } = await signInEveryRole(own);
      const rows = [
        await createStoryThroughIntake(own.db, { title: '一', url: 'https://www.gov.cn/1', chineseText: '内容', status: 'pending' }),
        await createStoryThroughIntake(own.db, { title: '二', url: 'https://www.gov.cn/2', chineseText: '内容', status: 'failed', error: 'timeout' }),
        await createStoryThroughIntake(own.db, { title: '三', url: 'https://www.gov.cn/3', chineseText: '内容', status: 'pending' }),
      ];
      const all = await (await own.request('/api/admin/process-stories', { json: { storyIds: [] }, cookie: theirs.admin })).json();
      expect(all).toEqual({ message: 'Processing 2 stories', queued: 2, skipped: 0 });
      const retry = await (await own.request('/api/admin/process-stories', { json: { storyIds: [rows[1]!.id] }, cookie: theirs.admin })).json();
      expect(retry).toEqual({ message: 'Processing 1 story', queued: 1, skipped: 0 });
      const [story] = await own.db.select().from(pendingStories).where(eq(pendingStories.id, rows[1]!.id));
      expect(story).toMatchObject({ status: 'processing', error: null });
      const none = await (await own.request('/api/admin/process-stories', { json: {}, cookie: theirs.admin })).json();
      expect(none).toEqual({ message: 'No stories to process', queued: 0, skipped: 0 });
    } finally {
      await own.close();
    }
  });

  it.each([
    ['a string', { storyIds: 'all' }, 'storyIds: storyIds must be a list of story ids'],
    ['id 0', { storyIds: [0] }, 'storyIds.0: each story id must be a positive whole number'],
    ['an unknown field', { storyIds: [1], extra: true }, 'Unrecognized key: "extra"'],
    ['1001 ids', { storyIds: Array.from({ length: 1001 }, (_, index) => index + 1) }, 'storyIds: storyIds may name at most 1000 stories'],
  ])('refuses %s with 400', async (_, body, message) => {
    const response = await ctx.request('/api/admin/process-stories', { json: body, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(message);
  });
});

describe('ids past the id column (2,147,483,647) are a 400 naming the id, and nothing is queued', () => {
  const tooLarge = [2_147_483_648, 3_000_000_000];

  it.each(tooLarge)('process-stories with story id %i', async (id) => {
    const story = await createStory();
    const response = await ctx.request('/api/admin/process-stories', { json: { storyIds: [story.id, id] }, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('storyIds.1: each story id must be at most 2147483647');
    expect((await stored(story.id)).status).toBe('pending');
    expect((await jobs('process-story')).map((job) => job.data.storyId)).not.toContain(story.id);
  });

  it.each(tooLarge)('reprocess-policies with policy id %i', async (id) => {
    const policy = await createPolicy();
    const response = await ctx.request('/api/admin/reprocess-policies', { json: { policyIds: [policy, id] }, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('policyIds.1: each policy id must be at most 2147483647');
    expect((await jobs('reprocess-policy')).map((job) => job.data.policyId)).not.toContain(policy);
  });
});

describe('POST /api/admin/reset-processing', () => {
  it('checks the password again, returns stuck stories to pending and writes an audit row', async () => {
    const stuck = await createStory('govcn-16.txt', { status: 'processing' });
    const wrong = await ctx.request('/api/admin/reset-processing', { json: { password: 'not-the-password' }, cookie: cookies.admin });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe('Invalid password. Please try again.');
    expect((await stored(stuck.id)).status).toBe('processing');

    const right = await ctx.request('/api/admin/reset-processing', { json: { password: testPassword }, cookie: cookies.admin });
    expect(right.status).toBe(200);
    expect((await right.json()).message).toMatch(/^Processing state reset: \d+ stor(y|ies) returned to pending$/);
    expect((await stored(stuck.id)).status).toBe('pending');
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'processing_reset'), eq(auditLog.actorId, adminId)));
    expect(audit).toBeDefined();
  });

  it('refuses a blank password with the field rule', async () => {
    const response = await ctx.request('/api/admin/reset-processing', { json: { password: '' }, cookie: cookies.admin });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('password: Password is required');
  });
});

describe('reprocessing calls', () => {
  it('reprocess-policy enqueues one job; 404 for no policy, 422 for a policy with no Chinese text', async () => {
    const id = await createPolicy();
    const response = await ctx.request(`/api/admin/reprocess-policy/${id}`, { method: 'POST', cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ policyId: id, message: 'Policy reprocessing initiated' });
    expect((await jobs('reprocess-policy')).map((job) => job.data)).toContainEqual({ policyId: id, overwriteEdited: false });
    expect((await ctx.request('/api/admin/reprocess-policy/999999', { json: {}, cookie: cookies.admin })).status).toBe(404);
    const empty = await ctx.request(`/api/admin/reprocess-policy/${await createPolicy({ chineseOriginal: null })}`, { json: {}, cookie: cookies.admin });
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.message).toBe('This policy has no Chinese text to analyse');
  });

  it('reprocess-policies enqueues the batch in one call and names what it left out', async () => {
    const [a, b, blank] = [await createPolicy(), await createPolicy(), await createPolicy({ chineseOriginal: '' })];
    const response = await ctx.request('/api/admin/reprocess-policies', { json: { policyIds: [a, b, blank, 999_999], overwriteEdited: true }, cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Batch reprocessing initiated', queued: 2, notFound: [999_999], noText: [blank] });
    const queued = (await jobs('reprocess-policy')).map((job) => job.data);
    expect(queued).toEqual(expect.arrayContaining([{ policyId: a, overwriteEdited: true }, { policyId: b, overwriteEdited: true }]));
    const none = await ctx.request('/api/admin/reprocess-policies', { json: { policyIds: [999_998] }, cookie: cookies.admin });
    expect(none.status).toBe(422);
    const bad = await ctx.request('/api/admin/reprocess-policies', { json: { policyIds: [] }, cookie: cookies.admin });
    expect(bad.status).toBe(400);
  });
});

describe('reprocessing previews', () => {
  it('name what the rules analyser would change and keep in an English policy, and write nothing', async () => {
    const { id, demo } = await createEnglishPolicy();
    const before = (await ctx.db.select().from(policies).where(eq(policies.id, id)))[0]!;
    const response = await ctx.request(`/api/admin/reprocess-policy/${id}/preview`, { json: {}, cookie: cookies.admin });
    expect(response.status).toBe(200);
    const preview = await response.json();
    expect(preview).toMatchObject({ analyser: 'rules', ran: true, policies: 1 });
    expect(preview.kept.map((part: { label: string }) => part.label)).toEqual(expect.arrayContaining(['English translation', 'key points', 'analysis']));
    // The importance is the rules' to re-score (its title names no document type it knows): said before it is done.
    expect(preview.changes).toContainEqual(expect.objectContaining({ part: 'impact', label: 'importance', from: String(demo.impact) }));
    expect(preview.changes.map((change: { label: string }) => change.label)).not.toContain('English translation');
    expect((await ctx.db.select().from(policies).where(eq(policies.id, id)))[0]).toEqual(before);

    const batch = await (await ctx.request('/api/admin/reprocess-policies/preview', { json: { policyIds: [id, (await createEnglishPolicy()).id, 999_999] }, cookie: cookies.admin })).json();
    expect(batch.policies).toBe(2);
    expect(batch.kept).toContainEqual(expect.objectContaining({ label: 'English translation', policies: 2 }));
    expect((await ctx.request('/api/admin/reprocess-policy/999999/preview', { json: {}, cookie: cookies.admin })).status).toBe(404);
  });

  it('previews a batch of up to 200 policies, and refuses a larger one with 422 naming the bound, which can still be reprocessed', async () => {
    const ids = [await createPolicy(), (await createEnglishPolicy()).id];
    const atBound = [...ids, ...Array.from({ length: maxPreviewPolicies - ids.length }, (_, index) => 900_000 + index)];
    const previewed = await ctx.request('/api/admin/reprocess-policies/preview', { json: { policyIds: atBound }, cookie: cookies.admin });
    expect(previewed.status).toBe(200);
    expect((await previewed.json()).policies).toBe(2);

    const overBound = [...atBound, 999_000];
    const refused = await ctx.request('/api/admin/reprocess-policies/preview', { json: { policyIds: overBound }, cookie: cookies.admin });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: { code: 'unprocessable', message: previewTooLargeMessage(201) } });
    expect(previewTooLargeMessage(201)).toBe('A preview covers up to 200 policies; this batch has 201. Reprocess it without a preview, or select fewer policies to see what will change.');
    const reprocessed = await ctx.request('/api/admin/reprocess-policies', { json: { policyIds: overBound }, cookie: cookies.admin });
    expect(reprocessed.status).toBe(200);
    expect((await reprocessed.json()).queued).toBe(2);
  });
});

describe('the worker', () => {
  let queue: JobQueue;
  let worker: { stop: () => Promise<void> };
  const settings = loadStoryJobSettings({ JOB_POLL_SECONDS: '0.5', STORY_RETRY_DELAY_SECONDS: '0' });

  beforeAll(async () => {
    queue = await startJobQueue(ctx.databaseUrl, settings, { maintain: true });
    worker = await runWorker({ db: ctx.db, queue, analyser: createRulesAnalyser({ now: () => new Date() }), settings, log: () => {} });
  });
  afterAll(async () => {
    await worker.stop();
    await queue.stop();
  });

  it('turns stories into policies, links their citations both ways, and the policy is found by a Chinese term', async () => {
    // The cited regulation arrives after the decision that cites it: the link is made then.
    const citing = await createStory('govcn-16.txt');
    await ctx.request('/api/admin/process-stories', { json: { storyIds: [citing.id] }, cookie: cookies.admin });
    const done = await eventually(async () => ((await stored(citing.id)).status === 'processed' ? stored(citing.id) : undefined), { what: 'the story processed' });
    expect(done).toMatchObject({ analyser: 'rules', error: null, tokens: null });
    const [policy] = await ctx.db.select().from(policies).where(eq(policies.id, done.policyId!));
    expect(policy).toMatchObject({ departmentId: 4, publishedOn: '2018-12-21', sourceUrl: citing.url, englishTranslation: null, translationStatus: 'pending' });
    expect(policy!.importanceReasons.length).toBeGreaterThan(0);

    const [citation] = await ctx.db.select().from(policyCitations).where(eq(policyCitations.citingPolicyId, policy!.id));
    expect(citation).toEqual({ citingPolicyId: policy!.id, citedTitle: '中华人民共和国药品管理法实施条例', citedPolicyId: null });
    const cited = await ctx.db.transaction(async (tx) =>
      (await savePolicy(tx, null, { title: 'Regulations for the Implementation of the Drug Administration Law', chineseTitle: '中华人民共和国药品管理法实施条例', publishedOn: '2019-03-02', departmentId: 4 }, { kind: 'analyser', at: new Date() })).id,
    );
    const [linked] = await ctx.db.select().from(policyCitations).where(eq(policyCitations.citingPolicyId, policy!.id));
    expect(linked!.citedPolicyId).toBe(cited);

    await indexAll(ctx);
    const related = await (await ctx.request(`/api/policies/${cited}/related`)).json();
    expect(related.policies[0].id).toBe(policy!.id);
    const search = await (await ctx.request(`/api/search?q=${encodeURIComponent('博鳌乐城')}`, { cookie: cookies.admin })).json();
    expect(search.policies.map((card: { id: number }) => card.id)).toContain(policy!.id);
  });

  it('never makes a second policy: a story processed again (a retried job) reuses its policy', async () => {
    const story = await createStory('govcn-33.txt');
    await ctx.request('/api/admin/process-stories', { json: { storyIds: [story.id] }, cookie: cookies.admin });
    const first = await eventually(async () => ((await stored(story.id)).status === 'processed' ? stored(story.id) : undefined));
    // Again, as an admin would retry it after marking it failed.
    await ctx.request(`/api/admin/stories/${story.id}/mark-processed`, { json: { success: false }, cookie: cookies.admin });
    await ctx.request('/api/admin/process-stories', { json: { storyIds: [story.id] }, cookie: cookies.admin });
    const second = await eventually(async () => ((await stored(story.id)).status === 'processed' ? stored(story.id) : undefined));
    expect(second.policyId).toBe(first.policyId);
    const [{ n }] = (await ctx.db.select({ n: count() }).from(policies).where(eq(policies.sourceUrl, story.url!))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('fails a story that has nothing to analyse at once, with its reason', async () => {
    const story = await createStory('govcn-16.txt', { chineseText: '  ' });
    await ctx.request('/api/admin/process-stories', { json: { storyIds: [story.id] }, cookie: cookies.admin });
    const failed = await eventually(async () => ((await stored(story.id)).status === 'failed' ? stored(story.id) : undefined));
    expect(failed.error).toBe('The story has no Chinese text to analyse');
    expect(failed.policyId).toBeNull();
  });

  // Issue 30 item 1: a demo policy reprocessed lost its English key points, analysis and tags.
  it('reprocessing an English policy with the rules analyser keeps its English text, key points, analysis and tags', async () => {
    const { id, demo } = await createEnglishPolicy();
    const tagsBefore = await tagsOf(id);
    expect(tagsBefore).toHaveLength(6);
    await ctx.request(`/api/admin/reprocess-policy/${id}`, { json: {}, cookie: cookies.admin });
    const read = async () => (await ctx.db.select().from(policies).where(eq(policies.id, id)))[0]!;
    const after = await eventually(async () => ((await read()).importanceReasons.length > 0 ? read() : undefined), { what: 'the reprocessing' });
    expect(after).toMatchObject({ title: demo.title, description: demo.description, englishTranslation: demo.englishTranslation, translationStatus: 'machine' });
    expect(after.description).not.toContain('English translation pending');
    expect(after.fullContent).toMatchObject({ key_points: demo.fullContent.key_points, analysis: demo.fullContent.analysis, related_policies: demo.fullContent.related_policies });
    expect(await tagsOf(id)).toEqual(expect.arrayContaining(tagsBefore));
    // What the rules derive is theirs to update: the importance and why.
    expect(after.importanceReasons[0]).toBe('Base (+1)');
  });

  it('reprocessing keeps what an admin edited unless asked to overwrite it', async () => {
    const story = await createStory('govcn-58.txt');
    await ctx.request('/api/admin/process-stories', { json: { storyIds: [story.id] }, cookie: cookies.admin });
    const { policyId } = await eventually(async () => ((await stored(story.id)).status === 'processed' ? stored(story.id) : undefined));
    await ctx.db.transaction((tx) => savePolicy(tx, policyId!, { title: 'Patent Agency Regulations', impact: 9 }, { kind: 'admin', userId: adminId, at: new Date() }));
    const read = async () => (await ctx.db.select().from(policies).where(eq(policies.id, policyId!)))[0]!;
    await ctx.db.update(policies).set({ description: 'stale' }).where(eq(policies.id, policyId!));

    await ctx.request(`/api/admin/reprocess-policy/${policyId}`, { json: {}, cookie: cookies.admin });
    const kept = await eventually(async () => ((await read()).description !== 'stale' ? read() : undefined), { what: 'the reprocessing' });
    expect(kept).toMatchObject({ title: 'Patent Agency Regulations', impact: 9 });

    await ctx.db.update(policies).set({ description: 'stale' }).where(eq(policies.id, policyId!));
    await ctx.request(`/api/admin/reprocess-policy/${policyId}`, { json: { overwriteEdited: true }, cookie: cookies.admin });
    const overwritten = await eventually(async () => ((await read()).description !== 'stale' ? read() : undefined), { what: 'the reprocessing' });
    expect(overwritten.title).toBe('专利代理条例');
    expect(overwritten.editedFields).toEqual([]);
  });
});
