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

/**
 * Waits until a task has finished, in whatever state. It polls every 25 ms for the first second,
 * as the daemon's batches take 0.1-1 s, then less often (a tenth of the time waited, at most
 * every 500 ms), as a rebuild's batches take a minute. Polled here rather than with the
 * client's waitTask, which adds an abort listener per poll and drops them only when the wait
 * ends: one long wait piled up over 1,500 and Node warned of a leak.
 */
export async function finishedTask(client: Meilisearch, enqueued: EnqueuedTaskPromise | Promise<EnqueuedTask>, timeoutMs = 60_000): Promise<Task> {
  const { taskUid } = await enqueued;
  const started = performance.now();
  for (;;) {
    const task = await client.tasks.getTask(taskUid);
    if (task.status !== 'enqueued' && task.status !== 'processing') return task;
    const waited = performance.now() - started;
    if (waited > timeoutMs) throw new SearchTaskError(`Meilisearch task ${taskUid} had not finished after ${timeoutMs / 1000} s`);
    await sleep(waited < 1000 ? 25 : Math.min(500, waited / 10));
  }
}

/** Waits for a task and insists it succeeded. */
export async function taskSucceeded(client: Meilisearch, enqueued: EnqueuedTaskPromise | Promise<EnqueuedTask>, timeoutMs = 60_000): Promise<Task> {
  return assertSucceeded(await finishedTask(client, enqueued, timeoutMs));
}
