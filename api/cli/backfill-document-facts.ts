import { createDatabase } from '../../db/client.ts';
import { backfillDocumentFacts } from '../processing/backfill-document-facts.ts';

/** `npm run policies:backfill-document-facts`: fills the Chinese title and document number of existing policies (DATABASE_URL). */
async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the database to backfill');
  const database = createDatabase(url, { max: 1 });
  try {
    const changed = await backfillDocumentFacts(database.db);
    console.log(`Filled the Chinese title or document number of ${changed} policies`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
