import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { createTestUser, signInAs, userRole } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run admin (api/cli/admin.ts)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const admin = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'api/cli/admin.ts', ...args], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: ctx.databaseUrl },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('creates an admin who can sign in, with an audited role change', async () => {
    const result = await admin('--email', 'Boss@Example.org', '--password', 'Admin-Passphrase-1', '--name', 'The Boss');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created admin boss@example.org/);
    const [row] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = 'boss@example.org'`);
    expect(row).toMatchObject({ role: 'admin', name: 'The Boss', username: 'boss@example.org' });
    const login = await ctx.request('/api/auth/login', { json: { username: 'boss@example.org', password: 'Admin-Passphrase-1' } });
    expect((await login.json()).user.role).toBe('admin');
    const changes = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'role_changed'), eq(auditLog.subject, `user:${row!.id}`)));
    expect(changes[0]!.details).toEqual({ from: 'user', to: 'admin', via: 'cli' });
    const created = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user_registered'), eq(auditLog.subject, `user:${row!.id}`)));
    expect(created).toMatchObject([{ actorId: row!.id, ip: null, details: { via: 'cli' } }]);
  });

  it('promotes an existing user, replacing the password and ending their sessions', async () => {
    const user = await createTestUser(ctx);
    const cookie = await signInAs(ctx, user.id);
    const result = await admin('--email', user.email, '--password', 'Fresh-Admin-Pass-2');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('role user -> admin');
    expect(await userRole(ctx, user.id)).toBe('admin');
    expect((await ctx.request('/api/user', { cookie })).status).toBe(401);
  });

  it('refuses a password that breaks the rules, with the rule and a non-zero exit', async () => {
    const result = await admin('--email', 'weak@example.org', '--password', 'short');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('admin: Password must be at least 12 characters');
    expect(await ctx.db.select().from(users).where(eq(users.email, 'weak@example.org'))).toEqual([]);
  });
});
