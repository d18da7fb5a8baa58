import { setTimeout as sleep } from 'node:timers/promises';
import type { EnqueuedTask, EnqueuedTaskPromise, Meilisearch, Task } from 'meilisearch';

/** A Meilisearch task that ended in any state but `succeeded`, or did not end in time. */
export class SearchTaskError extends Error {}

/**
 * Insists a finished task succeeded: a failed or canceled write must not count as applied.
 */
export function assertSucceeded(task: Task): Task {
  if (task.status !== 'succeeded') {
    throw new SearchTaskError(
      `Meilisearch task ${task.uid} (${task.type}${task.indexUid ? ` on ${task.indexUid}` : ''}) ${task.status}: ${task.error?.message ?? 'no error given'}`,
    );
  }
  return task;
}

/** How often a wait polls the task: `steady` keeps polling every 25 ms however long the task takes. */
export type TaskPolling = 'backing-off' | 'steady';

const pollMs = 25;

/**
 * Waits until a task has finished, in whatever state. It polls every 25 ms for the first second,
 * then, backing off, less often (a tenth of the time waited, at most every 500 ms), as a
 * rebuild's batches take a minute. The daemon's batches poll steadily (`steady`): a write
 * committed during a batch waits for the daemon to notice that batch finished, and under load a
 * batch takes seconds, when backing off would add up to half a second to every one of those
 * writes (issue 47); a poll is one small GET. Polled here rather than with the client's
 * waitTask, which adds an abort listener per poll and drops them only when the wait ends: one
 * long wait piled up over 1,500 and Node warned of a leak.
 */
export async function finishedTask(
  client: Meilisearch,
  enqueued: EnqueuedTaskPromise | Promise<EnqueuedTask>,
  timeoutMs = 60_000,
  polling: TaskPolling = 'backing-off',
): Promise<Task> {
  const { taskUid } = await enqueued;
  const started = performance.now();
  for (;;) {
    const task = await client.tasks.getTask(taskUid);
    if (task.status !== 'enqueued' && task.status !== 'processing') return task;
    const waited = performance.now() - started;
    if (waited > timeoutMs) throw new SearchTaskError(`Meilisearch task ${taskUid} had not finished after ${timeoutMs / 1000} s`);
    await sleep(polling === 'steady' || waited < 1000 ? pollMs : Math.min(500, waited / 10));
  }
}

/** Waits for a task and insists it succeeded. */
export async function taskSucceeded(
  client: Meilisearch,
  enqueued: EnqueuedTaskPromise | Promise<EnqueuedTask>,
  timeoutMs = 60_000,
  polling: TaskPolling = 'backing-off',
): Promise<Task> {
  return assertSucceeded(await finishedTask(client, enqueued, timeoutMs, polling));
}
