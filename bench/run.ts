import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAccounts } from '../api/bench/accounts.ts';
import { benchAnalytics } from '../api/bench/analytics.ts';
import { benchBulk } from '../api/bench/bulk.ts';
import { benchAlerts } from '../api/bench/alerts.ts';
import { benchAdmin } from '../api/bench/admin.ts';
import { benchDedupe } from '../api/bench/dedupe.ts';
import { benchProcessing } from '../api/bench/processing.ts';
import { benchExports } from '../api/bench/exports.ts';
import { benchPublicApi } from '../api/bench/public-api.ts';
import { benchReading } from '../api/bench/reading.ts';
import { benchImports } from '../api/bench/imports.ts';
import { benchLinks } from '../api/bench/links.ts';
import { benchSearch, dropFullTextIndex } from '../api/bench/search.ts';
import { benchSourcesExtract } from '../api/bench/sources-extract.ts';
import { benchSourcesRuns } from '../api/bench/sources-runs.ts';
import { benchStalls } from '../api/bench/stalls.ts';
import { loadDemoUsers } from '../api/dev/demo-users.ts';
import { ensureWebBuilt, readOrCreateSecret } from '../api/dev/stack.ts';
import { createDatabase } from '../db/client.ts';
import { embeddedDatabaseIn } from '../db/dev-database.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { freePort } from '../db/free-port.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { loadReferenceData } from '../db/reference-data.ts';
import { loadDemoPolicies } from '../db/seed.ts';
import { Cleanup, formatBytes, progress, repoRoot, spawnNodeService, waitFor, type NodeService } from '../indexer/bench/environment.ts';
import { benchIndexer, bringIndexInStep, meiliDatabaseDir, type IndexerBenchContext } from '../indexer/bench/indexer.ts';
import { benchIndexSettingsCost } from '../indexer/bench/settings-cost.ts';
import { ensureMeilisearchKeys } from '../indexer/keys.ts';
import { startMeilisearch } from '../indexer/meilisearch-server.ts';
import { benchAnalyticsRender } from '../web/e2e/analytics-bench.ts';
import { benchWeb } from '../web/e2e/bench.ts';
import { benchPaint } from '../web/e2e/paint-bench.ts';
import { compareWithReference, regressionBanner } from './reference.ts';

// The one entry of `make bench`, above the four modules so it may import each of them. Not under
// web/: Tailwind builds the web app's CSS from the words of every file there (this file's usage
// text alone added a `.table` rule to the app's stylesheet).

const sectionNames = ['indexer', 'index-settings', 'search', 'analytics', 'public-api', 'bulk', 'accounts', 'admin', 'processing', 'imports', 'exports', 'web', 'paint', 'reading', 'alerts', 'sources-extract', 'sources-runs', 'stalls', 'links', 'dedupe'] as const;
type SectionName = (typeof sectionNames)[number];

const usage = `usage: make bench [ARGS="--policies N --only indexer,index-settings,search,analytics,public-api,bulk,accounts,admin,processing,imports,exports,web,paint,reading,alerts,sources-extract,sources-runs,stalls,links,dedupe"]
       node --import tsx bench/run.ts [--policies N] [--only ${sectionNames.join(',')}]

  --policies N   size of the data set (default 100000); kept under .bench/N/ and reused by the next run
  --only LIST    sections to run (default: all)

Prints each section's table and writes them to .bench/N/results.md (results-<sections>.md with --only).`;

const indexName = 'policies';
/** Above this 1-minute load average the figures say more about the other work than about ours. */
const quietLoadAverage = 1.5;

function parseOptions(): { policies: number; sections: SectionName[] } | null {
  const { values } = parseArgs({
    options: { policies: { type: 'string', default: '100000' }, only: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) return null;
  if (!/^\d+$/.test(values.policies) || Number(values.policies) < 100) throw new Error(`--policies must be a whole number >= 100, got "${values.policies}"`);
  const sections = values.only ? values.only.split(',').map((name) => name.trim()) : [...sectionNames];
  for (const name of sections) {
    if (!(sectionNames as readonly string[]).includes(name)) throw new Error(`--only: unknown section "${name}" (sections: ${sectionNames.join(', ')})`);
  }
  return { policies: Number(values.policies), sections: sectionNames.filter((name) => sections.includes(name)) };
}

function machineDescription(): { lines: string[]; loaded: boolean } {
  const uptime = (() => {
    try {
      return execFileSync('uptime', { encoding: 'utf8' }).trim();
    } catch {
      return `load average: ${os.loadavg().map((value) => value.toFixed(2)).join(', ')}`;
    }
  })();
  const loadOneMinute = os.loadavg()[0] ?? 0;
  const loaded = loadOneMinute > quietLoadAverage;
  const lines = [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${os.availableParallelism()} CPUs (nproc), ${formatBytes(os.totalmem())} RAM, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.platform()} ${os.release()}, Node ${process.version}`,
    `- At start: \`${uptime}\``,
  ];
  if (loaded) {
    lines.push(
      `- **Warning: the 1-minute load average was ${loadOneMinute.toFixed(2)} (> ${quietLoadAverage}): other work was running, so these figures are not representative.**`,
    );
  }
  return { lines, loaded };
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(usage);
    return 2;
  }
  if (!options) {
    console.log(usage);
    return 0;
  }
  const { policies: policyCount, sections } = options;
  const dataDir = path.join(repoRoot, '.bench', String(policyCount));
  // A run of some sections keeps its own file, so it does not erase an earlier run's other sections.
  const resultsFile = path.join(dataDir, sections.length === sectionNames.length ? 'results.md' : `results-${sections.join('-')}.md`);
  await mkdir(dataDir, { recursive: true });

  const machine = machineDescription();
  console.log(machine.lines.join('\n'));
  if (machine.loaded) console.warn('\nWARNING: this machine is busy; run the benchmark on a quiet machine for figures worth comparing.\n');

  const cleanup = new Cleanup();
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      progress('bench', `${signal}: stopping everything`);
      // Synchronously first: embedded-postgres's own exit hook may end this process at any moment.
      cleanup.killAll();
      void cleanup.stopAll().finally(() => process.exit(130));
    });
  }

  const report: string[] = [
    `# Benchmarks: ${policyCount.toLocaleString('en')} policies`,
    '',
    `- Run: \`make bench ARGS="--policies ${policyCount} --only ${sections.join(',')}"\``,
    ...machine.lines,
  ];
  const save = async () => writeFile(resultsFile, `${report.join('\n')}\n`);
  const database: { close?: () => Promise<void> } = {};
  const regressions: string[] = [];
  try {
    // Extraction needs no services: it runs first, and run alone it starts none.
    if (sections.includes('sources-extract')) {
      const markdown = await benchSourcesExtract();
      console.log(`\n${markdown}\n`);
      report.push('', markdown);
      await save();
      if (sections.length === 1) return 0;
    }
    progress('bench', `data set under ${path.relative(repoRoot, dataDir)}/; sections: ${sections.join(', ')}`);
    const embedded = embeddedDatabaseIn(dataDir);
    const postgres = await startEmbeddedPostgres({
      dataDir: embedded.dataDir,
      port: await freePort(),
      password: await readOrCreateSecret(embedded.passwordFile),
      database: embedded.database,
      // The bench opens many connections at once (16 concurrent searches on two legs, writers, the API pool).
      settings: { max_connections: '200' },
    });
    cleanup.add('postgres', postgres.stop);
    const masterKey = await readOrCreateSecret(path.join(dataDir, 'meili-master-key'));
    const meiliDataDir = path.join(dataDir, 'meilisearch');
    const meili = await startMeilisearch({ dataDir: meiliDataDir, port: await freePort(), masterKey });
    cleanup.add('meilisearch', meili.stop, () => meili.process.kill('SIGTERM'));
    progress('bench', `Postgres and Meilisearch (${meili.url}) are up`);

    // Enough for 16 concurrent SQL searches of two statements each, so the baselines never queue for a connection here.
    const { db, sql, close } = createDatabase(postgres.url, { max: 40 });
    database.close = close;
    const emit = async (markdown: string) => {
      console.log(`\n${markdown}\n`);
      report.push('', markdown);
      await save();
    };

    await migrateDatabase(db);
    await loadReferenceData(db);
    await loadDemoUsers(db);
    // Duplicate detection needs only its own fingerprints (N of them, deleted after): it runs before the policies load.
    if (sections.includes('dedupe')) {
      await emit(await benchDedupe(db, policyCount));
      if (sections.length === 1) return 0;
    }
    const dataLine = await loadPolicies(db, sql, policyCount);
    // As autovacuum leaves a table in service: statistics current, pages marked all-visible.
    await sql`vacuum (analyze) policies`;
    report.push(`- Data: ${dataLine}; then \`vacuum (analyze) policies\`, as autovacuum leaves a table in service`);
    await save();

    const keys = await ensureMeilisearchKeys(meili.url, masterKey, indexName);
    const serviceEnv = productEnv({ DATABASE_URL: postgres.url, MEILI_URL: meili.url, MEILI_INDEX: indexName });
    const indexerContext: IndexerBenchContext = {
      sql,
      meiliUrl: meili.url,
      masterKey,
      adminKey: keys.adminKey,
      searchKey: keys.searchKey,
      indexName,
      meiliDatabaseDir: meiliDatabaseDir(meiliDataDir),
      meiliPid: meili.process.pid,
      startIndexer: () => spawnNodeService('indexer', 'indexer/main.ts', { ...serviceEnv, MEILI_ADMIN_KEY: keys.adminKey }, cleanup),
    };

    if (sections.includes('indexer')) {
      // The search section's full-text index is not part of the product: writes are measured without it.
      await dropFullTextIndex(sql);
      const indexer = await benchIndexer(indexerContext);
      const comparison = compareWithReference(policyCount, indexer.figures);
      await emit(`${indexer.markdown}\n\nAgainst the figures recorded for this size (bench/reference.json):\n\n${comparison.markdown}`);
      regressions.push(...comparison.regressions);
    } else if ((['search', 'analytics', 'public-api', 'processing', 'exports', 'web', 'paint', 'reading', 'alerts', 'sources-runs', 'stalls'] as const).some((name) => sections.includes(name))) {
      // Only what searches needs the index to hold every policy; the accounts and admin calls read Postgres.
      await bringIndexInStep(indexerContext);
    }

    // Indexes of its own, beside the product's: what each setting costs per changed document.
    if (sections.includes('index-settings')) await emit(await benchIndexSettingsCost({ sql, meiliUrl: meili.url, masterKey, indexName }));

    // Links read and write Postgres only: no API, no index.
    if (sections.includes('links')) await emit(await benchLinks({ db, policyCount }));

    const needsApi = sections.some((name) => name !== 'indexer' && name !== 'index-settings' && name !== 'sources-extract' && name !== 'links');
    if (needsApi) {
      if (sections.includes('web') || sections.includes('paint') || sections.includes('analytics')) await ensureWebBuilt(progress);
      const startApi = async (name: string, overrides: Record<string, string> = {}) => {
        const port = await freePort();
        const appUrl = `http://localhost:${port}`;
        const api = spawnNodeService(
          name,
          'api/main.ts',
          { ...serviceEnv, MEILI_ADMIN_KEY: keys.adminKey, MEILI_SEARCH_KEY: keys.searchKey, PORT: String(port), APP_URL: appUrl, NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), PAYMENTS: 'local', ...overrides },
          cleanup,
        );
        await waitForApi(api, `http://127.0.0.1:${port}`);
        progress('bench', `${name} up at ${appUrl}`);
        return { api, appUrl, apiUrl: `http://127.0.0.1:${port}` };
      };
      const { api, appUrl, apiUrl } = await startApi('api');
      const apiContext = { apiUrl, appUrl, sql, meiliUrl: meili.url, searchKey: keys.searchKey, indexName, policyCount };

      if (sections.includes('search')) {
        // The search path itself, with nothing kept in memory: what a query never asked before costs.
        const uncached = await startApi('api (SEARCH_CACHE_MB=0)', { SEARCH_CACHE_MB: '0' });
        const forwarder = await startForwarder({ ...serviceEnv, MEILI_SEARCH_KEY: keys.searchKey }, cleanup);
        await emit(await benchSearch({ ...apiContext, uncachedApiUrl: uncached.apiUrl, forwarderUrl: forwarder.url }));
        await forwarder.stop();
        await uncached.api.stop();
      }
      if (sections.includes('analytics')) {
        const uncached = await startApi('api (SEARCH_CACHE_MB=0)', { SEARCH_CACHE_MB: '0' });
        await emit(await benchAnalytics({ ...apiContext, uncachedApiUrl: uncached.apiUrl }));
        await emit(await benchAnalyticsRender(appUrl));
        await uncached.api.stop();
      }
      if (sections.includes('public-api')) {
        // Its own process, limits raised so the benchmark's thousands of calls are all answered (still counted).
        const raised = await startApi('api (API key limits raised)', { API_REQUESTS_PER_MINUTE: '100000000', API_REQUESTS_PER_DAY: '100000000' });
        await emit(await benchPublicApi({ ...apiContext, apiUrl: raised.apiUrl, appUrl: raised.appUrl }));
        await raised.api.stop();
      }
      if (sections.includes('bulk')) {
        // Its own process, so its memory is the download's alone; limits raised for the sync's thousand pages.
        const bulkApi = await startApi('api (bulk)', { API_REQUESTS_PER_MINUTE: '100000000', API_REQUESTS_PER_DAY: '100000000' });
        await emit(await benchBulk({ ...apiContext, apiUrl: bulkApi.apiUrl, appUrl: bulkApi.appUrl, apiPid: bulkApi.api.pid }));
        await bulkApi.api.stop();
      }
      if (sections.includes('accounts')) await emit(await benchAccounts(apiContext));
      if (sections.includes('admin')) await emit(await benchAdmin(apiContext));
      const processingContext = {
        ...apiContext,
        startIndexer: indexerContext.startIndexer,
        startWorker: async (overrides: Record<string, string>) => {
          const worker = spawnNodeService('worker', 'api/worker/main.ts', { ...serviceEnv, ...overrides }, cleanup);
          // Ready when its first heartbeat is written: its queues are started and its slots registered.
          await waitFor('the worker', async () => (await sql`select 1 from daemon_heartbeats where kind = 'worker' and pid = ${worker.pid}`).length > 0, 60_000);
          return worker;
        },
      };
      if (sections.includes('processing')) await emit(await benchProcessing(processingContext));
      if (sections.includes('imports')) await emit(await benchImports({ ...apiContext, apiPid: api.pid, dataDir }));
      if (sections.includes('exports')) {
        // A process of its own, so its memory is the exports' alone; the hourly limit lifted for the runs.
        const exportsApi = await startApi('api (exports)', { EXPORTS_PER_USER_PER_HOUR: '100000' });
        await emit(await benchExports({ ...apiContext, apiUrl: exportsApi.apiUrl, appUrl: exportsApi.appUrl, apiPid: exportsApi.api.pid }));
        await exportsApi.api.stop();
      }
      if (sections.includes('web')) await emit(await benchWeb({ appUrl, policyCount }));
      if (sections.includes('paint')) await emit(await benchPaint({ appUrl, policyCount }));
      if (sections.includes('sources-runs')) await emit(await benchSourcesRuns({ ...processingContext, databaseUrl: serviceEnv.DATABASE_URL! }));
      if (sections.includes('reading')) await emit(await benchReading({ ...apiContext, bringIndexInStep: () => bringIndexInStep(indexerContext) }));
      if (sections.includes('stalls')) {
        // A process of its own, so no other section's work shares its event loop; the hourly export limit lifted for the runs.
        const stallsApi = await startApi('api (stalls)', { EXPORTS_PER_USER_PER_HOUR: '100000' });
        await emit(await benchStalls({ ...apiContext, apiUrl: stallsApi.apiUrl, appUrl: stallsApi.appUrl }));
        await stallsApi.api.stop();
      }
      if (sections.includes('alerts')) await emit(await benchAlerts({ ...apiContext, startIndexer: () => indexerContext.startIndexer(), startWorker: processingContext.startWorker }));
    }
    progress('bench', `results written to ${path.relative(repoRoot, resultsFile)}`);
    if (regressions.length > 0) console.error(`\n${regressionBanner(policyCount, regressions)}\n`);
    return 0;
  } catch (error) {
    if (interrupted) return 130;
    console.error(`\nbenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    report.push('', `**The run failed: ${error instanceof Error ? error.message : String(error)}**`);
    await save().catch(() => {});
    return 1;
  } finally {
    await database.close?.().catch(() => {});
    if (!interrupted) {
      progress('bench', 'stopping the servers');
      await cleanup.stopAll();
    }
  }
}

/** The environment the product's processes get: ours, not whatever the shell exports for dev servers or Stripe. */
function productEnv(values: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(DATABASE_|MEILI_|STRIPE_|LLM_|INDEXER_|PORT$|APP_URL$|NODE_ENV$)/.test(name)) continue;
    env[name] = value;
  }
  return { ...env, ...values };
}

/** Loads the demo policies the data set still lacks, continuing after those already stored. */
async function loadPolicies(db: ReturnType<typeof createDatabase>['db'], sql: ReturnType<typeof createDatabase>['sql'], wanted: number): Promise<string> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from policies`;
  const existing = row!.count;
  if (existing >= wanted) {
    progress('data', `reusing ${existing.toLocaleString('en')} policies`);
    return `reused ${existing.toLocaleString('en')} policies loaded by an earlier run`;
  }
  const missing = wanted - existing;
  progress('data', `loading ${missing.toLocaleString('en')} demo policies (${existing.toLocaleString('en')} present)`);
  const started = performance.now();
  let reported = 0;
  await loadDemoPolicies(db, {
    count: missing,
    startIndex: existing,
    onProgress: (done) => {
      if (done - reported < Math.max(5_000, missing / 10) && done < missing) return;
      reported = done;
      const seconds = (performance.now() - started) / 1000;
      progress('data', `  ${done.toLocaleString('en')} / ${missing.toLocaleString('en')} (${Math.round(done / seconds)} policies/s)`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(missing / seconds);
  progress('data', `loaded ${missing.toLocaleString('en')} policies in ${seconds.toFixed(1)} s (${rate} policies/s)`);
  return `loaded ${missing.toLocaleString('en')} demo policies in ${seconds.toFixed(1)} s (${rate.toLocaleString('en')} policies/s, batches of 1,000, each with its tags and outbox rows)${existing ? `, after ${existing.toLocaleString('en')} from an earlier run` : ''}`;
}

/** The search bench's floor (api/bench/forwarder.ts), up once it answers. */
async function startForwarder(env: NodeJS.ProcessEnv, cleanup: Cleanup): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const forwarder = spawnNodeService('forwarder', 'api/bench/forwarder.ts', { ...env, PORT: String(port) }, cleanup);
  await waitFor('the forwarder', async () => forwarder.lines.some((line) => line.includes('forwarder listening')), 30_000);
  return { url: `http://127.0.0.1:${port}`, stop: forwarder.stop };
}

/**
 * Up once /api/health answers at all: 200, or 503 when some part is down, which it is by design
 * here (the bench runs its own indexer only in the indexer section, so no daemon heartbeat).
 */
async function waitForApi(api: NodeService, url: string): Promise<void> {
  await waitFor(
    'the API to answer /api/health',
    async () => {
      if (!api.running()) throw new Error(`the API exited during start-up:\n  ${api.lines.join('\n  ')}`);
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
        return response.status === 200 || response.status === 503;
      } catch {
        return false;
      }
    },
    // Three minutes: on the shared 2-core machine under load, tsx alone took over a minute to start the API.
    180_000,
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
