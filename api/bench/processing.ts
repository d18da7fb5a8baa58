import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/postgres-js';
import { schema, type Database } from '../../db/client.ts';
import type { NodeService } from '../../indexer/bench/environment.ts';
import { progress, request } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { startChatServer, validAnswer } from '../processing/llm/chat-server.ts';
import { analyseWithRules } from '../processing/rules/index.ts';
import { prepareStory, takeInStories, type PreparedStory, type StoryOrigin } from '../stories/intake.ts';
import { signInAsAdmin } from './admin.ts';
import type { ApiBenchContext } from './search.ts';

const section = 'processing';

export type ProcessingBenchContext = ApiBenchContext & {
  /** Starts `npm run worker` with these variables over the product's; stopped by the caller's `stop`. */
  startWorker: (env: Record<string, string>) => Promise<NodeService>;
  /** Starts the indexer daemon, which makes processed policies searchable. */
  startIndexer: () => NodeService;
};

/** Real documents of the size the target names: 3,000-12,000 characters. */
function benchDocuments() {
  return loadLabelledSet()
    .map((document) => document.story)
    .filter((story) => story.chineseText.length >= 3000 && story.chineseText.length <= 12_000);
}

/** The analyser alone, in this process: one core. */
function analyserThroughput(): { perMinute: number; analysed: number; seconds: number; documents: number } {
  const documents = benchDocuments();
  for (const story of documents) analyseWithRules(story, new Date());
  const started = performance.now();
  let analysed = 0;
  while (performance.now() - started < 10_000) {
    for (const story of documents) {
      analyseWithRules(story, new Date());
      analysed++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { perMinute: (analysed / seconds) * 60, analysed, seconds, documents: documents.length };
}

/** Stories as the scrapers will store them, through the intake, each title carrying `marker` so search can find exactly them. */
async function insertStories(context: ProcessingBenchContext, count: number, marker: string, maxCharacters = 12_000): Promise<number[]> {
  const db = drizzle(context.sql, { schema, casing: 'snake_case' }) as Database;
  const documents = benchDocuments().filter((story) => story.chineseText.length <= maxCharacters);
  const stories = Array.from({ length: count }, (_, index) => {
    const story = documents[index % documents.length]!;
    return prepareStory({ title: `${story.title} ${marker}`, url: `${story.url}?bench=${marker}-${index}`, chineseText: story.chineseText }) as PreparedStory;
  });
  const origin: StoryOrigin = { producer: 'source', source: 'the processing bench', fetchedAt: new Date() };
  const ids: number[] = [];
  for (let start = 0; start < stories.length; start += 500) ids.push(...(await takeInStories(db, stories.slice(start, start + 500), origin)).storedIds);
  return ids;
}

async function searchTotal(context: ProcessingBenchContext, marker: string): Promise<number> {
  const response = await request(`${context.apiUrl}/api/search?q=${marker}&pageSize=10`);
  return response.json<{ total: number }>().total;
}

async function processedCount(context: ProcessingBenchContext, ids: number[]): Promise<{ processed: number; failed: number }> {
  const [row] = await context.sql<{ processed: number; failed: number }[]>`
    select count(*) filter (where status = 'processed')::int as processed, count(*) filter (where status = 'failed')::int as failed
      from pending_stories where id = any(${ids})`;
  return row!;
}

async function untilAll(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not done after ${timeoutMs} ms`);
    await sleep(50);
  }
  return performance.now() - started;
}

/**
 * Story processing (issue 16): the offline analyser's throughput, story arrival → searchable
 * policy for one story and for a batch of 1,000 through the real worker, API and indexer, and
 * the LLM provider's throughput against a local chat server answering in a fixed 2 s.
 */
export async function benchProcessing(context: ProcessingBenchContext): Promise<string> {
  const cookie = await signInAsAdmin(context);
  const post = async (path: string, body: unknown) => {
    const response = await request(`${context.apiUrl}${path}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: context.appUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${response.text}`);
    return response;
  };
  // Stories of earlier runs would be taken by "all pending": the queue is this section's alone.
  await context.sql`delete from pending_stories`;

  progress(section, 'the rules analyser alone, 10 s');
  const alone = analyserThroughput();

  const indexer = context.startIndexer();
  const worker = await context.startWorker({});
  const rows: (string | number)[][] = [];
  try {
    progress(section, 'one story at a time, 20 times: arrival → searchable');
    const latencies: number[] = [];
    for (let round = 0; round < 20; round++) {
      const marker = `solo${randomBytes(5).toString('hex')}`;
      const started = performance.now();
      const [id] = await insertStories(context, 1, marker);
      await post('/api/admin/process-stories', { storyIds: [id] });
      await untilAll('one story searchable', async () => (await searchTotal(context, marker)) >= 1, 60_000);
      latencies.push(performance.now() - started);
    }
    const single = summarize(latencies);

    progress(section, '1,000 stories at once: processed, then searchable');
    const marker = `batch${randomBytes(5).toString('hex')}`;
    const ids = await insertStories(context, 1000, marker);
    const arrived = performance.now();
    await post('/api/admin/process-stories', { storyIds: [] });
    await untilAll('1,000 stories processed', async () => (await processedCount(context, ids)).processed === ids.length, 20 * 60_000);
    const processedMs = performance.now() - arrived;
    await untilAll('1,000 stories searchable', async () => (await searchTotal(context, marker)) >= ids.length, 20 * 60_000);
    const searchableMs = performance.now() - arrived;
    rows.push(
      ['Rules analyser alone (one core, in process)', `${Math.round(alone.perMinute).toLocaleString('en')} stories/min`, `${alone.analysed} analyses of ${alone.documents} real documents of 3,000-12,000 characters`, '≥ 1,000/min'],
      ['Worker pipeline, 1,000 stories (STORY_CONCURRENCY=4)', `${Math.round((ids.length / processedMs) * 60_000).toLocaleString('en')} stories/min`, `all processed in ${(processedMs / 1000).toFixed(1)} s`, '≥ 1,000/min'],
      ['One story, arrival → searchable (20 runs)', `p50 ${ms(single.p50)} ms, p95 ${ms(single.p95)} ms`, 'insert, POST process-stories, until /api/search finds it', 'p95 < 10 s'],
      ['1,000 stories, arrival → all searchable', `${(searchableMs / 1000).toFixed(1)} s`, `processed at ${(processedMs / 1000).toFixed(1)} s, indexed after`, '< 2 min'],
    );
  } finally {
    await worker.stop();
    await indexer.stop();
  }

  // The LLM provider against a local server that answers every request in exactly 2 s.
  const answerMs = 2000;
  const chat = await startChatServer(async (request) => {
    await sleep(answerMs);
    return { body: validAnswer(request) };
  });
  try {
    for (const concurrency of [4, 8]) {
      progress(section, `LLM provider, concurrency ${concurrency}: ${concurrency * 10} stories against a 2 s server`);
      await context.sql`delete from pending_stories`;
      const marker = `llm${randomBytes(5).toString('hex')}`;
      const count = concurrency * 10;
      // Short documents: one request each (longer ones are translated in sections, one request per section).
      const ids = await insertStories(context, count, marker, 11_000);
      const llmWorker = await context.startWorker({ LLM_BASE_URL: chat.url, LLM_API_KEY: 'bench', LLM_MODEL: 'bench-model', STORY_CONCURRENCY: String(concurrency), JOB_POLL_SECONDS: '0.5' });
      try {
        const requestsBefore = chat.requests.length;
        await post('/api/admin/process-stories', { storyIds: [] });
        const elapsed = await untilAll(`${count} LLM stories processed`, async () => (await processedCount(context, ids)).processed === ids.length, 10 * 60_000);
        const requests = chat.requests.length - requestsBefore;
        const throughput = count / (elapsed / 1000);
        const expected = concurrency / (answerMs / 1000);
        rows.push([
          `LLM provider, STORY_CONCURRENCY=${concurrency}, server answers in 2 s`,
          `${throughput.toFixed(2)} stories/s`,
          `${count} stories, ${requests} requests, ${(elapsed / 1000).toFixed(1)} s; expected ${expected.toFixed(1)}/s: ${((throughput / expected) * 100).toFixed(0)}%`,
          'within 10% of concurrency / 2 s',
        ]);
      } finally {
        await llmWorker.stop();
      }
    }
  } finally {
    await chat.close();
    await context.sql`delete from pending_stories`;
  }

  return [
    '## Story processing (issue 16)',
    '',
    'The offline rules analyser on real documents, then the real worker, API and indexer processes: stories inserted as the scrapers store them, processing started by the admin call, "searchable" when `/api/search` finds the story\'s policy.',
    '',
    table(['Measure', 'Result', 'How', 'Target'], rows),
  ].join('\n');
}
