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
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
