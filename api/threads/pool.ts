import { Piscina } from 'piscina';
import { AppError } from '../http/errors.ts';
import type { tasks } from './tasks.worker.ts';

/**
 * Worker threads for the work that would hold the event loop (decision 021): a PDF or Word
 * export of a long policy takes seconds of CPU, and every other request of the process would wait
 * that long. Piscina keeps the threads and queues the tasks; this module bounds both: a few tasks
 * per owner at once (a subscriber's parallel exports), and a queue that refuses rather than grows.
 */

type Tasks = typeof tasks;
export type TaskName = keyof Tasks;

export type ThreadSettings = { WORK_THREADS: number; WORK_QUEUE: number; WORK_TASKS_PER_USER: number };

export type ThreadPool = {
  /**
   * Runs task `name` in a worker. With `owner` (a user), past WORK_TASKS_PER_USER of theirs at
   * once: 429 with Retry-After. Past the queue's bound: 503 with Retry-After.
   */
  run<Name extends TaskName>(name: Name, input: Parameters<Tasks[Name]>[0], owner?: string): Promise<Awaited<ReturnType<Tasks[Name]>>>;
  close(): Promise<void>;
};

export const busyMessage = 'The server is busy making other files. Try again in a minute.';
export const tooManyAtOnceMessage = (limit: number) =>
  `You have ${limit} exports in progress. Wait for ${limit === 1 ? 'it' : 'one of them'} to finish, then try again.`;

/**
 * The worker's file beside this one: under tsx (dev and tests, this module being `.ts`) the entry
 * that loads the TypeScript worker through tsx; compiled, `tasks.worker.js`.
 */
function workerFile(): string {
  return new URL(import.meta.url.endsWith('.ts') ? './tsx-worker.mjs' : './tasks.worker.js', import.meta.url).href;
}

export function createThreadPool(settings: ThreadSettings): ThreadPool {
  const filename = workerFile();
  let piscina: Piscina | undefined;
  const running = new Map<string, number>();
  // Threads start on the first task: a process that never exports starts none.
  const pool = () =>
    (piscina ??= new Piscina({
      filename,
      minThreads: 0,
      maxThreads: settings.WORK_THREADS,
      maxQueue: settings.WORK_QUEUE,
      // A thread lives on a minute after its last task: the font and the code stay loaded between exports.
      idleTimeout: 60_000,
    }));

  return {
    async run<Name extends TaskName>(name: Name, input: Parameters<Tasks[Name]>[0], owner?: string): Promise<Awaited<ReturnType<Tasks[Name]>>> {
      const mine = owner ? (running.get(owner) ?? 0) : 0;
      if (owner && mine >= settings.WORK_TASKS_PER_USER) {
        throw new AppError('rate_limited', tooManyAtOnceMessage(settings.WORK_TASKS_PER_USER), { 'Retry-After': '5' });
      }
      const threads = pool();
      if (threads.queueSize >= settings.WORK_QUEUE) throw new AppError('service_unavailable', busyMessage, { 'Retry-After': '30' });
      if (owner) running.set(owner, mine + 1);
      try {
        return (await threads.run({ name, input })) as Awaited<ReturnType<Tasks[Name]>>;
      } finally {
        if (owner) {
          const left = (running.get(owner) ?? 1) - 1;
          if (left === 0) running.delete(owner);
          else running.set(owner, left);
        }
      }
    },
    async close() {
      await piscina?.destroy();
    },
  };
}
