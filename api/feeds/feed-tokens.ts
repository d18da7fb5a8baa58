import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { feedTokens, users, type Role } from '../../db/schema/index.ts';
import { generateSessionToken, hashSessionToken } from '../auth/session.ts';

/**
 * A personal feed token: a secret a feed reader puts in the URL, since it cannot sign in. Made
 * like a session token and stored only as its hash (so it is shown once); one per user; a
 * new one replaces (revokes) the old, and the user may remove it.
 */
export async function issueFeedToken(db: Database, userId: number, now: Date): Promise<{ token: string; createdAt: Date }> {
  const token = generateSessionToken();
  const values = { tokenHash: hashSessionToken(token), createdAt: now };
  await db.insert(feedTokens).values({ userId, ...values }).onConflictDoUpdate({ target: feedTokens.userId, set: values });
  return { token, createdAt: now };
}

/** The user's token stops working and none replaces it. */
export async function removeFeedToken(db: Database, userId: number): Promise<void> {
  await db.delete(feedTokens).where(eq(feedTokens.userId, userId));
}

/** When the user's current token was made, or null when they have none. */
export async function feedTokenCreatedAt(db: Database, userId: number): Promise<Date | null> {
  const [row] = await db.select({ createdAt: feedTokens.createdAt }).from(feedTokens).where(eq(feedTokens.userId, userId));
  return row?.createdAt ?? null;
}

/** The user a token belongs to, or null for a token that is unknown or was replaced. */
export async function feedTokenOwner(db: Database, token: string): Promise<{ id: number; role: Role } | null> {
  // Tokens are base32 of 32 bytes; anything else is no token and costs no query.
  if (!/^[a-z2-7]{52}$/.test(token)) return null;
  const [owner] = await db
    .select({ id: users.id, role: users.role })
    .from(feedTokens)
    .innerJoin(users, eq(users.id, feedTokens.userId))
    .where(eq(feedTokens.tokenHash, hashSessionToken(token)));
  return owner ?? null;
}
