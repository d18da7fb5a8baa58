import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../api/test/local-services.ts';
import { ensureWebBuilt, startStack } from '../../api/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
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
    env: { ...env, APP_URL: `http://localhost:${port}`, NODE_ENV: 'test' },
    demoPolicies: 300,
    log,
  });
  project.provide('baseUrl', stack.url);
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
