import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { subscriptions, users, type Role } from '../../db/schema/index.ts';
import { hashPassword } from '../auth/password.ts';

/** One password for every demo login; it meets the spec's rules. Printed by `make dev`. */
export const demoPassword = 'Demo-Password-2026!';

const trialMs = 7 * 24 * 60 * 60 * 1000;

type DemoUser = { email: string; name: string; role: Role; trial?: boolean };

export const demoUsers: readonly DemoUser[] = [
  { email: 'admin@example.com', name: 'Demo Admin', role: 'admin' },
  { email: 'editor@example.com', name: 'Demo Editor', role: 'editor' },
  { email: 'subscriber@example.com', name: 'Demo Subscriber', role: 'user', trial: true },
  { email: 'reader@example.com', name: 'Demo Reader', role: 'user' },
];

/**
 * Creates the demo logins that are missing (idempotent: existing accounts are left as they are).
 * The subscriber gets a local-provider trial ending 7 days after it was created.
 */
export async function loadDemoUsers(db: Database, now: Date = new Date()): Promise<void> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, demoUsers.map((user) => user.email)));
  const missing = demoUsers.filter((demo) => !existing.some((user) => user.email.toLowerCase() === demo.email));
  if (!missing.length) return;

  const passwordHashes = await Promise.all(missing.map(() => hashPassword(demoPassword)));
  await db.transaction(async (tx) => {
    for (const [index, demo] of missing.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.email,
          email: demo.email,
          passwordHash: passwordHashes[index]!,
          name: demo.name,
          role: demo.role,
          isOnboarded: true,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user || !demo.trial) continue;
      const trialEnd = new Date(now.getTime() + trialMs);
      await tx
        .insert(subscriptions)
        .values({
          userId: user.id,
          provider: 'local',
          providerSubscriptionId: 'local_demo_subscriber',
          status: 'trialing',
          currentPeriodStart: now,
          currentPeriodEnd: trialEnd,
          trialEnd,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    }
  });
}
