import { addDays } from 'date-fns';
import { eq } from 'drizzle-orm';
import { subscriptions, users, type Role } from '../../db/schema/index.ts';
import { createUser } from '../../db/testing.ts';
import { hashPassword } from '../auth/password.ts';
import { insertSession, sessionCookie } from '../auth/session.ts';
import type { TestContext } from './context.ts';

/** Meets the spec's rules; every factory user has it. */
export const testPassword = 'Correct-Horse-42!';

let passwordHash: Promise<string> | undefined;

/** A user row written directly (one shared hash), for tests about something other than signup. */
export async function createTestUser(ctx: TestContext, overrides: { email?: string; username?: string; role?: Role; name?: string } = {}) {
  return createUser(ctx.db, { ...overrides, passwordHash: await (passwordHash ??= hashPassword(testPassword)) });
}

/** A session for the user, as the Cookie header the browser would send. */
export async function signInAs(ctx: TestContext, userId: number): Promise<string> {
  const { token } = await insertSession(ctx.db, userId, ctx.deps.now());
  return `${sessionCookie(ctx.config).name}=${token}`;
}

/** A signed-in user of the given role: the row and its cookie. */
export async function createSignedInUser(ctx: TestContext, overrides: Parameters<typeof createTestUser>[1] = {}) {
  const user = await createTestUser(ctx, overrides);
  return { user, cookie: await signInAs(ctx, user.id) };
}

/** A signed-in reader with an active subscription (the local provider's), paid for the next 30 days. */
export async function createSubscriber(ctx: TestContext) {
  const subscriber = await createSignedInUser(ctx);
  const now = ctx.deps.now();
  await ctx.db.insert(subscriptions).values({
    userId: subscriber.user.id,
    provider: 'local',
    providerSubscriptionId: `local_sub_${subscriber.user.id}`,
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: addDays(now, 30),
  });
  return subscriber;
}

/** The session cookie a response set, as a Cookie header ("name=value"), or null. */
export function sessionCookieFrom(ctx: TestContext, response: Response): string | null {
  const name = sessionCookie(ctx.config).name;
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
  const pair = cookie?.split(';')[0];
  return pair && pair !== `${name}=` ? pair : null;
}

export async function userRole(ctx: TestContext, userId: number): Promise<Role | undefined> {
  const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

/** Who may call an admin endpoint: the role matrix every admin call is tested against. */
export type Caller = Role | 'anonymous';
export const adminRoleMatrix = [
  ['anonymous', 401],
  ['user', 403],
  ['editor', 403],
  ['admin', 200],
  ['super_admin', 200],
] as const satisfies readonly (readonly [Caller, number])[];

/** One signed-in user of each role, named "The {role}": their cookies and ids. */
export async function signInEveryRole(ctx: TestContext) {
  const cookies: Partial<Record<Caller, string>> = {};
  const ids: Partial<Record<Role, number>> = {};
  for (const role of ['user', 'editor', 'admin', 'super_admin'] as const) {
    const { user, cookie } = await createSignedInUser(ctx, { role, name: `The ${role}` });
    cookies[role] = cookie;
    ids[role] = user.id;
  }
  return { cookies, ids };
}
