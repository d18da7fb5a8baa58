import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { createDatabase } from '../../db/client.ts';
import { devDataDir, devPostgresPort, embeddedDatabaseIn } from '../../db/dev-database.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../auth/password.ts';
import { assignRole } from '../auth/roles.ts';
import { endSessions } from '../auth/session.ts';
import { createUser } from '../auth/users.ts';
import { AppError } from '../http/errors.ts';
import { emailSchema, nameSchema } from '../shared/account-schemas.ts';
import { passwordSchema } from '../shared/password-rules.ts';

const usage = `Creates an admin, or makes an existing account an admin.

  npm run admin -- --email admin@example.org --password 'A-long-Passphrase-1' [--name 'Ada Admin']

For an existing account --password is optional; when given it replaces the password and signs the
account out everywhere. Uses DATABASE_URL, or the database of a running \`make dev\`.`;

class UsageError extends Error {}

async function main(): Promise<string> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) return usage;
  if (!values.email) throw new UsageError('--email is required');
  const email = parseOrFail(emailSchema, values.email);
  const password = values.password === undefined ? undefined : parseOrFail(passwordSchema, values.password);
  const name = values.name === undefined ? undefined : parseOrFail(nameSchema, values.name);

  const database = createDatabase(await databaseUrl(), { max: 1 });
  try {
    return await database.db.transaction(async (tx) => {
      const now = new Date();
      const [existing] = await tx
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);

      if (!existing) {
        if (!password) throw new UsageError('--password is required to create a new account');
        const user = await createUser(tx, { email, password, name: name ?? email.split('@')[0]!, company: null }, { ip: null, at: now, via: 'cli' });
        await assignRole(tx, { actor: null, userId: user.id, role: 'admin', ip: null, at: now });
        return `Created admin ${email} (user ${user.id}).`;
      }

      const done: string[] = [];
      if (password) {
        await tx.update(users).set({ passwordHash: await hashPassword(password), updatedAt: now }).where(eq(users.id, existing.id));
        await endSessions(tx, existing.id);
        done.push('password replaced, sessions ended');
      }
      if (name) {
        await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, existing.id));
        done.push('name updated');
      }
      // A super_admin already has everything an admin has; it is never lowered from here.
      if (existing.role !== 'admin' && existing.role !== 'super_admin') {
        await assignRole(tx, { actor: null, userId: existing.id, role: 'admin', ip: null, at: now });
        done.push(`role ${existing.role} -> admin`);
      } else {
        done.push(`already ${existing.role}`);
      }
      return `Updated ${email} (user ${existing.id}): ${done.join('; ')}.`;
    });
  } finally {
    await database.close();
  }
}

function parseOrFail<T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(result.error.issues.map((issue) => issue.message).join('; '));
  return result.data;
}

/** DATABASE_URL, else the embedded Postgres that `make dev` keeps under .data/ (it must be running). */
async function databaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const database = embeddedDatabaseIn(devDataDir);
  const password = await readFile(database.passwordFile, 'utf8').catch(() => {
    throw new UsageError('Set DATABASE_URL, or start `make dev` once so its database exists');
  });
  const port = process.env.PG_PORT ?? String(devPostgresPort);
  return `postgres://postgres:${encodeURIComponent(password.trim())}@127.0.0.1:${port}/${database.database}`;
}

main().then(
  (message) => console.log(message),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof AppError) {
      console.error(`admin: ${error.message}`);
      if (error instanceof UsageError) console.error(`\n${usage}`);
    } else if (error instanceof Error && 'code' in error && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      console.error(`admin: ${error.message}\n\n${usage}`);
    } else {
      console.error('admin: failed:', error);
    }
    process.exitCode = 1;
  },
);
