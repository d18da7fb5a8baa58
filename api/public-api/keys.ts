import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, count, desc, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeys, users, type Role } from '../../db/schema/index.ts';
import { recordAudit, userSubject } from '../auth/audit.ts';
import { AppError, conflict, notFound } from '../http/errors.ts';
import { maxApiKeysPerUser, type ApiKeySummary, type CreatedApiKey } from '../shared/api-key-schemas.ts';
import { dayWindow, minuteWindow, type LimitWindows } from './limits.ts';

/**
 * Personal API keys: made, listed, revoked and checked here only.
 *
 * A key is 32 random bytes (256 bits): no one guesses it, so a fast hash is enough to store it,
 * and it must be fast, because every /api/v1 request looks its key up by that hash (one indexed
 * read). A password hash such as Argon2 is slow on purpose against guessing low-entropy secrets,
 * and would cost tens of milliseconds and a scan of salts on every request. Sessions are kept the
 * same way (api/auth/session.ts).
 */

/** Names the product on the key, so a leaked one is recognised (by secret scanners too). */
const keyMarker = 'cpt_';
const keyPattern = /^cpt_[a-z2-7]{52}$/;
/** The marker and 8 characters of the secret: 40 bits, enough to tell a user's keys apart. */
const prefixLength = keyMarker.length + 8;

export function hashApiKey(key: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(key)));
}

function generateApiKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return keyMarker + encodeBase32LowerCaseNoPadding(bytes);
}

/** The UTC day of `at`, as `requests_on` stores it. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export async function listApiKeys(db: Database, userId: number, now: Date): Promise<ApiKeySummary[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      requestsOn: apiKeys.requestsOn,
      requestsToday: apiKeys.requestsToday,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const today = utcDay(now);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    requestsToday: row.requestsOn === today ? row.requestsToday : 0,
  }));
}

type KeyChange = { userId: number; ip: string | null; at: Date };

/** A new key for the user, answered in full this once; at most `maxApiKeysPerUser` live keys. */
export async function createApiKey(db: Database, change: KeyChange & { name: string }): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const prefix = key.slice(0, prefixLength);
  return db.transaction(async (tx) => {
    // The user's row locked: two creations at once are counted one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId)).for('update');
    const [live] = await tx
      .select({ count: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, change.userId), isNull(apiKeys.revokedAt)));
    if ((live?.count ?? 0) >= maxApiKeysPerUser) {
      throw conflict(`You can have at most ${maxApiKeysPerUser} API keys: revoke one to create another`);
    }
    const [created] = await tx
      .insert(apiKeys)
      .values({ userId: change.userId, name: change.name, prefix, keyHash: hashApiKey(key), createdAt: change.at })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, {
      action: 'api_key_created',
      actorId: change.userId,
      subject: userSubject(change.userId),
      ip: change.ip,
      details: { keyId: created!.id, name: change.name, prefix },
      at: change.at,
    });
    return { id: created!.id, name: change.name, prefix, key };
  });
}

/** Revokes one of the user's live keys; another user's key answers 404 like a missing one. */
export async function revokeApiKey(db: Database, change: KeyChange & { keyId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: change.at })
      .where(and(eq(apiKeys.id, change.keyId), eq(apiKeys.userId, change.userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    if (!revoked) throw notFound('API key not found');
    await recordAudit(tx, {
      action: 'api_key_revoked',
      actorId: change.userId,
      subject: userSubject(change.userId),
      ip: change.ip,
      details: { keyId: revoked.id, name: revoked.name, prefix: revoked.prefix },
      at: change.at,
    });
  });
}

/** Who a key acts for (its user, as they are at the moment of the call), and its limits' windows with this request counted. */
export type ApiKeyHolder = { keyId: number; userId: number; role: Role; windows: LimitWindows };

/**
 * The key of an `Authorization: Bearer` header, checked and counted in one statement on its row:
 * its last use, today's count and both limits' windows (limits.ts) move as it is found. 401 for
 * anything else.
 *
 * The statement commits without waiting for its WAL to reach disk (`synchronous_commit` off for
 * its own transaction, set by the statement itself): what it writes is a count and a time, and a
 * crash of Postgres may lose at most the last fraction of a second of them, never a key. Waiting
 * for the disk would make every call of the public API wait for a flush; the session lookup
 * beside it is a read.
 */
export function apiKeyAuthenticator(db: Database) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const opens = (startedAt: AnyColumn, seconds: number) =>
    sql`(${startedAt} is null or ${startedAt} <= ${now} - make_interval(secs => ${sql.raw(String(seconds))}))`;
  const minuteOpens = opens(apiKeys.minuteStartedAt, minuteWindow.seconds);
  const dayOpens = opens(apiKeys.dayStartedAt, dayWindow.seconds);
  const findAndCount = db
    .update(apiKeys)
    .set({
      lastUsedAt: now,
      requestsToday: sql`case when ${apiKeys.requestsOn} = ${sql.placeholder('day')}::date then ${apiKeys.requestsToday} + 1 else 1 end`,
      requestsOn: sql`${sql.placeholder('day')}::date`,
      minuteStartedAt: sql`case when ${minuteOpens} then ${now} else ${apiKeys.minuteStartedAt} end`,
      minuteCount: sql`case when ${minuteOpens} then 1 else ${apiKeys.minuteCount} + 1 end`,
      dayStartedAt: sql`case when ${dayOpens} then ${now} else ${apiKeys.dayStartedAt} end`,
      dayCount: sql`case when ${dayOpens} then 1 else ${apiKeys.dayCount} + 1 end`,
    })
    .from(users)
    .where(
      and(
        eq(apiKeys.keyHash, sql.placeholder('keyHash')),
        isNull(apiKeys.revokedAt),
        eq(users.id, apiKeys.userId),
        sql`set_config('synchronous_commit', 'off', true) = 'off'`,
      ),
    )
    .returning({
      keyId: apiKeys.id,
      userId: users.id,
      role: users.role,
      minuteStartedAt: apiKeys.minuteStartedAt,
      minuteCount: apiKeys.minuteCount,
      dayStartedAt: apiKeys.dayStartedAt,
      dayCount: apiKeys.dayCount,
    })
    .prepare('api_key_lookup');

  return async (authorization: string | undefined, at: Date): Promise<ApiKeyHolder> => {
    const match = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) throw missingKey();
    const key = match[1]!;
    if (!keyPattern.test(key)) throw invalidKey();
    const [row] = await findAndCount.execute({ keyHash: hashApiKey(key), now: at.toISOString(), day: utcDay(at) });
    if (!row) throw invalidKey();
    return {
      keyId: row.keyId,
      userId: row.userId,
      role: row.role,
      windows: {
        minute: { startedAt: row.minuteStartedAt!, count: row.minuteCount },
        day: { startedAt: row.dayStartedAt!, count: row.dayCount },
      },
    };
  };
}

// RFC 6750: a 401 for a bearer-token resource says which scheme it wants.
const challenge = { 'WWW-Authenticate': 'Bearer realm="api/v1"' };
const missingKey = () => new AppError('unauthorized', 'Send your API key as "Authorization: Bearer <key>"', challenge);
const invalidKey = () => new AppError('unauthorized', 'This API key is not valid or has been revoked', challenge);
