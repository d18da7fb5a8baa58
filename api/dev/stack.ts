import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '../../db/client.ts';
import { embeddedDatabaseIn } from '../../db/dev-database.ts';
import { startEmbeddedPostgres } from '../../db/embedded-postgres.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { spawnNodeProcess, type NodeProcess } from '../../db/node-process.ts';
import { loadReferenceData } from '../../db/reference-data.ts';
import { demoPoliciesNeeded, loadDemoPolicies } from '../../db/seed.ts';
import { startMeilisearch } from '../../indexer/meilisearch-server.ts';
import { demoPassword, loadDemoUsers } from './demo-users.ts';

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
  /** First wait before restarting a service that died (doubling up to 30 s); default 1 s. */
  restartDelayMs?: number;
};

export type Stack = {
  url: string;
  /** The stack's Postgres, for journeys that set what only time or Stripe could (subscription states). */
  databaseUrl: string;
  demoLogins: { role: string; email: string; password: string }[];
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

    if (!env.DATABASE_URL) {
      const embedded = embeddedDatabaseIn(options.dataDir);
      const postgres = await startEmbeddedPostgres({
        dataDir: embedded.dataDir,
        port: options.postgresPort,
        password: await readOrCreateSecret(embedded.passwordFile),
        database: embedded.database,
      });
      stops.push(postgres.stop);
      env.DATABASE_URL = postgres.url;
    }
    if (!env.MEILI_URL) {
      env.MEILI_MASTER_KEY = await readOrCreateSecret(path.join(options.dataDir, 'meili-master-key'));
      const meili = await startMeilisearch({
        dataDir: path.join(options.dataDir, 'meilisearch'),
        port: options.meiliPort,
        masterKey: env.MEILI_MASTER_KEY,
        onLog: (line) => options.log('meilisearch', line),
      });
      stops.push(meili.stop);
      env.MEILI_URL = meili.url;
    }

    const database = createDatabase(env.DATABASE_URL, { max: 4 });
    try {
      await migrateDatabase(database.db);
      await loadReferenceData(database.db);
      if (await demoPoliciesNeeded(database.db)) {
        options.log('stack', `loading ${options.demoPolicies} demo policies`);
        await loadDemoPolicies(database.db, { count: options.demoPolicies });
      }
      await loadDemoUsers(database.db);
    } finally {
      await database.close();
    }

    env.PORT = String(options.port);
    const services = [
      startService('indexer', 'indexer/main.ts', env, options),
      startService('worker', 'api/worker/main.ts', env, options),
      startService('api', 'api/main.ts', env, options),
    ];
    for (const service of services) stops.push(service.stop);
    // Stops run last-pushed first: no service is restarted while the others are being stopped.
    stops.push(async () => {
      for (const service of services) service.unsupervise();
    });

    const url = env.APP_URL ?? `http://localhost:${options.port}`;
    await waitForHealthy(`http://127.0.0.1:${options.port}/api/health`, services);
    // Up: from now on a service that dies is restarted, not a failed start.
    for (const service of services) service.supervise();
    const demoLogins = ['admin', 'editor', 'subscriber', 'reader'].map((role) => ({
      role,
      email: `${role}@example.com`,
      password: demoPassword,
    }));
    return { url, databaseUrl: env.DATABASE_URL, demoLogins, stop };
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

type Service = { readonly name: string; readonly process: NodeProcess; supervise: () => void; unsupervise: () => void; stop: () => Promise<void> };

const maxRestartDelayMs = 30_000;
/** A service that ran this long before dying was not crash-looping: its next restart waits the first delay again. */
const stableRunMs = 60_000;

/**
 * A Node service of the stack as a child process. Once `supervise` is called, a crash or a kill
 * is reported loudly and the service restarted after a delay that doubles with each quick death
 * (1, 2, 4 ... 30 s). `stop` ends it for good. In production a real supervisor does this
 * (systemd, compose `restart:`; see the README); this one keeps `make dev` and the journeys honest.
 */
function startService(name: string, entry: string, env: NodeJS.ProcessEnv, options: Pick<StackOptions, 'log' | 'restartDelayMs'>): Service {
  const firstDelayMs = options.restartDelayMs ?? 1000;
  let current: NodeProcess;
  let startedAt = 0;
  let supervising = false;
  let stopping = false;
  let quickDeaths = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const launch = () => {
    // Its lines go to the log as they come; none are kept.
    current = spawnNodeProcess(entry, { env, onLine: (line) => options.log(name, line), keepLines: 0 });
    startedAt = Date.now();
    void current.exited.then(({ code, signal }) => {
      // A clean exit (code 0) is the service stopping on a signal it was sent, as Ctrl-C sends one
      // to the whole process group: only a crash or a kill is restarted (systemd's on-failure).
      if (stopping || !supervising || code === 0) return;
      quickDeaths = Date.now() - startedAt >= stableRunMs ? 0 : quickDeaths + 1;
      const delayMs = Math.min(firstDelayMs * 2 ** Math.max(quickDeaths - 1, 0), maxRestartDelayMs);
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      options.log('stack', `\x1b[1;31m!! ${name} ${how}; restarting it in ${delayMs / 1000} s\x1b[0m`);
      restartTimer = setTimeout(() => {
        if (stopping) return;
        options.log('stack', `restarting ${name}`);
        launch();
      }, delayMs);
    });
  };
  launch();

  return {
    name,
    get process() {
      return current;
    },
    supervise: () => {
      supervising = true;
    },
    unsupervise: () => {
      supervising = false;
    },
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      await current.stop();
    },
  };
}

async function waitForHealthy(url: string, services: Service[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = '';
  while (Date.now() < deadline) {
    const dead = services.find((service) => service.process.child.exitCode !== null);
    if (dead) throw new Error(`The ${dead.name} exited during start-up (code ${dead.process.child.exitCode}); see its log above`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = await response.text();
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The API did not become healthy within 60 s: ${last}`);
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
