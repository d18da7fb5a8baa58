import { eq, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit, userSubject } from './audit.ts';
import { conflict, badRequest } from '../http/errors.ts';
import { registerSchema, type RegisterInput } from '../shared/account-schemas.ts';
import { describeIssues } from '../http/validation.ts';
import { hashPassword } from './password.ts';
import { sessionUserColumns, toSessionUser, type SessionUser } from './session.ts';


export type NewUser = Omit<RegisterInput, 'username'> & {
  /** Defaults to the email: the landing signup has no username field. */
  username?: string;
};

export const duplicateEmailMessage = 'An account with this email already exists';
export const duplicateUsernameMessage = 'This username is already taken';

/** Who or what created the account, for its `user_registered` audit row. */
export type Registration = { ip: string | null; at: Date; via: 'register' | 'signup-checkout' | 'cli' };

/**
 * The one way an account is made: validates the spec's rules (400 naming the field), refuses a
 * taken email or username (409), hashes the password with Argon2id, inserts a user with the
 * access role "user" and records `user_registered`. Pass a transaction so the account and its
 * audit row commit together with whatever the caller does next (a session, a role).
 */
export async function createUser(db: Executor, input: NewUser, registration: Registration): Promise<SessionUser> {
  const parsed = registerSchema.safeParse({ ...input, username: input.username ?? input.email });
  if (!parsed.success) throw badRequest(describeIssues(parsed.error.issues));
  const { username, email, password, name, company } = parsed.data;

  // Checked first so a taken name costs no hashing and gets its own message; the unique indexes
  // (mapped to the same messages in errors.ts) still decide a race.
  const taken = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.username}) = lower(${username})`))
    .limit(2);
  if (taken.some((user) => user.email.toLowerCase() === email)) throw conflict(duplicateEmailMessage);
  if (taken.length) throw conflict(duplicateUsernameMessage);

  const [user] = await db
    .insert(users)
    .values({
      // An email used as the username is stored like the email: lower case.
      username: username.includes('@') ? email : username,
      email,
      passwordHash: await hashPassword(password),
      name,
      company: company ?? null,
    })
    .returning(sessionUserColumns);
  await recordAudit(db, {
    action: 'user_registered',
    actorId: user!.id,
    subject: userSubject(user!.id),
    ip: registration.ip,
    at: registration.at,
    details: { via: registration.via },
  });
  return toSessionUser(user!);
}

/** The account a login name (username or email, any case) belongs to, with what login needs. */
export async function findUserByLoginName(db: Pick<Database, 'select'>, loginName: string) {
  const normalized = loginName.trim().toLowerCase();
  const [user] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${normalized}`, sql`lower(${users.username}) = ${normalized}`))
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: Pick<Database, 'select'>, userId: number) {
  const [user] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}
