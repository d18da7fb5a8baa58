import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../http/errors.ts';
import type { ReaderAnswer, ReaderRequest, ReaderStart } from './read-worker.ts';
import type { FoundTable, RowValues } from './story-table.ts';
import { uploadDirectory, type Upload } from './upload.ts';

/**
 * An uploaded file as the importer reads it: an untrusted SQLite database (or a `.sql` dump loaded
 * into a scratch one), read in a thread of its own (read-worker.ts) so that nothing a hostile file
 * makes SQLite do holds up the API's event loop, and bounded: rows, text read, and the time the
 * thread spends reading, past which it is ended. Each bound refuses the file with a 422 naming it.
 */

export type { ColumnMap, PolicyColumnMap } from './story-table.ts';

export type StoryFile = FoundTable & {
  total: number;
  /** The table's rows from the `from`-th (0-based), in the file's order, values by our names. */
  rows: (from: number) => AsyncGenerator<RowValues>;
  /** Ends the reading thread and removes what it made; the upload itself is the caller's. */
  close: () => Promise<void>;
};

/** The settings that bound a read (IMPORT_MAX_ROWS, IMPORT_MAX_READ_MEGABYTES, IMPORT_READ_SECONDS). */
export type ReadLimits = { maxRows: number; maxReadMegabytes: number; readSeconds: number };

export const readLimitsOf = (config: { IMPORT_MAX_ROWS: number; IMPORT_MAX_READ_MEGABYTES: number; IMPORT_READ_SECONDS: number }): ReadLimits => ({
  maxRows: config.IMPORT_MAX_ROWS,
  maxReadMegabytes: config.IMPORT_MAX_READ_MEGABYTES,
  readSeconds: config.IMPORT_READ_SECONDS,
});

const sqliteHeader = Buffer.from('SQLite format 3\0', 'latin1');
/** The reading thread's JavaScript heap: a chunk of rows, or a dump's statement, is far less. */
const readerHeapMegabytes = 512;
/**
 * The reading thread's entry. As TypeScript (tsx), a plain module that registers tsx in the thread
 * first; compiled (dist/), the reader is JavaScript itself.
 */
const readWorkerEntry = new URL(import.meta.url.endsWith('.ts') ? './read-worker.mjs' : './read-worker.js', import.meta.url);
/** A dump's scratch database may grow to twice the dump (plain values take no more room than their text), and this. */
const scratchAllowance = 4 * 1024 * 1024;

async function hasSqliteHeader(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(sqliteHeader.length);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return bytesRead === buffer.length && buffer.equals(sqliteHeader);
  } finally {
    await handle.close();
  }
}

/**
 * The API's end of a reading thread: one question at a time, each timed. The time the thread
 * spends answering adds up (not the time it waits for the importer to ask), and when it passes
 * the limit the thread is ended and the question refused at once.
 */
class Reader {
  private busyMs = 0;
  private waiting: { resolve: (answer: ReaderAnswer) => void; reject: (error: unknown) => void } | null = null;
  private failure: unknown = null;

  constructor(
    private readonly worker: Worker,
    private readonly limits: ReadLimits,
  ) {
    worker.on('message', (answer: ReaderAnswer) => {
      const waiting = this.waiting;
      this.waiting = null;
      if (answer.type === 'refused') waiting?.reject(new AppError(answer.code, answer.message));
      else waiting?.resolve(answer);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      // Out of memory is the file's doing; anything else (the thread failed to start) is ours, a 500.
      this.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('unprocessable', `Reading the file needs more than ${readerHeapMegabytes} MB of memory`) : error);
    });
    worker.once('exit', () => this.fail(new AppError('unprocessable', 'The file reader stopped before the end of the file')));
  }

  /** Sends `requests` and waits for the answer they ask for (the first answer, when none is sent). */
  ask(...requests: ReaderRequest[]): Promise<ReaderAnswer> {
    if (this.failure) return Promise.reject(this.failure);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new AppError('unprocessable', `Reading the file took longer than ${this.limits.readSeconds} s (IMPORT_READ_SECONDS)`)),
        Math.max(0, this.limits.readSeconds * 1000 - this.busyMs),
      );
      this.waiting = {
        resolve: (answer) => {
          clearTimeout(timer);
          this.busyMs += performance.now() - started;
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      for (const request of requests) this.worker.postMessage(request);
    });
  }

  private fail(error: unknown) {
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(this.failure);
    // The thread may be inside one SQLite call: it ends when that returns, and nothing waits for it.
    void this.worker.terminate();
  }

  /** Ends the thread; answers once it has stopped (its files are closed by then). */
  async close(): Promise<void> {
    this.failure ??= new AppError('unprocessable', 'The file is closed');
    await this.worker.terminate();
  }
}

/**
 * Opens the upload. A file that is not what its name says, is damaged or encrypted, holds no
 * story or policy table, or passes a bound is refused with a 4xx naming why. `null`: no stories in
 * the file.
 */
export async function openStoryFile(upload: Upload, limits: ReadLimits): Promise<StoryFile | null> {
  if (upload.kind === 'sqlite' && !(await hasSqliteHeader(upload.path))) {
    throw new AppError('unsupported_media_type', 'The file is not a SQLite database (an encrypted database or another format has no SQLite header)');
  }
  const scratchPath = path.join(uploadDirectory, `${path.basename(upload.path)}.scratch.sqlite`);
  const start: ReaderStart = {
    path: upload.path,
    kind: upload.kind,
    scratchPath,
    limits: { maxRows: limits.maxRows, maxReadBytes: limits.maxReadMegabytes * 1024 * 1024, maxScratchBytes: 2 * upload.bytes + scratchAllowance },
  };
  const reader = new Reader(new Worker(readWorkerEntry, { workerData: start, resourceLimits: { maxOldGenerationSizeMb: readerHeapMegabytes } }), limits);
  const close = async () => {
    await reader.close();
    await rm(scratchPath, { force: true });
  };

  /** The rows, a chunk at a time; the next chunk is read while this one is used. */
  async function* rows(from: number): AsyncGenerator<RowValues> {
    let asked = reader.ask({ type: 'read', from }, { type: 'next' });
    for (;;) {
      const answer = await asked;
      if (answer.type !== 'rows') throw new Error(`The file reader answered ${answer.type} to a read`);
      if (!answer.done) {
        asked = reader.ask({ type: 'next' });
        // Awaited at the next turn; a generator left early must not leave it unhandled.
        asked.catch(() => {});
      }
      yield* answer.rows;
      if (answer.done) return;
    }
  }

  try {
    const opened = await reader.ask();
    if (opened.type !== 'opened') throw new Error(`The file reader answered ${opened.type} to opening`);
    if (!opened.found) {
      await close();
      return null;
    }
    return { ...opened.found, total: opened.total, rows, close };
  } catch (error) {
    await close();
    throw error;
  }
}
