import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{vocabulary,api,db,indexer,web/src}/**/*.test.{ts,tsx}'],
    globalSetup: ['./vitest.global-setup.ts'],
    pool: 'forks',
    // Ceilings for tests that wait for events, not expected durations: on this 2-core machine under a
    // load of 20-30 (a CI run beside eight engineers' tests) indexer and import cases took over 30 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The suite shares one Postgres and one Meilisearch; two workers fit this 2-core machine.
    maxWorkers: 2,
  },
});
