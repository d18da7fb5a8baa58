import { createDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { loadReferenceData } from './reference-data.ts';

/**
 * `npm run migrate`: brings the database at DATABASE_URL to the current schema and reference data
 * (departments, industries, topics). Idempotent; run it before starting a new version's API and
 * indexer (a systemd ExecStartPre, or a one-shot compose service).
 */
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required');
  process.exit(2);
}
const database = createDatabase(url, { max: 1 });
try {
  await migrateDatabase(database.db);
  await loadReferenceData(database.db);
  console.log('database migrated, reference data loaded');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
}
