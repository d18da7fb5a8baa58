import { asc, eq, isNull } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purgePolicies, trashPolicies } from '../../../db/policy-trash.ts';
import { policies, subscriptions } from '../../../db/schema/index.ts';
import { loadLabelledSet } from '../../processing/documents/labelled-set.ts';
import { callWithKey, createKeyFor, insertPublicApiPolicies } from '../../public-api/testing.ts';
import { insertPolicies } from '../../search/testing.ts';
import { createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

type Change = { id: number; deleted: boolean; changedAt: string; addedAt: string; policy?: { title: string; access: string; publishedOn: string } };
type Page = { changes: Change[]; nextCursor: string; hasMore: boolean };

/**
 * Syncing from /api/v1 as a daily script does: everything once, then what changed since the
 * cursor it kept, back-dated arrivals and deletions included, a change showing once settled.
 */
describe('/api/v1/changes and the bulk download', () => {
  let ctx: TestContext;
  let ids: Awaited<ReturnType<typeof insertPublicApiPolicies>>;
  let key: string;
  let lapsedKey: string;
  const documents = loadLabelledSet();
  const marketSupervision = documents.find((entry) => entry.file === 'govcn-01.txt')!;

  /** A minute and a bit after what was written so far (the database stamps by its own clock): it has settled. */
  const later = () => ctx.clock.set(new Date(Date.now() + 61_000));
  const changes = async (query: string, withKey = key): Promise<Page> => {
    const response = await callWithKey(ctx, `/api/v1/changes${query}`, withKey);
    expect(response.status, query).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    ids = await insertPublicApiPolicies(ctx);
    const paid = await createSubscriber(ctx);
    key = (await createKeyFor(ctx, paid.cookie)).key;
    const lapsed = await createSubscriber(ctx);
    lapsedKey = (await createKeyFor(ctx, lapsed.cookie)).key;
    await ctx.db.update(subscriptions).set({ status: 'canceled', currentPeriodEnd: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, lapsed.user.id));
  });
  beforeEach(() => ctx.clock.set(null));
  afterAll(() => ctx.close());

  it('gives everything, then each day what changed: a back-dated arrival, an edit, a trashed and a purged policy', async () => {
    // A change shows once it is a minute old: a cursor never passes a write still committing.
    expect((await changes('')).changes).toEqual([]);
    later();
    const first = await changes('');
    expect(first.changes.map((change) => [change.id, change.deleted])).toEqual([
      [ids.payment, false],
      [ids.cloud, false],
    ]);
    expect(first.changes[0]!.policy).toMatchObject({ access: 'full', title: 'Regulations on the Supervision and Administration of Non-Bank Payment Institutions' });
    expect(first.hasMore).toBe(false);

    // The next day: a State Council document of 2019 arrives now (back-dated), and the cloud guidelines are edited.
    const [backDated] = await insertPolicies(ctx, [{ title: marketSupervision.title, description: '', departmentId: 1, publishedOn: '2019-01-27' }]);
    await ctx.db.update(policies).set({ impact: 9 }).where(eq(policies.id, ids.cloud));
    later();
    const second = await changes(`?cursor=${first.nextCursor}`);
    expect(second.changes.map((change) => change.id).sort()).toEqual([ids.cloud, backDated!].sort());
    expect(second.changes.find((change) => change.id === backDated)!.policy).toMatchObject({ title: marketSupervision.title, publishedOn: '2019-01-27' });

    // The day after: the payment regulation goes to the Trash, a tombstone.
    await ctx.db.transaction((tx) => trashPolicies(tx, [ids.payment], { userId: 1, at: ctx.deps.now() }));
    later();
    const third = await changes(`?cursor=${second.nextCursor}`);
    expect(third.changes).toEqual([{ id: ids.payment, deleted: true, changedAt: expect.any(String), addedAt: first.changes[0]!.addedAt }]);

    // Then it is purged for good: a tombstone again, for a reader who had not synced in between.
    await ctx.db.transaction((tx) => purgePolicies(tx, { ids: [ids.payment] }));
    later();
    const fourth = await changes(`?cursor=${third.nextCursor}`);
    expect(fourth.changes).toEqual([{ id: ids.payment, deleted: true, changedAt: expect.any(String), addedAt: first.changes[0]!.addedAt }]);
    const fromSecond = await changes(`?cursor=${second.nextCursor}`);
    expect(fromSecond.changes.map((change) => [change.id, change.deleted])).toEqual([[ids.payment, true]]);

    // Nothing changed since: an empty page, and the same place to start from tomorrow.
    const fifth = await changes(`?cursor=${fourth.nextCursor}`);
    expect(fifth).toEqual({ changes: [], nextCursor: fourth.nextCursor, hasMore: false });
  });

  it('pages in a stable order with hasMore, and filters by updatedSince and addedSince', async () => {
    const since = new Date();
    const made = await insertPolicies(
      ctx,
      documents.slice(1, 6).map((entry) => ({ title: entry.title, description: '', departmentId: 1, publishedOn: entry.expected.publishedOn ?? '2020-01-01' })),
    );
    later();
    const seen: number[] = [];
    let page = await changes(`?updatedSince=${since.toISOString()}&pageSize=2`);
    seen.push(...page.changes.map((change) => change.id));
    while (page.hasMore) {
      page = await changes(`?cursor=${page.nextCursor}&pageSize=2`);
      seen.push(...page.changes.map((change) => change.id));
    }
    expect(seen).toEqual(made);
    const added = await changes(`?addedSince=${since.toISOString()}`);
    expect(added.changes.map((change) => change.id)).toEqual(made);
  });

  it('gives a lapsed subscription the preview, and refuses a made-up cursor or a cursor with filters', async () => {
    later();
    const preview = await changes('', lapsedKey);
    expect(preview.changes.filter((change) => !change.deleted).every((change) => change.policy!.access === 'preview')).toBe(true);
    expect(preview.changes.length).toBeGreaterThan(0);
    for (const [query, message] of [
      ['?cursor=nonsense', 'cursor: is not a cursor this API gave'],
      [`?cursor=${preview.nextCursor}&updatedSince=2024-01-01`, 'cursor: carries where the last page ended and its filters: send it without updatedSince or addedSince'],
      ['?updatedSince=yesterday', 'updatedSince: must be an ISO date or date-time such as 2024-05-31T07:00:00Z'],
    ]) {
      const response = await callWithKey(ctx, `/api/v1/changes${query}`, key);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error, query).toEqual({ code: 'bad_request', message });
    }
  });

  it('downloads every live policy as gzipped JSON Lines, resumable after the last whole line, with the cursor to sync on from', async () => {
    const response = await callWithKey(ctx, '/api/v1/bulk/policies.jsonl.gz', key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    const lines = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Change);
    const live = await ctx.db.select({ id: policies.id }).from(policies).where(isNull(policies.deletedAt)).orderBy(asc(policies.id));
    expect(lines.map((line) => line.id)).toEqual(live.map((row) => row.id));
    expect(lines.every((line) => !line.deleted && line.policy!.access === 'full')).toBe(true);
    expect(lines.map((line) => line.id)).not.toContain(ids.payment);

    const resumed = await callWithKey(ctx, `/api/v1/bulk/policies.jsonl.gz?after=${lines[2]!.id}`, key);
    const rest = gunzipSync(Buffer.from(await resumed.arrayBuffer())).toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Change);
    expect(rest.map((line) => line.id)).toEqual(lines.slice(3).map((line) => line.id));

    // A change made after the download began comes by the header's cursor.
    await ctx.db.update(policies).set({ impact: 3 }).where(eq(policies.id, ids.cloud));
    later();
    const since = await changes(`?cursor=${response.headers.get('sync-cursor')}`);
    expect(since.changes.map((change) => change.id)).toContain(ids.cloud);
  });
});
