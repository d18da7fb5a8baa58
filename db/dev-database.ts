import path from 'node:path';
import { packageRoot } from './package-root.ts';

/**
 * Where `make dev` keeps its embedded Postgres, Meilisearch and generated secrets: `.data/` at the
 * repository root (`make reset` deletes it). The launcher and the admin CLI read it here.
 */
export const devDataDir = path.join(packageRoot, '.data');

/** `make dev`'s Postgres port, unless PG_PORT names another. */
export const devPostgresPort = 54329;

/**
 * The embedded Postgres inside a local stack's data directory (make dev's, or the benchmark's
 * `.bench/<size>/`): its files, its generated password and its database.
 */
export function embeddedDatabaseIn(dataDir: string) {
  return { dataDir: path.join(dataDir, 'postgres'), passwordFile: path.join(dataDir, 'postgres-password'), database: 'policy_tracker' } as const;
}
