import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../db/free-port.ts';
import { ensureWebBuilt, startStack } from '../../api/dev/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

/** The browser journeys run against the whole product, started exactly as `make dev` starts it. */
export default async function setup(project: TestProject) {
  const log = (source: string, line: string) => {
    if (process.env.E2E_VERBOSE || /error|fail/i.test(line)) console.log(`[${source}] ${line}`);
  };
  await ensureWebBuilt(log);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'policy-tracker-e2e-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const { DATABASE_URL: _db, MEILI_URL: _meili, MEILI_MASTER_KEY: _key, ...env } = process.env;
  const stack = await startStack({
    dataDir,
    port,
    postgresPort: await freePort(),
    meiliPort: await freePort(),
    // Every journey signs up from 127.0.0.1: the per-IP limit on new accounts is for the world.
    // The sources' journey points a source at a site on this machine (test stack only), unpaced, its new stories processed at once;
    // the alerts' journey posts to a Slack stand-in on this machine.
    env: { ...env, APP_URL: `http://localhost:${port}`, NODE_ENV: 'test', REGISTRATIONS_PER_IP_PER_HOUR: '1000', SOURCES_ALLOW_PRIVATE_HOSTS: 'true', SOURCES_MIN_DELAY_MS: '0', AUTO_PROCESS: 'true', ALERT_WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true' },
    demoPolicies: 300,
    log,
  });
  await waitUntilIndexed(stack.url, 300);
  project.provide('baseUrl', stack.url);
  project.provide('databaseUrl', stack.databaseUrl);
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** The API is healthy before the indexer has caught up: journeys start once every demo policy is searchable. */
async function waitUntilIndexed(baseUrl: string, policies: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as {
      search: { documents?: number };
      database: { outboxBacklog?: number };
    };
    if ((health.search.documents ?? 0) >= policies && health.database.outboxBacklog === 0) return;
    if (Date.now() > deadline) throw new Error(`Demo policies not indexed within 120 s: ${JSON.stringify(health)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
