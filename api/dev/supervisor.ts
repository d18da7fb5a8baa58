import type { ChildProcess } from 'node:child_process';

/** One run of a supervised part: its process, and how to end it. */
export type Running = { readonly child: ChildProcess; stop: () => Promise<void> };

export type Supervised = {
  readonly name: string;
  /** The process of the run now up (after a death, the dead one's until the restart is up). */
  readonly current: Running;
  /** From now on a death is restarted (before, it is a failed start, for the caller to report). */
  supervise: () => void;
  unsupervise: () => void;
  /** Ends it for good: no restart is pending or started after this. */
  stop: () => Promise<void>;
};

export type SupervisorOptions = {
  log: (source: string, line: string) => void;
  /** First wait before restarting a part that died (doubling up to 30 s); default 1 s. */
  restartDelayMs?: number;
};

const maxRestartDelayMs = 30_000;
/** A part that ran this long before dying was not crash-looping: its next restart waits the first delay again. */
const stableRunMs = 60_000;

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/**
 * A part of `make dev`'s stack (a Node service, Meilisearch, the embedded Postgres) run by
 * `start`, which answers once the part is up. Once `supervise` is called, a crash or a kill is
 * reported loudly and the part started again (same port, same data) after a delay that doubles
 * with each quick death (1, 2, 4 ... 30 s); a restart that fails to come up counts as a quick death
 * and is tried again. A clean exit (code 0) is the part stopping on a signal it was sent, as
 * Ctrl-C sends one to the whole process group: only a crash or a kill is restarted (systemd's
 * on-failure). In production a real supervisor does this (systemd, compose `restart:`; see
 * docs/health-and-supervision.md); this one keeps `make dev` and the journeys honest.
 */
export async function startSupervised(name: string, start: () => Promise<Running>, options: SupervisorOptions): Promise<Supervised> {
  const firstDelayMs = options.restartDelayMs ?? 1000;
  let current = await start();
  let startedAt = Date.now();
  let supervising = false;
  let stopping = false;
  let quickDeaths = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const restartLater = (why: string) => {
    quickDeaths = Date.now() - startedAt >= stableRunMs ? 0 : quickDeaths + 1;
    const delayMs = Math.min(firstDelayMs * 2 ** Math.max(quickDeaths - 1, 0), maxRestartDelayMs);
    options.log('stack', `\x1b[1;31m!! ${name} ${why}; restarting it in ${delayMs / 1000} s\x1b[0m`);
    startedAt = Date.now();
    restartTimer = setTimeout(() => {
      if (stopping) return;
      options.log('stack', `restarting ${name}`);
      restarting = start().then(
        (running) => {
          restarting = undefined;
          // Stopped while it came up: it ends here rather than outlive the stack.
          if (stopping) return running.stop();
          current = running;
          startedAt = Date.now();
          watch(running);
        },
        (error: unknown) => {
          restarting = undefined;
          if (!stopping) restartLater(`did not come back up (${error instanceof Error ? error.message : String(error)})`);
        },
      );
    }, delayMs);
  };

  const watch = (running: Running) => {
    void exitOf(running.child).then(({ code, signal }) => {
      if (stopping || !supervising || code === 0) return;
      restartLater(signal ? `was killed by ${signal}` : `exited with code ${code}`);
    });
  };
  watch(current);

  return {
    name,
    get current() {
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
      await restarting;
      await current.stop();
    },
  };
}
