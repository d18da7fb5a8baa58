import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{vocabulary,api,db,indexer,web/src}/**/*.test.{ts,tsx}'],
    globalSetup: ['./vitest.global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The suite shares one Postgres and one Meilisearch; two workers fit this 2-core machine.
    maxWorkers: 2,
  },
});
