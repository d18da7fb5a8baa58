import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['web/e2e/**/*.e2e.ts'],
    globalSetup: ['./web/e2e/global-setup.ts'],
    pool: 'forks',
    // One Chromium at a time: journeys share the demo data and this machine has 2 cores.
    fileParallelism: false,
    // One process for every file, in turn: each journey file launches its own Chromium and closes
    // it, and no journey mocks a module, so the files need no fresh module graph each (re-importing
    // Playwright and the helpers took about 4 s a file under load).
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
