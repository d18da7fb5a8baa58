import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../http/errors.ts';
import { loadSqlDump } from './sql-dump.ts';
import { uploadDirectory, type Upload } from './upload.ts';

/**
 * An uploaded file as the importer reads it: an untrusted SQLite database (or a `.sql` dump loaded
 * into a scratch one), opened read-only with SQLite's defensive settings, checked, and its story
 * or policy table found and mapped by column names. Views and triggers are never read or fired:
 * only tables are read, read-only, and `trusted_schema` is off, so a generated column or view
 * calling an unsafe function fails instead of running.
 */

export type ColumnMap = { title: string; text: string | null; url: string | null; date: string | null };
export type PolicyColumnMap = Record<
  'title' | 'date' | 'description' | 'impact' | 'department' | 'url' | 'chineseOriginal' | 'englishTranslation' | 'fullContent',
  string | null
>;

export type StoryFile = {
  kind: 'stories' | 'policies';
  table: string;
  total: number;
  columns: ColumnMap | PolicyColumnMap;
  /** The table's rows from the `from`-th (0-based), in the file's order, values by our names. */
  rows: (from: number) => IterableIterator<Record<string, unknown>>;
  close: () => void;
};

const sqliteHeader = Buffer.from('SQLite format 3\0', 'latin1');
/** Our limits on what a file may hold: wider tables and longer values are not stories. */
const maxColumns = 200;
export const maxTextCharacters = 1_000_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

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

/** The defensive settings SQLite documents for untrusted database files. */
function harden(db: Database.Database) {
  db.pragma('trusted_schema = OFF');
  db.pragma('cell_size_check = ON');
  db.pragma('mmap_size = 0');
  db.pragma('query_only = ON');
}

function damaged(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('unprocessable', `The database file can't be read: ${message}`);
}

const pick = (columns: string[], names: string[]) => names.map((name) => columns.find((column) => column.toLowerCase() === name)).find(Boolean) ?? null;

function storyColumns(columns: string[]): ColumnMap | null {
  const title = pick(columns, ['title', 'headline', 'name']);
  const text = pick(columns, ['chinese_text', 'content', 'text', 'body', 'chinese_original', 'chinese_content']);
  const url = pick(columns, ['url', 'link', 'source_url', 'source']);
  if (!title || (!text && !url)) return null;
  return { title, text, url, date: pick(columns, ['date', 'published_at', 'publish_date', 'published_on', 'pub_date', 'time', 'created_at']) };
}

function policyColumns(columns: string[]): PolicyColumnMap | null {
  const map: PolicyColumnMap = {
    title: pick(columns, ['title']),
    date: pick(columns, ['time', 'date', 'published_on', 'published_at']),
    description: pick(columns, ['description']),
    impact: pick(columns, ['impact', 'importance']),
    department: pick(columns, ['department_id', 'departmentid']),
    url: pick(columns, ['source_url', 'url']),
    chineseOriginal: pick(columns, ['chinese_original']),
    englishTranslation: pick(columns, ['english_translation']),
    fullContent: pick(columns, ['full_content']),
  };
  return map.title && map.date && map.department && (map.chineseOriginal || map.englishTranslation || map.fullContent) ? map : null;
}

function findTable(db: Database.Database): Pick<StoryFile, 'kind' | 'table' | 'columns'> | null {
  const tables = (db.prepare(`select name from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`).all() as { name: string }[]).map((row) => row.name);
  // Each table's columns, read once.
  const columnsOf = new Map(tables.map((table) => [table, (db.prepare(`select name from pragma_table_xinfo(?)`).all(table) as { name: string }[]).map((row) => row.name)]));
  const usable = tables.filter((table) => columnsOf.get(table)!.length <= maxColumns);
  const policies = usable.find((table) => table.toLowerCase() === 'policies');
  const policyMap = policies ? policyColumns(columnsOf.get(policies)!) : null;
  if (policies && policyMap) return { kind: 'policies', table: policies, columns: policyMap };
  const ordered = [
    ...usable.filter((table) => ['stories', 'pending_stories'].includes(table.toLowerCase())),
    ...usable.filter((table) => !['stories', 'pending_stories'].includes(table.toLowerCase())),
  ];
  for (const table of ordered) {
    const map = storyColumns(columnsOf.get(table)!);
    if (map) return { kind: 'stories', table, columns: map };
  }
  return null;
}

/**
 * Opens the upload. A file that is not what its name says, is damaged or encrypted, or holds no
 * story or policy table is refused with a 4xx naming why. `null` table: no stories in the file.
 */
export async function openStoryFile(upload: Upload): Promise<StoryFile | null> {
  let db: Database.Database;
  let scratchPath: string | null = null;
  if (upload.kind === 'sqlite') {
    if (!(await hasSqliteHeader(upload.path))) {
      throw new AppError('unsupported_media_type', 'The file is not a SQLite database (an encrypted database or another format has no SQLite header)');
    }
    try {
      db = new Database(upload.path, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw damaged(error);
    }
  } else {
    scratchPath = path.join(uploadDirectory, `${path.basename(upload.path)}.scratch.sqlite`);
    db = new Database(scratchPath);
    db.pragma('trusted_schema = OFF');
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    try {
      await loadSqlDump(upload.path, db);
    } catch (error) {
      db.close();
      rmSync(scratchPath, { force: true });
      throw error;
    }
  }
  const close = () => {
    db.close();
    if (scratchPath) rmSync(scratchPath, { force: true });
  };
  try {
    harden(db);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new AppError('unprocessable', `The database file is damaged: ${String(check)}`);
    const found = findTable(db);
    if (!found) {
      close();
      return null;
    }
    const source = quote(found.table);
    const total = (db.prepare(`select count(*) as total from ${source}`).get() as { total: number }).total;
    // Each value is read bounded, so a hostile 1 GB cell costs no more than the limit; longer is a row error.
    const selected = Object.entries(found.columns)
      .filter((entry): entry is [string, string] => entry[1] !== null)
      .map(([ours, theirs]) => `substr(${quote(theirs)}, 1, ${maxTextCharacters + 1}) as ${quote(ours)}`);
    const rows = (from: number) => db.prepare(`select ${selected.join(', ')} from ${source} limit -1 offset ?`).iterate(from) as IterableIterator<Record<string, unknown>>;
    return { ...found, total, rows, close };
  } catch (error) {
    close();
    if (error instanceof AppError) throw error;
    throw damaged(error);
  }
}
