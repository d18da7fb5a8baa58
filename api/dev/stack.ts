import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '../../db/client.ts';
import { embeddedDatabaseIn } from '../../db/dev-database.ts';
import { startEmbeddedPostgres } from '../../db/embedded-postgres.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { spawnNodeProcess } from '../../db/node-process.ts';
import { loadReferenceData } from '../../db/reference-data.ts';
import { demoPoliciesNeeded, loadDemoPolicies, loadLinkedDemoDocuments } from '../../db/seed.ts';
import { startMeilisearch } from '../../indexer/meilisearch-server.ts';
import { demoPassword, loadDemoUsers } from './demo-users.ts';
import { startMailSink } from './mail-sink.ts';
import { startSupervised, type Supervised } from './supervisor.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type StackOptions = {
  /** Where embedded Postgres, Meilisearch and the generated secrets live (`.data/` for make dev). */
  dataDir: string;
  port: number;
  postgresPort: number;
  meiliPort: number;
  /** DATABASE_URL / MEILI_URL / MEILI_MASTER_KEY here mean "use that server, start none". */
  env: NodeJS.ProcessEnv;
  demoPolicies: number;
  log: (source: string, line: string) => void;
  /** First wait before restarting a part that died (a service, or the Postgres or Meilisearch it started), doubling up to 30 s; default 1 s. */
  restartDelayMs?: number;
};

export type Stack = {
  url: string;
  /** The stack's Postgres, for journeys that set what only time or Stripe could (subscription states). */
  databaseUrl: string;
  demoLogins: { role: string; email: string; password: string }[];
  /** The process of each part it runs (postgres and meilisearch when its own, indexer, worker, api), for tests that kill one. */
  pids: () => Record<string, number | undefined>;
  stop: () => Promise<void>;
};

/**
 * Brings the whole product up: Postgres and Meilisearch (embedded unless URLs are given),
 * migrations, reference and demo data, then the indexer, the story worker and the API as child processes.
 * Shared by `make dev` and the browser journeys, so both run exactly the same stack.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopPart of stops.reverse()) await stopPart().catch((error) => options.log('stack', String(error)));
    stops.length = 0;
  };
  try {
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const env = { ...options.env };

    // Postgres and Meilisearch are the stack's own only when no URL names another's: those it
    // started it supervises like the services, on the same port and data, so the API, indexer and
    // worker (which ride out an outage) reconnect to the restarted one.
    const supervised: Supervised[] = [];
    if (!env.DATABASE_URL) {
      const embedded = embeddedDatabaseIn(options.dataDir);
      const password = await readOrCreateSecret(embedded.passwordFile);
      let url = '';
      const postgres = await startSupervised(
        'postgres',
        async () => {
          const started = await startEmbeddedPostgres({
            dataDir: embedded.dataDir,
            port: options.postgresPort,
            password,
            database: embedded.database,
            // Its routine lines stay out of the log; what stops it does not.
            onLog: (line) => /\b(FATAL|PANIC)\b/.test(line) && options.log('postgres', line),
          });
          url = started.url;
          return { child: started.process, stop: started.stop };
        },
        options,
      );
      supervised.push(postgres);
      stops.push(postgres.stop);
      env.DATABASE_URL = url;
    }
    if (!env.MEILI_URL) {
      const masterKey = await readOrCreateSecret(path.join(options.dataDir, 'meili-master-key'));
      env.MEILI_MASTER_KEY = masterKey;
      let url = '';
      const meili = await startSupervised(
        'meilisearch',
        async () => {
          const started = await startMeilisearch({
            dataDir: path.join(options.dataDir, 'meilisearch'),
            port: options.meiliPort,
            masterKey,
            onLog: (line) => options.log('meilisearch', line),
          });
          url = started.url;
          return { child: started.process, stop: started.stop };
        },
        options,
      );
      supervised.push(meili);
      stops.push(meili.stop);
      env.MEILI_URL = url;
    }

    // Mail goes to a local sink unless SMTP_URL names a server: alerts and contact messages work
    // offline, each message kept as a .eml file, and the back office's Outbox shows the alerts.
    if (!env.SMTP_URL) {
      const sinkDir = path.join(options.dataDir, 'mail-sink');
      const sink = await startMailSink({ dir: sinkDir, onMail: (mail) => options.log('mail', `received a message for ${mail.to.join(', ')} (kept in ${sinkDir})`) });
      stops.push(sink.stop);
      env.SMTP_URL = sink.url;
      env.SUPPORT_EMAIL ??= 'support@example.com';
    }
    env.ALERT_SIGNING_SECRET ??= await readOrCreateSecret(path.join(options.dataDir, 'alert-signing-secret'));
    env.APP_SECRET ??= await readOrCreateSecret(path.join(options.dataDir, 'app-secret'));

    const database = createDatabase(env.DATABASE_URL, { max: 4 });
    try {
      await migrateDatabase(database.db);
      await loadReferenceData(database.db);
      if (await demoPoliciesNeeded(database.db)) {
        options.log('stack', `loading ${options.demoPolicies} demo policies`);
        await loadDemoPolicies(database.db, { count: options.demoPolicies });
        options.log('stack', `loading ${await loadLinkedDemoDocuments(database.db, new Date())} real documents that cite, amend and repeal each other`);
      }
      await loadDemoUsers(database.db);
    } finally {
      await database.close();
    }

    env.PORT = String(options.port);
    const services: Supervised[] = [];
    for (const [name, entry] of [['indexer', 'indexer/main.ts'], ['worker', 'api/worker/main.ts'], ['api', 'api/main.ts']] as const) {
      // Its lines go to the log as they come; none are kept.
      const service = await startSupervised(name, async () => spawnNodeProcess(entry, { env, onLine: (line) => options.log(name, line), keepLines: 0 }), options);
      services.push(service);
      stops.push(service.stop);
    }
    supervised.push(...services);
    // Stops run last-pushed first: nothing is restarted while the rest is being stopped.
    stops.push(async () => {
      for (const part of supervised) part.unsupervise();
    });

    const url = env.APP_URL ?? `http://localhost:${options.port}`;
    await waitForHealthy(`http://127.0.0.1:${options.port}/api/health`, services);
    // Up: from now on a part that dies is restarted, not a failed start.
    for (const part of supervised) part.supervise();
    const demoLogins = ['admin', 'editor', 'subscriber', 'reader'].map((role) => ({
      role,
      email: `${role}@example.com`,
      password: demoPassword,
    }));
    const pids = () => Object.fromEntries(supervised.map((part) => [part.name, part.current.child.pid]));
    return { url, databaseUrl: env.DATABASE_URL, demoLogins, pids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A random secret kept in the data directory, readable by its owner only. */
export async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(path.dirname(file), { recursive: true });
    const secret = randomBytes(24).toString('base64url');
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/**
 * How long a start may take to become healthy. A part that dies is reported at once; this only
 * bounds a start that is alive but slow: the API loads its dictionaries before it answers, which
 * took over a minute on a 2-core machine under a load of 20.
 */
const healthyWithinSeconds = 180;

async function waitForHealthy(url: string, services: Supervised[]): Promise<void> {
  const deadline = Date.now() + healthyWithinSeconds * 1000;
  let last = '';
  while (Date.now() < deadline) {
    const dead = services.find((service) => service.current.child.exitCode !== null);
    if (dead) throw new Error(`The ${dead.name} exited during start-up (code ${dead.current.child.exitCode}); see its log above`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = await response.text();
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The API did not become healthy within ${healthyWithinSeconds} s: ${last}`);
}

/**
 * Rebuilds the web app when any of its sources (web/, and api/shared/, which it imports) is newer
 * than the last build. `make dev`, the journeys and the benchmarks all get dist/web from here.
 */
export async function ensureWebBuilt(log: StackOptions['log']): Promise<void> {
  const built = await stat(path.join(repoRoot, 'dist/web/index.html')).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  const newestSource = Math.max(await newestMtime(path.join(repoRoot, 'web'), ['e2e']), await newestMtime(path.join(repoRoot, 'api/shared'), []));
  if (built >= newestSource) return;
  log('web', 'building the web app');
  await buildWebApp();
}

/**
 * Builds the web app into dist/web, where the API serves it from. In a child process: Vite's
 * bundler installs exit handlers (signal-exit) that would turn the launcher's Ctrl-C into exit 130.
 * Always React's production build: under a test runner NODE_ENV is "test", which would ship the
 * development build, several times larger and slower, to the journeys and the benchmarks.
 */
async function buildWebApp(): Promise<void> {
  const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
  const build = spawn(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [build.stdout, build.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (exit ${code}):\n${output}`);
}

async function newestMtime(dir: string, skip: string[]): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestMtime(full, skip) : (await stat(full)).mtimeMs);
  }
  return newest;
}
