import { ms, summarize, table, type LatencyStats } from './measure.ts';
import { request } from './environment.ts';
import { describeSteps, meilisearchSteps } from './meilisearch-steps.ts';

/**
 * Where a write's time to searchable goes under load (issue 47), from the bench's own clock and
 * Meilisearch's tasks API (its enqueuedAt, startedAt and finishedAt, and the batch each task ran
 * in). A write is put in the first document task enqueued after it committed: the daemon claims
 * every outbox row there is, so that is its batch unless its claim read the outbox just before
 * the commit (then the write is in the next one, and its "daemon" share is counted short by one
 * batch). The daemon runs one batch at a time, so a write that commits while a batch is in
 * Meilisearch waits for that batch to finish before it can be claimed.
 */

/** One write of the run, on the wall clock (ms since the epoch). */
export type TimedWrite = { committedAt: number; foundAt: number };

type MeiliTask = {
  uid: number;
  batchUid: number | null;
  type: string;
  status: string;
  enqueuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  details?: { receivedDocuments?: number; providedIds?: number };
};

type Timed = { uid: number; batchUid: number | null; documents: number; enqueued: number; started: number; finished: number };

/** The index's finished document tasks enqueued from `since` on, oldest first. */
async function documentTasks(meiliUrl: string, masterKey: string, indexName: string, since: number): Promise<Timed[]> {
  const tasks: Timed[] = [];
  let from: number | null = null;
  for (;;) {
    const query = new URLSearchParams({ indexUids: indexName, types: 'documentAdditionOrUpdate,documentDeletion', statuses: 'succeeded', afterEnqueuedAt: new Date(since).toISOString(), limit: '1000' });
    if (from !== null) query.set('from', String(from));
    const answer = (await request(`${meiliUrl}/tasks?${query}`, { headers: { Authorization: `Bearer ${masterKey}` } })).json<{ results: MeiliTask[]; next: number | null }>();
    for (const task of answer.results) {
      tasks.push({
        uid: task.uid,
        batchUid: task.batchUid,
        documents: task.details?.receivedDocuments ?? task.details?.providedIds ?? 0,
        enqueued: Date.parse(task.enqueuedAt),
        started: Date.parse(task.startedAt!),
        finished: Date.parse(task.finishedAt!),
      });
    }
    if (answer.next === null || answer.next === undefined) break;
    from = answer.next;
  }
  return tasks.sort((a, b) => a.enqueued - b.enqueued);
}

export async function freshnessBreakdown(context: { meiliUrl: string; masterKey: string; indexName: string }, writes: TimedWrite[], rateLabel: string): Promise<string> {
  if (writes.length === 0) return '';
  const since = Math.min(...writes.map((write) => write.committedAt)) - 5_000;
  const tasks = await documentTasks(context.meiliUrl, context.masterKey, context.indexName, since);
  const parts = { behindBatch: [] as number[], assembly: [] as number[], queue: [] as number[], task: [] as number[], after: [] as number[], total: [] as number[] };
  let unplaced = 0;
  for (const write of writes) {
    const index = tasks.findIndex((task) => task.enqueued >= write.committedAt);
    const task = tasks[index];
    if (!task) {
      unplaced += 1;
      continue;
    }
    // The batch in flight when the write committed: the daemon claims again only once it finished.
    const previousFinished = index > 0 ? tasks[index - 1]!.finished : write.committedAt;
    const free = Math.max(write.committedAt, Math.min(previousFinished, task.enqueued));
    parts.behindBatch.push(free - write.committedAt);
    parts.assembly.push(task.enqueued - free);
    parts.queue.push(task.started - task.enqueued);
    parts.task.push(task.finished - task.started);
    parts.after.push(write.foundAt - task.finished);
    parts.total.push(write.foundAt - write.committedAt);
  }
  const row = (label: string, values: number[]) => {
    const stats: LatencyStats = summarize(values);
    return [label, ms(stats.p50), ms(stats.p95), ms(stats.mean), ms(stats.max)];
  };
  const runTasks = tasks.filter((task) => task.enqueued >= since + 5_000);
  const documents = summarize(runTasks.map((task) => task.documents));
  const durations = summarize(runTasks.map((task) => task.finished - task.started));
  const perDocument = summarize(runTasks.filter((task) => task.documents > 0).map((task) => (task.finished - task.started) / task.documents));
  const batches = new Set(runTasks.map((task) => task.batchUid));
  const batchUids = [...batches].filter((uid): uid is number => uid !== null);
  const steps = await meilisearchSteps(context.meiliUrl, context.masterKey, batchUids);
  return [
    `Where the time goes, per write, at ${rateLabel} (ms; ${parts.total.length} writes placed in a Meilisearch task${unplaced ? `, ${unplaced} not placed` : ''}; indexer/bench/freshness-breakdown.ts says how):`,
    '',
    table(
      ['Part', 'p50', 'p95', 'mean', 'max'],
      [
        row('Outbox wait: behind the batch in flight (commit → that batch finished in Meilisearch)', parts.behindBatch),
        row("Batch assembly and enqueue (daemon's task poll, outbox claim, document load, send → Meilisearch enqueuedAt)", parts.assembly),
        row("Meilisearch queue (enqueuedAt → startedAt)", parts.queue),
        row("Meilisearch task (startedAt → finishedAt)", parts.task),
        row('After the task: index version, bench poll (finishedAt → found by a search)', parts.after),
        row('Total: commit → found', parts.total),
      ],
    ),
    '',
    table(
      ['Meilisearch document tasks in the run', 'Result'],
      [
        ['Tasks; batches Meilisearch ran them in', `${runTasks.length}; ${batches.size}`],
        ['Documents per task p50 / p95 / max', `${ms(documents.p50)} / ${ms(documents.p95)} / ${ms(documents.max)}`],
        ['Task time p50 / p95 / max (ms)', `${ms(durations.p50)} / ${ms(durations.p95)} / ${ms(durations.max)}`],
        ['Task time per document p50 / p95 (ms)', `${ms(perDocument.p50)} / ${ms(perDocument.p95)}`],
        ["Meilisearch's largest steps, over the run's batches (its progress trace)", describeSteps(steps, batchUids.length, 5)],
      ],
    ),
  ].join('\n');
}
