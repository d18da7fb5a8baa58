import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './db/testing.ts';
import { startTestMeilisearch } from './indexer/testing.ts';

/**
 * Vitest global setup: real Postgres and Meilisearch for the whole run. Beside the config rather
 * than in a module: the run spans every module, and each module's testing.ts starts its own part.
 */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  try {
    const meili = await startTestMeilisearch();
    project.provide('postgresAdminUrl', postgres.adminUrl);
    project.provide('meiliUrl', meili.url);
    project.provide('meiliMasterKey', meili.masterKey);
    return async () => {
      await meili.stop();
      await postgres.stop();
    };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}
