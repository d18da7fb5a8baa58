import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { freePort } from '../db/free-port.ts';
import { startMeilisearch } from './meilisearch-server.ts';

/**
 * For scripts that test the product from outside (.ci/smoke-prod.sh): a throwaway Postgres and
 * Meilisearch, started as the test setup starts them (db/testing.ts, indexer/testing.ts) but
 * with an empty database, since what is tested is the product's own migration. Prints
 * `DATABASE_URL=... MEILI_URL=... MEILI_MASTER_KEY=...` on one line once both answer, then runs
 * until SIGTERM or SIGINT, which stops both and deletes their data.
 *
 *   node --import tsx indexer/test-services.ts
 */
const tempDir = await mkdtemp(path.join(os.tmpdir(), 'policy-tracker-services-'));
// embedded-postgres runs Postgres as another user when we are root: it must reach the data.
await chmod(tempDir, 0o755);
const stops: (() => Promise<void>)[] = [];
const stop = async () => {
  for (const stopOne of stops.reverse()) await stopOne().catch((error: unknown) => console.error(error));
  await rm(tempDir, { recursive: true, force: true });
};

try {
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(tempDir, 'postgres'),
    port: await freePort(),
    password: randomBytes(12).toString('hex'),
    database: 'policy_tracker',
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  stops.push(postgres.stop);
  const masterKey = randomBytes(24).toString('base64url');
  const meili = await startMeilisearch({ dataDir: path.join(tempDir, 'meilisearch'), port: await freePort(), masterKey });
  stops.push(meili.stop);
  console.log(`DATABASE_URL=${postgres.url} MEILI_URL=${meili.url} MEILI_MASTER_KEY=${masterKey}`);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  // embedded-postgres's exit hook listens for these too: ours alone stops the servers, then exits.
  process.removeAllListeners(signal);
  process.once(signal, () => void stop().then(() => process.exit(0)));
}
