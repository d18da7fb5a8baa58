import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres, type LocalPostgres } from './embedded-postgres.ts';
import { freePort } from './free-port.ts';
import { migrateDatabase } from './migrate.ts';
import { loadReferenceData } from './reference-data.ts';
import { policies, policyIndustries, policyTopics, users, type Role } from './schema/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to the test server's maintenance database; swap the path for other databases. */
    postgresAdminUrl: string;
  }
}

const templateDatabase = 'test_template';

/**
 * For the global setup: starts Postgres the way `make dev` does (or uses DATABASE_URL when
 * given), on a free port in a temporary directory, and migrates a template database once so each
 * test file can clone its own isolated database from it.
 */
export async function startTestPostgres(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    await createTemplateDatabase(process.env.DATABASE_URL);
    return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  }
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'policy-tracker-test-'));
  await chmod(tempDir, 0o755);
  let postgres: LocalPostgres | undefined;
  const stop = async () => {
    await postgres?.stop().catch(() => {});
    await rm(tempDir, { recursive: true, force: true });
  };
  try {
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'postgres'),
      port: await freePort(),
      password: randomBytes(12).toString('hex'),
      database: 'postgres',
      // Throwaway data: durability only costs time here.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    await createTemplateDatabase(postgres.url);
    return { adminUrl: postgres.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function createTemplateDatabase(adminUrl: string): Promise<void> {
  const admin = createDatabase(adminUrl, { max: 1 });
  try {
    await admin.sql.unsafe(`drop database if exists ${templateDatabase} with (force)`);
    await admin.sql.unsafe(`create database ${templateDatabase}`);
  } finally {
    await admin.close();
  }
  const template = createDatabase(databaseUrl(adminUrl, templateDatabase), { max: 1 });
  try {
    await migrateDatabase(template.db);
    await loadReferenceData(template.db);
  } finally {
    await template.close();
  }
}

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** A test file's own database: a fresh clone of the migrated template (reference data loaded). */
export async function createTestDatabase() {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(5).toString('hex')}`;
  await cloneTemplate(adminUrl, name);
  const url = databaseUrl(adminUrl, name);
  const database = createDatabase(url);
  return { db: database.db, sql: database.sql, databaseUrl: url, close: database.close };
}

async function cloneTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = createDatabase(adminUrl, { max: 1 });
  try {
    // Two clones of one template at the same instant can collide ("source database is being
    // accessed by other users"); a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.sql.unsafe(`create database ${name} template ${templateDatabase}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.close();
  }
}

type NewPolicy = typeof policies.$inferInsert;

let policiesCreated = 0;

/** A policy with its tags, inserted the way the product does; every field can be overridden. */
export async function createPolicy(
  db: Database,
  overrides: Partial<NewPolicy> & { industryIds?: number[]; topicIds?: number[] } = {},
) {
  const { industryIds = [], topicIds = [], ...fields } = overrides;
  policiesCreated += 1;
  return db.transaction(async (tx) => {
    const [policy] = await tx
      .insert(policies)
      .values({
        departmentId: 1,
        title: `Test policy ${policiesCreated}`,
        description: `Description of test policy ${policiesCreated}`,
        publishedOn: '2026-01-15',
        impact: 5,
        ...fields,
      })
      .returning();
    if (industryIds.length > 0) await tx.insert(policyIndustries).values(industryIds.map((industryId) => ({ policyId: policy!.id, industryId })));
    if (topicIds.length > 0) await tx.insert(policyTopics).values(topicIds.map((topicId) => ({ policyId: policy!.id, topicId })));
    return policy!;
  });
}

let usersCreated = 0;

/**
 * A user row written directly, with a unique email. The caller gives the password hash: hashing
 * is the API's business (api/auth/password.ts), and a hash made anywhere else could drift from it.
 */
export async function createUser(
  db: Database,
  fields: { passwordHash: string; email?: string; username?: string; role?: Role; name?: string },
) {
  usersCreated += 1;
  const email = fields.email ?? `user${usersCreated}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      username: fields.username ?? email,
      passwordHash: fields.passwordHash,
      name: fields.name ?? `Test User ${usersCreated}`,
      role: fields.role ?? 'user',
    })
    .returning();
  return user!;
}

/** Polls `check` until it returns a value other than undefined/false, or fails after the deadline. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, options: { timeoutMs?: number; what?: string } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'a condition'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
