import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { loadSqlDump } from './sql-dump.ts';
import { FileRefusal, findTable, harden, quote, refuseComputedColumns, rowStatement, rowValues, type FoundTable, type RowValues } from './story-table.ts';

/**
 * The reading thread of one upload (story-file.ts is its other end): opens the file, or loads the
 * `.sql` dump into a scratch database, checks it, finds its table, and hands its rows over in
 * chunks when asked. Everything SQLite does with an untrusted file happens here, off the API's
 * event loop; the bounds on rows and text are kept here, the bound on time by the API's side,
 * which ends this thread when it is passed.
 */

export type ReaderStart = {
  path: string;
  kind: 'sqlite' | 'sql';
  scratchPath: string;
  limits: { maxRows: number; maxReadBytes: number; maxScratchBytes: number };
};
export type ReaderRequest = { type: 'read'; from: number } | { type: 'next' };
export type ReaderAnswer =
  | { type: 'opened'; found: FoundTable | null; total: number }
  | { type: 'rows'; rows: RowValues[]; done: boolean }
  | { type: 'refused'; code: FileRefusal['code']; message: string };

/** A chunk handed over at a time: small enough to cost the API little memory, large enough to cost little in messages. */
const chunkRows = 500;
const chunkBytes = 8 * 1024 * 1024;

const start = workerData as ReaderStart;
const port = parentPort!;
const answer = (message: ReaderAnswer) => port.postMessage(message);

function refusal(error: unknown): ReaderAnswer {
  if (error instanceof FileRefusal) return { type: 'refused', code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { type: 'refused', code: 'unprocessable', message: `The database file can't be read: ${message}` };
}

type Opened = { found: FoundTable; total: number; statement: Database.Statement; names: string[] };

async function open(): Promise<Opened | null> {
  let db: Database.Database;
  if (start.kind === 'sqlite') {
    db = new Database(start.path, { readonly: true, fileMustExist: true });
  } else {
    db = new Database(start.scratchPath);
    db.pragma('trusted_schema = OFF');
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    await loadSqlDump(start.path, db, start.limits);
  }
  harden(db);
  refuseComputedColumns(db);
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new FileRefusal('unprocessable', `The database file is damaged: ${String(check)}`);
  const found = findTable(db);
  if (!found) return null;
  const { total } = db.prepare(`select count(*) as total from ${quote(found.table)}`).get() as { total: number };
  if (total > start.limits.maxRows) {
    throw new FileRefusal('unprocessable', `The table "${found.table}" holds ${total.toLocaleString('en')} rows; an import takes at most ${start.limits.maxRows.toLocaleString('en')} (IMPORT_MAX_ROWS)`);
  }
  // Prepared now, so a column the file can't compute (a generated one calling a function we lack) refuses the file before anything is written.
  return { found, total, ...rowStatement(db, found) };
}

async function serve() {
  const opened = await open();
  answer({ type: 'opened', found: opened?.found ?? null, total: opened?.total ?? 0 });
  if (!opened) return;
  const { statement, names } = opened;
  let rows: IterableIterator<Record<string, unknown>> | null = null;
  let readBytes = 0;
  port.on('message', (request: ReaderRequest) => {
    try {
      if (request.type === 'read') {
        rows = statement.iterate(request.from) as IterableIterator<Record<string, unknown>>;
        return;
      }
      const chunk: RowValues[] = [];
      let bytes = 0;
      let done = false;
      while (chunk.length < chunkRows && bytes < chunkBytes) {
        const next = rows!.next();
        if (next.done) {
          done = true;
          break;
        }
        const row = rowValues(names, next.value);
        chunk.push(row.values);
        bytes += row.bytes;
      }
      readBytes += bytes;
      if (readBytes > start.limits.maxReadBytes) {
        throw new FileRefusal('unprocessable', `The file holds more than ${Math.round(start.limits.maxReadBytes / 1024 / 1024)} MB of text (IMPORT_MAX_READ_MEGABYTES)`);
      }
      answer({ type: 'rows', rows: chunk, done });
    } catch (error) {
      answer(refusal(error));
    }
  });
}

serve().catch((error: unknown) => answer(refusal(error)));
