import Database from 'better-sqlite3';
import { createReadStream } from 'node:fs';
import { ComputedValue, isPunct, isWord, readTuples, SqlSyntaxError, tokenize, tokenText, type Token, type Value } from './sql-values.ts';
import { FileRefusal, quote } from './story-table.ts';

/**
 * A `.sql` dump, loaded statement by statement into a scratch SQLite database, in the reading
 * thread. A dump is tables and their rows, so that is all that runs: CREATE TABLE (rebuilt as
 * plain columns: no CHECK, DEFAULT expression or generated column of the file is kept, as they
 * would run on every insert), and INSERT … VALUES of plain values, bound as parameters (one row at
 * a time). CREATE INDEX, the dump's own BEGIN/COMMIT, `PRAGMA foreign_keys=OFF` and its
 * AUTOINCREMENT bookkeeping (`sqlite_sequence`) are passed over; any other statement (a trigger,
 * a view, ATTACH, another PRAGMA, DROP, INSERT … SELECT, WITH…) refuses the file. What it may make is bounded: rows, the scratch file's size (twice the
 * dump's, as plain values take no more room than their text), a statement's length. The dump is
 * read as a stream: a gigabyte of SQL never becomes one string.
 */

/** The longest statement taken: a row of the longest texts, many times over. */
export const maxStatementCharacters = 64 * 1024 * 1024;

/** Splits SQL text into statements at semicolons outside quotes, brackets and comments, across chunks. */
export class StatementSplitter {
  private current = '';
  private quote: string | null = null;
  private comment: 'line' | 'block' | null = null;
  /** Statements completed so far: the number of the one in hand is this + 1. */
  private count = 0;

  /** The statements this chunk completes. */
  push(chunk: string): string[] {
    const done: string[] = [];
    let start = 0;
    const text = chunk;
    for (let index = 0; index < text.length; index++) {
      const char = text[index]!;
      if (this.comment === 'line') {
        if (char === '\n') this.comment = null;
        continue;
      }
      if (this.comment === 'block') {
        if (char === '/' && (text[index - 1] ?? this.current.at(-1)) === '*') this.comment = null;
        continue;
      }
      if (this.quote) {
        if (char === this.quote) this.quote = null;
        continue;
      }
      if (char === "'" || char === '"' || char === '`') this.quote = char;
      else if (char === '[') this.quote = ']';
      else if (char === '-' && (text[index - 1] ?? this.current.at(-1)) === '-') this.comment = 'line';
      else if (char === '*' && (text[index - 1] ?? this.current.at(-1)) === '/') this.comment = 'block';
      else if (char === ';') {
        const statement = (this.current + text.slice(start, index)).trim();
        if (statement) {
          done.push(statement);
          this.count++;
        }
        this.current = '';
        start = index + 1;
      }
    }
    this.current += text.slice(start);
    if (this.current.length > maxStatementCharacters) {
      throw new FileRefusal('unprocessable', `The .sql file's statement ${this.count + 1} is longer than ${maxStatementCharacters / 1024 / 1024} MB`);
    }
    return done;
  }

  /** What is left after the last semicolon (a dump's last statement may lack one); a cut one is refused. */
  end(): string[] {
    const rest = this.current.trim();
    this.current = '';
    if (this.quote) throw new FileRefusal('unprocessable', `The .sql file ends inside a quoted string (statement ${this.count + 1} is cut off)`);
    return rest ? [rest] : [];
  }
}

export type DumpLimits = { maxRows: number; maxScratchBytes: number };

/** Statements a dump holds that build nothing we read: its transaction, and SQLite's AUTOINCREMENT bookkeeping. */
const passedOver = /^((BEGIN|COMMIT|END)(\s+TRANSACTION)?|PRAGMA\s+foreign_keys\s*=\s*(OFF|0|FALSE)|DELETE\s+FROM\s+sqlite_sequence)$/i;
const sequenceInsert = /^INSERT\s+INTO\s+sqlite_sequence\b/i;

/** SQLite's type affinity of a declared column type, the one thing a rebuilt table keeps of it. */
function affinity(declared: string): string {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'INTEGER';
  if (/CHAR|CLOB|TEXT/.test(type)) return 'TEXT';
  if (type === '' || type.includes('BLOB')) return 'BLOB';
  if (/REAL|FLOA|DOUB/.test(type)) return 'REAL';
  return 'NUMERIC';
}

const nameOf = (token: Token | undefined) => (token?.kind === 'word' || token?.kind === 'name' ? token.text : null);

export async function loadSqlDump(path: string, scratch: Database.Database, limits: DumpLimits): Promise<void> {
  // The dump's CREATE TABLE runs here, in memory, only to be read back as columns.
  const shapes = new Database(':memory:');
  shapes.pragma('trusted_schema = OFF');
  const pageSize = scratch.pragma('page_size', { simple: true }) as number;
  scratch.pragma(`max_page_count = ${Math.max(1, Math.floor(limits.maxScratchBytes / pageSize))}`);
  const inserts = new Map<string, Database.Statement>();
  const splitter = new StatementSplitter();
  let count = 0;
  let rows = 0;
  const refuse = (message: string) => new FileRefusal('unprocessable', message);

  const createTable = (tokens: Token[], statement: string) => {
    let at = 2;
    if (isWord(tokens[at], 'IF')) at += 3;
    const name = nameOf(tokens[at]);
    if (name === null || isPunct(tokens[at + 1], '.')) throw refuse(`The SQL dump's statement ${count} names its table in a way a dump does not`);
    if (!isPunct(tokens[at + 1], '(')) throw refuse(`The SQL dump's statement ${count} makes a table from a query; a dump's tables hold plain rows`);
    shapes.exec(statement);
    const columns = (shapes.prepare('select name, type, hidden from pragma_table_xinfo(?)').all(name) as { name: string; type: string; hidden: number }[]).filter((column) => column.hidden === 0);
    scratch.exec(`create table ${quote(name)} (${columns.map((column) => `${quote(column.name)} ${affinity(column.type)}`).join(', ')})`);
  };

  const insert = (tokens: Token[]) => {
    let at = 1;
    if (isWord(tokens[at], 'OR')) at += 2;
    if (!isWord(tokens[at], 'INTO')) throw refuse(`The SQL dump's statement ${count} is not an INSERT INTO`);
    const table = nameOf(tokens[at + 1]);
    if (table === null || isPunct(tokens[at + 2], '.')) throw refuse(`The SQL dump's statement ${count} names its table in a way a dump does not`);
    at += 2;
    const columns: string[] = [];
    if (isPunct(tokens[at], '(')) {
      for (at++; !isPunct(tokens[at], ')'); at++) {
        const column = nameOf(tokens[at]);
        if (column === null) throw refuse(`The SQL dump's statement ${count} has a column list a dump does not`);
        columns.push(column);
        if (isPunct(tokens[at + 1], ',')) at++;
      }
      at++;
    }
    if (isWord(tokens[at], 'SELECT', 'WITH', 'DEFAULT')) {
      throw refuse(`The SQL dump's statement ${count} makes rows from a query (INSERT … ${tokenText(tokens[at]).toUpperCase()}); a dump inserts plain VALUES`);
    }
    if (!isWord(tokens[at], 'VALUES')) throw refuse(`The SQL dump's statement ${count} is not an INSERT … VALUES`);
    let tuples: Value[][];
    try {
      tuples = readTuples(tokens, at + 1);
    } catch (error) {
      if (error instanceof ComputedValue) throw refuse(`The SQL dump's statement ${count} inserts what is not a plain value (${error.message}); a dump inserts plain values`);
      throw error;
    }
    rows += tuples.length;
    if (rows > limits.maxRows) throw refuse(`The SQL dump holds more than ${limits.maxRows.toLocaleString('en')} rows (IMPORT_MAX_ROWS)`);
    for (const tuple of tuples) {
      const key = `${table}\0${columns.join('\0')}\0${tuple.length}`;
      let statement = inserts.get(key);
      if (!statement) {
        const list = columns.length ? ` (${columns.map(quote).join(', ')})` : '';
        statement = scratch.prepare(`insert into ${quote(table)}${list} values (${tuple.map(() => '?').join(', ')})`);
        inserts.set(key, statement);
      }
      statement.run(...tuple);
    }
  };

  const run = (statements: string[]) => {
    scratch.transaction(() => {
      for (const statement of statements) {
        count++;
        let tokens: Token[];
        try {
          tokens = tokenize(statement);
        } catch (error) {
          if (error instanceof SqlSyntaxError) throw refuse(`The SQL dump's statement ${count} can't be read: ${error.message}`);
          throw error;
        }
        const words = tokens.map(tokenText).join(' ');
        if (tokens.length === 0 || passedOver.test(words) || sequenceInsert.test(words) || (isWord(tokens[0], 'CREATE') && (isWord(tokens[1], 'INDEX') || (isWord(tokens[1], 'UNIQUE') && isWord(tokens[2], 'INDEX'))))) continue;
        const creates = isWord(tokens[0], 'CREATE') && isWord(tokens[1], 'TABLE');
        if (!creates && !isWord(tokens[0], 'INSERT')) {
          const kind = statement.replace(/^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)+/, '').replace(/\s+/g, ' ').slice(0, 40);
          throw refuse(`The SQL dump may hold only CREATE TABLE, CREATE INDEX and INSERT statements; statement ${count} is "${kind}"`);
        }
        try {
          if (creates) createTable(tokens, statement);
          else insert(tokens);
        } catch (error) {
          if (error instanceof FileRefusal) throw error;
          if (error instanceof Database.SqliteError && error.code === 'SQLITE_FULL') {
            throw refuse(`The SQL dump makes a database larger than ${Math.round(limits.maxScratchBytes / 1024 / 1024)} MB (twice the dump's size): a dump of plain rows does not`);
          }
          throw refuse(`The SQL dump's statement ${count} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
  };

  try {
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1024 * 1024 })) {
      run(splitter.push(chunk as string));
    }
    run(splitter.end());
  } finally {
    shapes.close();
  }
  if (count === 0) throw refuse('The SQL dump holds no statements');
}
