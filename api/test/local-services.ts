import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../db/client.ts';
import { startEmbeddedPostgres } from '../../db/embedded-postgres.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { loadReferenceData } from '../../db/reference-data.ts';
import { startMeilisearch } from '../../indexer/meilisearch-server.ts';

export const templateDatabase = 'test_template';

export type TestServices = {
  /** A URL to the server's maintenance database; swap the path for other databases. */
  postgresAdminUrl: string;
  meiliUrl: string;
  meiliMasterKey: string;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts Postgres and Meilisearch the way `make dev` does (or uses DATABASE_URL / MEILI_URL when
 * given), on free ports in a temporary directory, and migrates a template database once so each
 * test file can clone its own isolated database from it.
 */
export async function startTestServices(): Promise<TestServices> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'policy-tracker-test-'));
  await chmod(tempDir, 0o755);
  const stops: (() => Promise<void>)[] = [];
  try {
    let postgresAdminUrl: string;
    if (process.env.DATABASE_URL) {
      postgresAdminUrl = process.env.DATABASE_URL;
    } else {
      const postgres = await startEmbeddedPostgres({
        dataDir: path.join(tempDir, 'postgres'),
        port: await freePort(),
        password: randomBytes(12).toString('hex'),
        database: 'postgres',
        // Throwaway data: durability only costs time here.
        settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
      });
      stops.push(postgres.stop);
      postgresAdminUrl = postgres.url;
    }

    let meiliUrl: string;
    let meiliMasterKey: string;
    if (process.env.MEILI_URL) {
      meiliUrl = process.env.MEILI_URL;
      meiliMasterKey = process.env.MEILI_MASTER_KEY ?? '';
    } else {
      meiliMasterKey = randomBytes(24).toString('base64url');
      const meili = await startMeilisearch({ dataDir: path.join(tempDir, 'meilisearch'), port: await freePort(), masterKey: meiliMasterKey });
      stops.push(meili.stop);
      meiliUrl = meili.url;
    }

    await createTemplateDatabase(postgresAdminUrl);
    const stop = async () => {
      for (const stopService of stops.reverse()) await stopService().catch(() => {});
      await rm(tempDir, { recursive: true, force: true });
    };
    return { postgresAdminUrl, meiliUrl, meiliMasterKey, stop };
  } catch (error) {
    for (const stopService of stops.reverse()) await stopService().catch(() => {});
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
