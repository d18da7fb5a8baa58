import type { EnqueuedTaskPromise, Task } from 'meilisearch';

/** A Meilisearch task that ended in any state but `succeeded`. */
export class SearchTaskError extends Error {
  constructor(readonly task: Task) {
    super(`Meilisearch task ${task.uid} (${task.type}${task.indexUid ? ` on ${task.indexUid}` : ''}) ${task.status}: ${task.error?.message ?? 'no error given'}`);
  }
}

/**
 * Insists a finished task succeeded: the client's waitTask resolves with failed and canceled
 * tasks too, and a write we did not see succeed must not count as applied.
 */
export function assertSucceeded(task: Task): Task {
  if (task.status !== 'succeeded') throw new SearchTaskError(task);
  return task;
}

/**
 * Waits for a task, polling every `intervalMs`: 25 ms by default, as the daemon's small batches take
 * tens of milliseconds. Long waits should poll less often: the client adds an abort listener per
 * poll that it only drops when the wait ends.
 */
export async function taskSucceeded(enqueued: EnqueuedTaskPromise, timeoutMs = 60_000, intervalMs = 25): Promise<Task> {
  return assertSucceeded(await enqueued.waitTask({ timeout: timeoutMs, interval: intervalMs }));
}
