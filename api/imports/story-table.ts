import type Database from 'better-sqlite3';
import { isPunct, tokenize, tokenText, type Token } from './sql-values.ts';

/**
 * The story or policy table of an untrusted SQLite database, found and read by column names. Runs
 * in the reading thread (read-worker.ts): nothing here touches the API's event loop. Views and
 * triggers are never read or fired: only tables are read, read-only, with `trusted_schema` off, so
 * a generated column or view calling an unsafe function fails instead of running.
 */

export type ColumnMap = { title: string; text: string | null; url: string | null; date: string | null; department: string | null };
export type PolicyColumnMap = Record<
  'title' | 'date' | 'description' | 'impact' | 'department' | 'url' | 'chineseOriginal' | 'englishTranslation' | 'fullContent',
  string | null
>;
/** `fileColumns`: every column the table has, so the analysis can say which ones the import ignores. */
export type FoundTable = { kind: 'stories' | 'policies'; table: string; columns: ColumnMap | PolicyColumnMap; fileColumns: string[] };

/**
 * A cell as the reader hands it over: text whole (NULs included), a number, null, or a blob's mark
 * (its bytes are never shipped: a blob where text belongs is a row error).
 */
export type Cell = string | number | bigint | null | { binary: true };
export const isBinary = (value: unknown): value is { binary: true } => typeof value === 'object' && value !== null && 'binary' in value;
export type RowValues = Record<string, Cell>;

/** Why a file can't be read, said to the uploader (a 4xx); the thread has no AppError to throw. */
export class FileRefusal extends Error {
  constructor(
    readonly code: 'unprocessable' | 'unsupported_media_type',
    message: string,
  ) {
    super(message);
  }
}

/** Our limits on what a file may hold: wider tables and longer values are not stories. */
const maxColumns = 200;
export const maxTextCharacters = 1_000_000;
/**
 * A text cell is read up to this many bytes and no further: enough for the longest text we take
 * (4 bytes a character at most) and one character more, so a longer one is seen to be longer
 * without being read whole.
 */
export const maxCellBytes = 4 * (maxTextCharacters + 1);

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The defensive settings SQLite documents for untrusted database files; and CHECK constraints
 * ignored, as the file is never written and `quick_check` would otherwise run them on every row.
 */
export function harden(db: Database.Database) {
  db.pragma('trusted_schema = OFF');
  db.pragma('ignore_check_constraints = ON');
  db.pragma('cell_size_check = ON');
  db.pragma('mmap_size = 0');
  db.pragma('query_only = ON');
}

/** A column's definition in its table's CREATE statement, as tokens (for naming it), or null when it can't be found. */
function columnDefinition(createSql: string, column: string): string | null {
  let tokens: Token[];
  try {
    tokens = tokenize(createSql);
  } catch {
    return null;
  }
  let depth = 0;
  let current: Token[] = [];
  for (const token of tokens.slice(tokens.findIndex((candidate) => isPunct(candidate, '(')) + 1)) {
    if (isPunct(token, '(')) depth++;
    if (isPunct(token, ')')) depth--;
    if (depth < 0 || (depth === 0 && isPunct(token, ','))) {
      if (tokenText(current[0]).toLowerCase() === column.toLowerCase()) return current.map(tokenText).join(' ').slice(0, 160);
      if (depth < 0) return null;
      current = [];
    } else {
      current.push(token);
    }
  }
  return null;
}

/**
 * Refuses a file with a column computed when it is read (a virtual generated column): reading it,
 * or even checking the file, runs the file's expression in one SQLite call that nothing can stop
 * (the probe's `hex(zeroblob(100000000))` took 0.36 s a row). Stored generated columns hold their
 * values and are read as any.
 */
export function refuseComputedColumns(db: Database.Database) {
  const tables = db.prepare(`select name, sql from sqlite_schema where type = 'table'`).all() as { name: string; sql: string | null }[];
  for (const table of tables) {
    const computed = db.prepare('select name from pragma_table_xinfo(?) where hidden = 2').get(table.name) as { name: string } | undefined;
    if (!computed) continue;
    const definition = table.sql ? columnDefinition(table.sql, computed.name) : null;
    throw new FileRefusal(
      'unprocessable',
      `The table "${table.name}" computes its column "${computed.name}" when it is read${definition ? ` (${definition})` : ''}: the importer reads only the values a file holds`,
    );
  }
}

const pick = (columns: string[], names: string[]) => names.map((name) => columns.find((column) => column.toLowerCase() === name)).find(Boolean) ?? null;

function storyColumns(columns: string[]): ColumnMap | null {
  const title = pick(columns, ['title', 'headline', 'name']);
  const text = pick(columns, ['chinese_text', 'content', 'text', 'body', 'chinese_original', 'chinese_content']);
  const url = pick(columns, ['url', 'link', 'source_url', 'source']);
  if (!title || (!text && !url)) return null;
  // The document's own date and issuer. Not `created_at`: that is when a scraper stored the row.
  const date = pick(columns, ['date', 'published', 'published_on', 'published_at', 'publish_date', 'pub_date', 'time']);
  const department = pick(columns, ['department', 'department_code', 'department_id', 'dept', 'issuer']);
  return { title, text, url, date, department };
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

export function findTable(db: Database.Database): FoundTable | null {
  const tables = (db.prepare(`select name from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`).all() as { name: string }[]).map((row) => row.name);
  // Each table's columns, read once.
  const columnsOf = new Map(tables.map((table) => [table, (db.prepare(`select name from pragma_table_xinfo(?)`).all(table) as { name: string }[]).map((row) => row.name)]));
  const usable = tables.filter((table) => columnsOf.get(table)!.length <= maxColumns);
  const policies = usable.find((table) => table.toLowerCase() === 'policies');
  const policyMap = policies ? policyColumns(columnsOf.get(policies)!) : null;
  if (policies && policyMap) return { kind: 'policies', table: policies, columns: policyMap, fileColumns: columnsOf.get(policies)! };
  const ordered = [
    ...usable.filter((table) => ['stories', 'pending_stories'].includes(table.toLowerCase())),
    ...usable.filter((table) => !['stories', 'pending_stories'].includes(table.toLowerCase())),
  ];
  for (const table of ordered) {
    const map = storyColumns(columnsOf.get(table)!);
    if (map) return { kind: 'stories', table, columns: map, fileColumns: columnsOf.get(table)! };
  }
  return null;
}

/**
 * The statement reading the table's rows from an offset, our names for their columns. Text and
 * blobs come as at most `maxCellBytes` bytes, never whole: a hostile gigabyte cell costs its
 * reader no more than that. Text is read as bytes because SQLite's text functions stop at a NUL,
 * which would cut a value silently; bytes keep it, and the row is refused. The table is read in a
 * subquery (an OFFSET keeps SQLite from flattening it) so each column is computed once per row.
 */
export function rowStatement(db: Database.Database, found: FoundTable): { statement: Database.Statement; names: string[] } {
  const mapped = Object.entries(found.columns).filter((entry): entry is [string, string] => entry[1] !== null);
  const inner = mapped.map(([, theirs], index) => `${quote(theirs)} as c${index}`).join(', ');
  const outer = mapped
    .map((_, index) => `typeof(c${index}) as t${index}, case when typeof(c${index}) in ('text', 'blob') then substr(cast(c${index} as blob), 1, ${maxCellBytes}) else c${index} end as v${index}`)
    .join(', ');
  const statement = db.prepare(`select ${outer} from (select ${inner} from ${quote(found.table)} limit -1 offset ?)`);
  return { statement, names: mapped.map(([ours]) => ours) };
}

/** One row as read (`t0, v0, t1, v1…`) as our values, and the bytes of text it brought. */
export function rowValues(names: string[], raw: Record<string, unknown>): { values: RowValues; bytes: number } {
  const values: RowValues = {};
  let bytes = 0;
  names.forEach((name, index) => {
    const type = raw[`t${index}`];
    const value = raw[`v${index}`];
    if (value instanceof Uint8Array) bytes += value.length;
    if (type === 'text' && value instanceof Uint8Array) values[name] = Buffer.from(value.buffer, value.byteOffset, value.length).toString('utf8');
    else if (type === 'blob') values[name] = { binary: true };
    else values[name] = typeof value === 'number' || typeof value === 'bigint' ? value : null;
  });
  return { values, bytes };
}
