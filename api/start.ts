import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../db/config.ts';
import { loadIndexerConfig } from '../indexer/config.ts';
import { loadConfig } from './config.ts';
import { loadWorkerConfig } from './worker/config.ts';

/**
 * `npm start` (decision 020): the production launcher for one host. It always runs in production
 * (no demo data, no demo accounts, the secrets required), refuses to start while a variable any of
 * the processes needs is missing, runs the migrations, then the API, the worker and the indexer,
 * each its own process from the compiled JavaScript beside this file. SIGTERM or SIGINT stops all
 * three and exits 0 once they have; a process that dies stops the others and exits 1, for the
 * host's supervisor (systemd, a container's restart policy) to start again.
 */

const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const services = [
  ['api', entry('./main.js')],
  ['worker', entry('./worker/main.js')],
  ['indexer', entry('../indexer/main.js')],
] as const;

const log = (line: string) => console.log(`[start] ${line}`);

/**
 * Every process's settings, checked before anything runs. The API's are checked first: they hold
 * every variable production requires (api/config.ts), so its message names each one missing.
 */
function checkConfig(): string | null {
  for (const load of [loadConfig, loadWorkerConfig, loadIndexerConfig]) {
    try {
      load(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
  }
  return null;
}

function run(file: string): ChildProcess {
  return spawn(process.execPath, [file], { env, stdio: 'inherit' });
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

async function main(): Promise<number> {
  const problem = checkConfig();
  if (problem) {
    console.error(`npm start refuses to start in production:\n${problem}`);
    return 1;
  }

  // A signal stops whatever runs by then: the migration, or the three services.
  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = () => {
    stopping = true;
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      stopAll();
    });
  }

  log('migrating the database and loading reference data');
  const migrate = run(entry('../db/migrate-cli.js'));
  children.push(migrate);
  const migration = await exitOf(migrate);
  if (migration.code !== 0 || stopping) {
    if (!stopping) console.error(`[start] the migration failed (exit ${migration.code ?? migration.signal}); nothing else started`);
    return stopping ? 0 : 1;
  }

  const exits = services.map(([name, file]) => {
    const child = run(file);
    children.push(child);
    return exitOf(child).then(({ code, signal }) => {
      const clean = stopping && code === 0;
      if (!clean) {
        console.error(`[start] ${name} exited (${code === null ? signal : `code ${code}`})${stopping ? '' : '; stopping the others'}`);
        if (!stopping) stopAll();
      }
      return clean;
    });
  });
  log(`started ${services.map(([name]) => name).join(', ')}`);
  const clean = await Promise.all(exits);
  if (clean.every(Boolean)) {
    log('stopped');
    return 0;
  }
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
