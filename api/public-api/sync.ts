import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadPolicyRecords, type PolicyRecord } from '../../db/policy-records.ts';
import type { AppDeps } from '../app-deps.ts';
import { badRequest } from '../http/errors.ts';
import { toPolicyDetails } from '../policies/detail.ts';
import { maxPageSize } from '../shared/search.ts';
import { optionalParam, wholeNumber } from '../shared/params.ts';
import { toPolicyDetail, type PublicPolicyDetail } from './shapes.ts';

/**
 * Sync for the public API (docs/public-api.md, "Sync"): every change to the policies a key's user
 * may read, in the order of the change (`updated_at`, then id), a page at a time from an opaque
 * cursor. A live policy comes whole, as /policies/{id} answers it; a policy moved to the Trash or
 * purged comes as a tombstone (`deleted: true`, its id and when). Postgres is read, not the
 * search index: the index lags the database, and a cursor that passed a change the index had not
 * yet seen would never return to it.
 *
 * `updated_at` is the writing transaction's start time, so a change can commit after a later-
 * stamped one. A page therefore holds only changes at least `settleSeconds` old: a transaction
 * that touches a policy commits well within that (each story is processed, each edit saved, in
 * its own short transaction), so nothing is passed before it is visible.
 */

export const settleSeconds = 60;

/** Where a reader is in the feed: after the change at `micros` (microseconds since the epoch) to policy `id`. */
type Position = { micros: bigint; id: number };
type Cursor = Position & { addedSince: string | null };

export type SyncChange =
  | { id: number; deleted: false; changedAt: string; addedAt: string; policy: PublicPolicyDetail }
  | { id: number; deleted: true; changedAt: string; addedAt: string };

export type SyncPage = { changes: SyncChange[]; nextCursor: string; hasMore: boolean };

const isoInstant = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'must be an ISO date or date-time such as 2024-05-31T07:00:00Z')
  .transform((value, ctx) => {
    const time = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(time.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'is not a valid date' });
      return z.NEVER;
    }
    return time;
  });

export const syncQuerySchema = z
  .object({
    updatedSince: optionalParam(isoInstant),
    addedSince: optionalParam(isoInstant),
    cursor: optionalParam(z.string().max(200, 'is not a cursor this API gave')),
    pageSize: optionalParam(wholeNumber(1, maxPageSize)).default(maxPageSize),
  })
  .superRefine((query, ctx) => {
    if (query.cursor && (query.updatedSince || query.addedSince)) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'carries where the last page ended and its filters: send it without updatedSince or addedSince' });
    }
  });
export type SyncQuery = z.output<typeof syncQuerySchema>;

const micros = (time: Date) => BigInt(time.getTime()) * 1000n;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.micros.toString(), id: cursor.id, a: cursor.addedSince })).toString('base64url');
}

const cursorSchema = z.object({ t: z.string().regex(/^\d{1,20}$/), id: z.int().min(0).max(2_147_483_647), a: z.iso.datetime().nullable() });

function decodeCursor(text: string): Cursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success) throw badRequest('cursor: is not a cursor this API gave');
  return { micros: BigInt(parsed.data.t), id: parsed.data.id, addedSince: parsed.data.a };
}

/** The cursor a sync begins from: before every change since `updatedSince` (or ever), for the policies added since `addedSince`. */
function startOf(query: SyncQuery): Cursor {
  return {
    micros: query.updatedSince ? micros(query.updatedSince) - 1n : 0n,
    id: maxPolicyId,
    addedSince: query.addedSince?.toISOString() ?? null,
  };
}

const maxPolicyId = 2_147_483_647;

/**
 * The cursor of a feed that begins now: every change settled by now is behind it. The bulk
 * download hands it out with its first byte, so a reader who loaded everything syncs from there.
 */
export function cursorAt(now: Date): string {
  return encodeCursor({ micros: micros(now) - BigInt(settleSeconds) * 1_000_000n, id: maxPolicyId, addedSince: null });
}

type ChangeRow = { id: number; micros: string; added: string; deleted: boolean };

/** A page of changes after the query's cursor, each policy as a reader with or without full access reads it. */
export async function loadChanges(deps: Pick<AppDeps, 'db' | 'now'>, query: SyncQuery, entitled: boolean): Promise<SyncPage> {
  const from = query.cursor ? decodeCursor(query.cursor) : startOf(query);
  const until = micros(deps.now()) - BigInt(settleSeconds) * 1_000_000n;
  const stamp = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint`);
  const after = (column: string, id: string) => sql`(${stamp(column)}, ${sql.raw(id)}) > (${from.micros.toString()}::bigint, ${from.id}::int)`;
  const addedFilter = (column: string) => (from.addedSince ? sql` and ${sql.raw(column)} >= ${from.addedSince}::timestamptz` : sql``);
  const rows = await deps.db.execute<ChangeRow>(sql`
    select id, micros::text as micros, added, deleted from (
      select p.id, ${stamp('p.updated_at')} as micros, p.created_at as added, p.deleted_at is not null as deleted
        from policies p
        where ${stamp('p.updated_at')} <= ${until.toString()}::bigint and ${after('p.updated_at', 'p.id')}${addedFilter('p.created_at')}
      union all
      select t.policy_id, ${stamp('t.purged_at')}, t.added_at, true
        from policy_tombstones t
        where ${stamp('t.purged_at')} <= ${until.toString()}::bigint and ${after('t.purged_at', 't.policy_id')}${addedFilter('t.added_at')}
    ) changes
    order by changes.micros, changes.id
    limit ${query.pageSize + 1}`);
  const page = [...rows].slice(0, query.pageSize);
  const live = page.filter((row) => !row.deleted).map((row) => row.id);
  const records = new Map<number, PolicyRecord>((await loadPolicyRecords(deps.db, { ids: live })).map((record) => [record.id, record]));
  const ordered = live.flatMap((id) => (records.has(id) ? [records.get(id)!] : []));
  const details = new Map((await toPolicyDetails(deps, ordered, entitled)).map((detail) => [detail.id, toPolicyDetail(detail)]));
  const changes = page.flatMap((row): SyncChange[] => {
    const changedAt = new Date(Number(BigInt(row.micros) / 1000n)).toISOString();
    const addedAt = new Date(row.added).toISOString();
    if (row.deleted) return [{ id: row.id, deleted: true, changedAt, addedAt }];
    const policy = details.get(row.id);
    // Trashed between the two reads: its tombstone comes on a later page, when its change has settled.
    return policy ? [{ id: row.id, deleted: false, changedAt, addedAt, policy }] : [];
  });
  const last = page.at(-1);
  const next: Cursor = last ? { micros: BigInt(last.micros), id: last.id, addedSince: from.addedSince } : from;
  return { changes, nextCursor: encodeCursor(next), hasMore: rows.length > query.pageSize };
}
