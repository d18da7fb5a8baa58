import { addDays } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePolicy } from '../../../../db/policies.ts';
import { auditLog, pendingStories, policies, policyVersions } from '../../../../db/schema/index.ts';
import { createPolicy } from '../../../../db/testing.ts';
import { purgeTrashJob } from '../../../jobs/purge-trash.ts';
import { loadStoryJobSettings } from '../../../processing/config.ts';
import { regulationEnglish } from '../../../processing/documents/english-openings.ts';
import { loadLabelledSet } from '../../../processing/documents/labelled-set.ts';
import { processStory, reprocessPolicy } from '../../../processing/process.ts';
import { createRulesAnalyser } from '../../../processing/rules/index.ts';
import { indexAll } from '../../../search/testing.ts';
import type { AdminPolicy, StoryRow } from '../../../shared/admin-schemas.ts';
import type { PolicyVersionRow, TrashedPolicyRow } from '../../../shared/policy-history-schemas.ts';
import { prepareStory, storiesInTrash, takeInStories, type PreparedStory } from '../../../stories/intake.ts';
import { createStory, putStoryInStatus, testOrigin } from '../../../stories/testing.ts';
import { adminRoleMatrix, createSubscriber, signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';

let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let adminId: number;
let otherAdmin: { id: number; cookie: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const everyone = await signInEveryRole(ctx);
  cookies = everyone.cookies;
  adminId = everyone.ids.admin!;
  otherAdmin = { id: everyone.ids.super_admin!, cookie: everyone.cookies.super_admin! };
});
afterAll(() => ctx.close());

const admin = (path: string, init: { method?: string; json?: unknown } = {}, who: Caller = 'admin') => ctx.request(`/api/admin${path}`, { ...init, cookie: cookies[who] });
const trash = async (): Promise<TrashedPolicyRow[]> => (await (await admin('/policy-trash')).json()).policies;
const editorView = async (id: number, who: Caller = 'admin'): Promise<AdminPolicy> => (await admin(`/policies/${id}`, {}, who)).json();
const history = async (id: number): Promise<PolicyVersionRow[]> => (await admin(`/policies/${id}/versions`)).json();
const searchIds = async (q: string) => ((await (await ctx.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie: cookies.admin })).json()).policies as { id: number }[]).map((p) => p.id);
const analyser = createRulesAnalyser({ now: () => new Date() });
const processing = { analyser, now: () => new Date(), timeoutMs: 30_000 };
const source = loadLabelledSet().find((document) => document.file === 'govcn-58.txt')!.story;

/** What a subscriber sees of policy `id`: its detail page, the latest list, their collection, and search. */
async function subscriberSees(id: number, subscriber: { cookie: string }, collectionId: number) {
  const detail = await ctx.request(`/api/policies/${id}`, { cookie: subscriber.cookie });
  const latest = await (await ctx.request('/api/policies/paginated?pageSize=100', { cookie: subscriber.cookie })).json();
  const collections = await (await ctx.request('/api/collections', { cookie: subscriber.cookie })).json();
  const collection = collections.find((entry: { id: number }) => entry.id === collectionId);
  return {
    detail: detail.status,
    latest: latest.policies.some((policy: { id: number }) => policy.id === id),
    collection: collection.policies.some((policy: { id: number }) => policy.id === id),
    admin: ((await (await admin('/policies?search=Okapi')).json()) as { id: number }[]).some((row) => row.id === id),
  };
}

describe('role matrix: the Trash, History, New Policy and Re-queue', () => {
  const calls: [string, (who: Caller) => Promise<Response>][] = [
    ['GET /api/admin/policy-trash', (who) => admin('/policy-trash', {}, who)],
    ['POST /api/admin/policy-trash/restore', (who) => admin('/policy-trash/restore', { json: { policyIds: [999999] } }, who)],
    ['POST /api/admin/policy-trash/purge', (who) => admin('/policy-trash/purge', { json: { policyIds: [999999] } }, who)],
    ['GET /api/admin/policies/{id}/versions', async (who) => admin(`/policies/${(await createPolicy(ctx.db)).id}/versions`, {}, who)],
    [
      'GET /api/admin/policies/{id}/versions/{version}/compare/{otherVersion}',
      async (who) => {
        const { id } = await createPolicy(ctx.db);
        await ctx.db.transaction((tx) => savePolicy(tx, id, { impact: 8 }, { kind: 'admin', userId: adminId, at: new Date() }));
        return admin(`/policies/${id}/versions/1/compare/2`, {}, who);
      },
    ],
    [
      'POST /api/admin/policies/{id}/versions/{version}/restore',
      async (who) => {
        const { id } = await createPolicy(ctx.db);
        await ctx.db.transaction((tx) => savePolicy(tx, id, { impact: 8 }, { kind: 'admin', userId: adminId, at: new Date() }));
        return admin(`/policies/${id}/versions/1/restore`, { json: {} }, who);
      },
    ],
    ['POST /api/admin/policies', (who) => admin('/policies', { json: { title: `Made by ${who}`, time: '2026-02-01', departmentId: 2 } }, who)],
  ];
  for (const [call, send] of calls) {
    it.each(adminRoleMatrix)(`${call} as %s answers %i`, async (who, status) => {
      const response = await send(who);
      expect(response.status === 201 ? 200 : response.status).toBe(status);
      if (status !== 200) expect((await response.json()).error.code).toBe(status === 401 ? 'unauthorized' : 'forbidden');
    });
  }

  it.each(adminRoleMatrix)('POST /api/admin/stories/{id}/requeue as %s answers %i', async (who, status) => {
    const story = await createStory(ctx.db, { title: `Requeue by ${who}`, url: `https://www.gov.cn/requeue/${who}`, status: 'processed' });
    const response = await admin(`/stories/${story.id}/requeue`, { json: {} }, who);
    expect(response.status).toBe(status);
    const [row] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, story.id));
    expect(row!.status).toBe(status === 200 ? 'pending' : 'processed');
  });
});

describe('deleting a policy puts it in the Trash', () => {
  it('hides it from every reader, search included; Restore brings it back everywhere, search included', async () => {
    const { id } = await createPolicy(ctx.db, { title: 'Okapi conservation measures', publishedOn: '2031-01-01', departmentId: 3 });
    const subscriber = await createSubscriber(ctx);
    const collection = await (await ctx.request('/api/collections', { cookie: subscriber.cookie, json: { name: 'Watch' } })).json();
    expect((await ctx.request('/api/collections/add-policy', { cookie: subscriber.cookie, json: { collectionId: collection.id, policyId: id } })).status).toBe(201);
    await indexAll(ctx);
    expect(await subscriberSees(id, subscriber, collection.id)).toEqual({ detail: 200, latest: true, collection: true, admin: true });
    expect(await searchIds('Okapi conservation')).toEqual([id]);

    ctx.clock.set(new Date('2026-06-01T10:00:00Z'));
    expect((await admin(`/policies/${id}`, { method: 'DELETE' })).status).toBe(200);
    await indexAll(ctx);
    expect(await subscriberSees(id, subscriber, collection.id)).toEqual({ detail: 404, latest: false, collection: false, admin: false });
    expect(await searchIds('Okapi conservation')).toEqual([]);
    expect((await admin(`/policies/${id}`)).status).toBe(404);
    expect((await ctx.request('/api/collections/add-policy', { cookie: subscriber.cookie, json: { collectionId: collection.id, policyId: id } })).status).toBe(404);

    ctx.clock.set(new Date('2026-06-11T09:00:00Z'));
    expect(await trash()).toContainEqual({
      id,
      title: 'Okapi conservation measures',
      department: expect.objectContaining({ id: 3 }),
      deletedAt: '2026-06-01T10:00:00.000Z',
      deletedBy: { id: adminId, name: 'The admin' },
      daysLeft: 20,
      purgeOn: '2026-07-01T10:00:00.000Z',
    });

    const restored = await admin('/policy-trash/restore', { json: { policyIds: [id] } });
    ctx.clock.set(null);
    expect(await restored.json()).toEqual({ restoredCount: 1, message: '1 policy restored' });
    await indexAll(ctx);
    expect(await subscriberSees(id, subscriber, collection.id)).toEqual({ detail: 200, latest: true, collection: true, admin: true });
    expect(await searchIds('Okapi conservation')).toEqual([id]);
    expect((await trash()).map((row) => row.id)).not.toContain(id);
    const actions = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subject, `policy:${id}`));
    expect(actions.map((row) => row.action)).toEqual(['policy_deleted', 'policy_restored']);
  });

  it('Delete permanently removes only what is in the Trash', async () => {
    const live = await createPolicy(ctx.db);
    const deleted = await createPolicy(ctx.db);
    await admin('/batch-delete-policies', { json: { policyIds: [deleted.id] } });
    const response = await admin('/policy-trash/purge', { json: { policyIds: [live.id, deleted.id] } });
    expect(await response.json()).toEqual({ purgedCount: 1, message: '1 policy deleted permanently' });
    const rows = await ctx.db.select({ id: policies.id }).from(policies).where(eq(policies.id, deleted.id));
    expect(rows).toEqual([]);
    expect((await admin(`/policies/${live.id}`)).status).toBe(200);
  });

  it('the purge-trash job deletes for good what has been in the Trash past TRASH_RETENTION_DAYS, on a schedule', async () => {
    const old = await createPolicy(ctx.db, { title: 'Deleted 31 days ago' });
    const recent = await createPolicy(ctx.db, { title: 'Deleted 29 days ago' });
    const runAt = new Date('2026-09-01T03:00:00Z');
    ctx.clock.set(addDays(runAt, -31));
    await admin(`/policies/${old.id}`, { method: 'DELETE' });
    ctx.clock.set(addDays(runAt, -29));
    await admin(`/policies/${recent.id}`, { method: 'DELETE' });
    ctx.clock.set(null);

    const settings = loadStoryJobSettings({});
    expect(settings.TRASH_RETENTION_DAYS).toBe(30);
    expect(purgeTrashJob.schedule).toEqual({ cron: '0 3 * * *', data: {} });
    const outcome = await purgeTrashJob.handle({}, { db: ctx.db, analyser, now: () => runAt, timeoutMs: 1000, retryCount: 0, retryLimit: 0, settings });
    expect(outcome).toBe('1 policy purged from the Trash');
    const left = await ctx.db.select({ id: policies.id }).from(policies).where(eq(policies.id, old.id));
    expect(left).toEqual([]);
    expect((await trash()).map((row) => row.id)).toContain(recent.id);
    expect(loadStoryJobSettings({ TRASH_RETENTION_DAYS: '7' }).TRASH_RETENTION_DAYS).toBe(7);
  });
});

describe('policy versions', () => {
  it('are kept for each import, reprocess and editor save; restoring one is a new save, itself undoable', async () => {
    const story = await createStory(ctx.db, { title: source.title, url: `${source.url}?versions`, chineseText: source.chineseText, status: 'processing' });
    expect(await processStory({ ...processing, db: ctx.db }, story.id, { retryCount: 0, retryLimit: 0 })).toBe('processed');
    const [{ policyId }] = (await ctx.db.select({ policyId: pendingStories.policyId }).from(pendingStories).where(eq(pendingStories.id, story.id))) as [{ policyId: number }];
    const imported = await editorView(policyId);

    const saved = await admin(`/policies/${policyId}`, { method: 'PATCH', json: { title: 'An admin title', impact: 9, baseVersion: imported.version } });
    expect(saved.status).toBe(200);
    expect(await reprocessPolicy({ ...processing, db: ctx.db }, policyId, true)).toBe('processed');

    const versions = await history(policyId);
    expect(versions.map((entry) => [entry.version, entry.source, entry.user?.name ?? null, entry.current])).toEqual([
      [3, 'reprocess', null, true],
      [2, 'editor', 'The admin', false],
      [1, 'import', null, false],
    ]);
    expect(versions[1]!.title).toBe('An admin title');
    expect((await editorView(policyId)).title).toBe(imported.title);

    const restore = await admin(`/policies/${policyId}/versions/2/restore`, { json: { baseVersion: 3 } });
    expect(await restore.json()).toEqual({ id: policyId, version: 4, message: 'Version 2 restored' });
    expect(await editorView(policyId)).toMatchObject({ title: 'An admin title', impact: 9, version: 4 });
    const afterRestore = await history(policyId);
    expect(afterRestore[0]).toMatchObject({ version: 4, source: 'editor', restoredFrom: 2, current: true, user: { name: 'The admin' } });

    // The restore is undone like any save: restore the version before it.
    expect((await admin(`/policies/${policyId}/versions/3/restore`, { json: {} })).status).toBe(200);
    expect((await editorView(policyId)).title).toBe(imported.title);
    expect((await admin(`/policies/${policyId}/versions/99/restore`, { json: {} })).status).toBe(404);
  });

  it("compare two editors' versions of the English text paragraph by paragraph, the changed words marked", async () => {
    const { id } = await createPolicy(ctx.db);
    const edited = regulationEnglish.replace('free and develop the productive forces of society', 'liberate and develop the productive forces of society');
    const lines = regulationEnglish.split('\n');
    const at = new Date();
    await ctx.db.transaction((tx) => savePolicy(tx, id, { englishTranslation: regulationEnglish }, { kind: 'admin', userId: adminId, at }));
    await ctx.db.transaction((tx) => savePolicy(tx, id, { englishTranslation: `${edited}\nThese Regulations take effect on 1 January 2020.` }, { kind: 'admin', userId: adminId, at }));
    const versions = (await history(id)).map((entry) => entry.version);
    const [newer, older] = versions as [number, number];

    const compared = await (await admin(`/policies/${id}/versions/${newer}/compare/${older}`)).json();
    expect(compared.before).toEqual({ version: older });
    expect(compared.after).toEqual({ version: newer });
    const changed = compared.units.filter((unit: { change: string }) => unit.change === 'changed');
    expect(changed).toHaveLength(1);
    expect(changed[0].parts.filter((part: { change: string }) => part.change !== 'same').map((part: { change: string; text: string }) => [part.change, part.text.trim()])).toEqual([
      ['removed', 'free'],
      ['added', 'liberate'],
    ]);
    expect(compared.units.filter((unit: { change: string }) => unit.change === 'added').map((unit: { after: { text: string } }) => unit.after.text)).toEqual(['These Regulations take effect on 1 January 2020.']);
    expect(compared.units.filter((unit: { change: string }) => unit.change === 'same')).toHaveLength(lines.filter((line) => line.trim()).length - 1);
    expect((await admin(`/policies/${id}/versions/${older}/compare/99`)).status).toBe(404);
  });

  it('keeps the content a policy had before history was kept, on its first save', async () => {
    const { id } = await createPolicy(ctx.db, { title: 'Written before versions', impact: 3 });
    await admin(`/policies/${id}`, { method: 'PATCH', json: { title: 'Written after versions' } });
    const versions = await ctx.db.select().from(policyVersions).where(eq(policyVersions.policyId, id));
    expect(versions.map((row) => [row.version, row.source, (row.content as { title: string }).title])).toEqual([
      [1, 'earlier', 'Written before versions'],
      [2, 'editor', 'Written after versions'],
    ]);
    expect((await admin(`/policies/${id}/versions/1/restore`, { json: {} })).status).toBe(200);
    expect(await editorView(id)).toMatchObject({ title: 'Written before versions', impact: 3 });
  });
});

describe('two admins editing one policy', () => {
  it('refuses the second save from a stale version with 409 naming who saved and when; Overwrite (no version) saves', async () => {
    const { id } = await createPolicy(ctx.db, { title: 'Shared draft' });
    const opened = await editorView(id);
    const openedByOther = await editorView(id, 'super_admin');

    ctx.clock.set(new Date('2026-05-04T14:02:00Z'));
    const first = await admin(`/policies/${id}`, { method: 'PATCH', json: { title: 'Their title', baseVersion: openedByOther.version } }, 'super_admin');
    expect(first.status).toBe(200);
    ctx.clock.set(null);

    const second = await admin(`/policies/${id}`, { method: 'PATCH', json: { title: 'My title', baseVersion: opened.version } });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'Saved by The super_admin at 2026-05-04 14:02 UTC after you opened it',
        details: { version: opened.version + 1, savedBy: { id: otherAdmin.id, name: 'The super_admin' }, savedAt: '2026-05-04T14:02:00.000Z' },
      },
    });
    expect((await editorView(id)).title).toBe('Their title');

    const overwrite = await admin(`/policies/${id}`, { method: 'PATCH', json: { title: 'My title' } });
    expect(overwrite.status).toBe(200);
    expect((await editorView(id)).title).toBe('My title');
  });
});

describe('New Policy: POST /api/admin/policies', () => {
  it('creates a policy with the editor fields, its first version, and an audit row', async () => {
    const response = await admin('/policies', {
      json: { title: 'Hand-written notice', time: '2026-03-03', departmentId: 5, description: 'Written by hand.', impact: 7, tags: [{ name: 'x', industryId: 2 }] },
    });
    expect(response.status).toBe(201);
    const { id, message } = await response.json();
    expect(message).toBe('Policy created');
    expect(await editorView(id)).toMatchObject({ title: 'Hand-written notice', time: '2026-03-03', departmentId: 5, impact: 7, version: 1 });
    expect((await history(id)).map((entry) => [entry.version, entry.source, entry.user?.name])).toEqual([[1, 'editor', 'The admin']]);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'policy_created'), eq(auditLog.subject, `policy:${id}`)));
    expect(audit).toMatchObject({ actorId: adminId });
  });

  it.each([
    [{ time: '2026-03-03', departmentId: 5 }, 'title'],
    [{ title: '  ', time: '2026-03-03', departmentId: 5 }, 'title'],
    [{ title: 'No date', departmentId: 5 }, 'time'],
    [{ title: 'No department', time: '2026-03-03' }, 'departmentId'],
    [{ title: 'Bad impact', time: '2026-03-03', departmentId: 5, impact: 11 }, 'impact'],
    [{ title: 'Unknown department', time: '2026-03-03', departmentId: 99 }, 'Unknown department id 99'],
  ])('refuses %j with 400', async (json, message) => {
    const response = await admin('/policies', { json });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(message);
  });
});

describe('a story whose policy was deleted', () => {
  it('shows in the queue as processed with its policy deleted; while the policy is in the Trash it keeps the URL (a re-import reports it there, a re-queue is refused), once purged the story is re-queued into a new policy', async () => {
    const url = `${source.url}?requeue`;
    const story = await createStory(ctx.db, { title: source.title, url, chineseText: source.chineseText, status: 'processing' });
    await processStory({ ...processing, db: ctx.db }, story.id, { retryCount: 0, retryLimit: 0 });
    const [{ policyId }] = (await ctx.db.select({ policyId: pendingStories.policyId }).from(pendingStories).where(eq(pendingStories.id, story.id))) as [{ policyId: number }];
    const queued = async (): Promise<StoryRow | undefined> =>
      ((await (await admin('/pending-stories?pageSize=200')).json()).stories as StoryRow[]).find((row) => row.id === story.id);
    expect(await queued()).toBeUndefined();
    expect((await admin(`/stories/${story.id}/requeue`, { json: {} })).status).toBe(409);

    await admin(`/policies/${policyId}`, { method: 'DELETE' });
    expect(await queued()).toMatchObject({ status: 'processed', policyDeleted: true });
    const prepared = prepareStory({ title: source.title, url, chineseText: source.chineseText }) as PreparedStory;
    expect(await takeInStories(ctx.db, [prepared], testOrigin)).toEqual({ storedIds: [], duplicates: 1, knownFromOtherSite: 0 });
    expect(await storiesInTrash(ctx.db, [prepared])).toEqual([url]);

    const refused = await admin(`/stories/${story.id}/requeue`, { json: {} });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe('Its policy is in the Trash: restore it, or purge it before re-queueing the story');

    expect((await admin('/policy-trash/purge', { json: { policyIds: [policyId] } })).status).toBe(200);
    const requeued = await admin(`/stories/${story.id}/requeue`, { json: {} });
    expect(await requeued.json()).toEqual({ id: story.id, status: 'pending', message: 'Story re-queued' });
    expect(await queued()).toMatchObject({ status: 'pending', policyDeleted: false });
    await putStoryInStatus(ctx.db, story.id, 'processing');
    expect(await processStory({ ...processing, db: ctx.db }, story.id, { retryCount: 0, retryLimit: 0 })).toBe('processed');
    const [after] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.id, story.id));
    expect(after!.policyId).not.toBe(policyId);
    expect((await editorView(after!.policyId!)).source_url).toBe(url);
  });

  it('a story an admin marked processed by mistake is re-queued too; a live one is not', async () => {
    const story = await createStory(ctx.db, { title: 'Marked by mistake', url: 'https://www.gov.cn/mistake', status: 'pending' });
    expect((await admin(`/stories/${story.id}/mark-processed`, { json: { success: true } })).status).toBe(200);
    expect((await admin(`/stories/${story.id}/requeue`, { json: {} })).status).toBe(200);
    const pending = await createStory(ctx.db, { title: 'Still pending', url: 'https://www.gov.cn/still-pending' });
    const refused = await admin(`/stories/${pending.id}/requeue`, { json: {} });
    expect(refused.status).toBe(409);
    expect((await admin('/stories/999999/requeue', { json: {} })).status).toBe(404);
  });
});
