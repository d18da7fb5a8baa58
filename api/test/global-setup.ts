import type { TestProject } from 'vitest/node';
import { startTestServices } from './local-services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    meiliUrl: string;
    meiliMasterKey: string;
  }
}

/** Vitest global setup: real Postgres and Meilisearch for the whole run. */
export default async function setup(project: TestProject) {
  const services = await startTestServices();
  project.provide('postgresAdminUrl', services.postgresAdminUrl);
  project.provide('meiliUrl', services.meiliUrl);
  project.provide('meiliMasterKey', services.meiliMasterKey);
  return services.stop;
}
