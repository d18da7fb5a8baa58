import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { createDatabase } from './client.ts';
import { loadReferenceData } from './reference-data.ts';
import { policies } from './schema/index.ts';
import { loadDemoPolicies } from './seed.ts';

const usage = `Usage: npx tsx db/seed-cli.ts --count 100000 [--seed 42] [--start-index N] [--batch-size 1000]

Inserts generated demo policies into the database at DATABASE_URL.
--start-index defaults to the number of policies already stored, so repeated runs append
instead of colliding on source URLs.`;

const PROGRESS_EVERY = 10_000;

function parseInteger(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < min) {
    throw new Error(`--${name} must be an integer >= ${min}, got "${value}"`);
  }
  return parsed;
}

/** Postgres errors the user can act on, with what to do about them. */
function explain(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === '23505') return 'Some generated source URLs already exist: pass a --start-index past the demo policies already loaded (or another --seed).';
  if (code === '42P01') return 'The tables do not exist yet: run the migrations first (npm run migrate).';
  return undefined;
}

async function main(): Promise<number> {
  let options: { count: number; seed: number | undefined; startIndex: number | undefined; batchSize: number | undefined };
  try {
    const { values } = parseArgs({
      options: {
        count: { type: 'string' },
        seed: { type: 'string' },
        'start-index': { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const total = parseInteger('count', values.count, 0);
    if (total === undefined) throw new Error('--count is required');
    options = {
      count: total,
      seed: parseInteger('seed', values.seed, 0),
      startIndex: parseInteger('start-index', values['start-index'], 0),
      batchSize: parseInteger('batch-size', values['batch-size'], 1),
    };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(usage);
    return 2;
  }

  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set. Point it at the Postgres database to seed, e.g.');
    console.error('  DATABASE_URL=postgres://user:password@localhost:5432/policy_tracker npx tsx db/seed-cli.ts --count 100000');
    return 1;
  }

  const { db, close } = createDatabase(url, { max: 1 });
  try {
    // Policies reference departments, industries and topics; loading them is idempotent.
    await loadReferenceData(db);
    const existing = (await db.select({ n: count() }).from(policies))[0]?.n ?? 0;
    const startIndex = options.startIndex ?? existing;
    const seed = options.seed ?? 42;
    console.log(`Seeding ${options.count.toLocaleString('en')} demo policies (seed ${seed}, start index ${startIndex}; ${existing.toLocaleString('en')} already stored)`);

    const started = performance.now();
    const rate = (done: number) => Math.round(done / Math.max((performance.now() - started) / 1000, 0.001));
    let reported = 0;
    const inserted = await loadDemoPolicies(db, {
      count: options.count,
      seed,
      startIndex,
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      onProgress: (done) => {
        if (Math.floor(done / PROGRESS_EVERY) > Math.floor(reported / PROGRESS_EVERY)) {
          console.log(`  ${done.toLocaleString('en')} / ${options.count.toLocaleString('en')} (${rate(done).toLocaleString('en')} policies/s)`);
          reported = done;
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`Inserted ${inserted.toLocaleString('en')} policies in ${seconds.toFixed(1)} s (${rate(inserted).toLocaleString('en')} policies/second)`);
    return 0;
  } catch (error) {
    // Drizzle wraps the database error in one whose message repeats the whole batch's parameters.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const hint = explain(cause);
    if (hint) console.error(`Seeding failed: ${(cause as Error).message}\n${hint}`);
    else console.error('Seeding failed:', cause);
    return 1;
  } finally {
    await close();
  }
}

process.exitCode = await main();
