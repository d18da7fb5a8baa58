import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export type NodeProcessExit = { code: number | null; signal: NodeJS.Signals | null };

export type NodeProcess = {
  readonly child: ChildProcess;
  readonly pid: number;
  /** What it printed (stdout and stderr), one entry per non-blank line; only the last `keepLines`. */
  readonly lines: string[];
  readonly exited: Promise<NodeProcessExit>;
  running: () => boolean;
  /** Sends the signal; answers when the process has exited. */
  kill: (signal: NodeJS.Signals) => Promise<NodeProcessExit>;
  /** SIGTERM, then SIGKILL if it is still running 10 s later; answers once it has exited. */
  stop: () => Promise<void>;
};

/**
 * Runs one of the product's entry points as `make dev` does: `node --import tsx <entry> [args]`
 * from the repository root, with `env` as its whole environment. Here in db/ because every
 * module above starts such processes: the indexer's tests, the API's stack, the benchmarks.
 */
export function spawnNodeProcess(
  entry: string,
  options: { env: NodeJS.ProcessEnv; args?: string[]; onLine?: (line: string) => void; keepLines?: number },
): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...(options.args ?? [])], {
    cwd: repoRoot,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${entry}`);
  const keepLines = options.keepLines ?? Infinity;
  const lines: string[] = [];
  const addLine = (line: string) => {
    if (!line.trim()) return;
    if (keepLines > 0) {
      lines.push(line);
      if (lines.length > keepLines) lines.shift();
    }
    options.onLine?.(line);
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    // A chunk may end inside a line: the rest of it comes with the next chunk.
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const line of parts) addLine(line);
    });
    stream.on('end', () => addLine(partial));
  }
  // 'close' rather than 'exit': it comes after the output is read to its end, so `lines` is whole by then.
  const exited = new Promise<NodeProcessExit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    pid: child.pid,
    lines,
    exited,
    running,
    kill: (signal) => {
      child.kill(signal);
      return exited;
    },
    stop: async () => {
      if (!running()) return;
      child.kill('SIGTERM');
      const escalate = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(escalate);
    },
  };
}
