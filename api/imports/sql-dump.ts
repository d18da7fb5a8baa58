import { createReadStream } from 'node:fs';
import type Database from 'better-sqlite3';
import { AppError } from '../http/errors.ts';

/**
 * A `.sql` dump, loaded statement by statement into a scratch SQLite database. Only what a dump of
 * story or policy tables needs runs: CREATE TABLE, CREATE INDEX and INSERT (with the dump's own
 * BEGIN/COMMIT and `PRAGMA foreign_keys=OFF` passed over); any other statement (a trigger, a view,
 * ATTACH, another PRAGMA, DROP...) refuses the file. The dump is read as a stream: a gigabyte of
 * SQL never becomes one string.
 */

/** Splits SQL text into statements at semicolons outside quotes, brackets and comments, across chunks. */
export class StatementSplitter {
  private current = '';
  private quote: string | null = null;
  private comment: 'line' | 'block' | null = null;

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
        done.push(this.current + text.slice(start, index));
        this.current = '';
        start = index + 1;
      }
    }
    this.current += text.slice(start);
    return done.map((statement) => statement.trim()).filter(Boolean);
  }

  /** What is left after the last semicolon (a dump's last statement may lack one). */
  end(): string[] {
    const rest = this.current.trim();
    this.current = '';
    return rest && !this.quote ? [rest] : [];
  }
}

/** A statement without its leading comments, for deciding what it is. */
function withoutLeadingComments(statement: string): string {
  return statement.replace(/^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)+/, '');
}

const allowed = /^(CREATE\s+TABLE|CREATE\s+(UNIQUE\s+)?INDEX|INSERT\s+INTO)\b/i;
const passedOver = /^((BEGIN|COMMIT|END)(\s+TRANSACTION)?|PRAGMA\s+foreign_keys\s*=\s*(OFF|0|FALSE))$/i;

export async function loadSqlDump(path: string, scratch: Database.Database): Promise<void> {
  const splitter = new StatementSplitter();
  let count = 0;
  const run = (statements: string[]) => {
    scratch.transaction(() => {
      for (const statement of statements) {
        count++;
        const bare = withoutLeadingComments(statement);
        if (!bare || passedOver.test(bare.replace(/\s+/g, ' ').trim())) continue;
        if (!allowed.test(bare)) {
          const kind = bare.replace(/\s+/g, ' ').slice(0, 40);
          throw new AppError('unprocessable', `The SQL dump may hold only CREATE TABLE, CREATE INDEX and INSERT statements; statement ${count} is "${kind}"`);
        }
        try {
          scratch.prepare(bare).run();
        } catch (error) {
          throw new AppError('unprocessable', `The SQL dump's statement ${count} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
  };
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1024 * 1024 })) {
    run(splitter.push(chunk as string));
  }
  run(splitter.end());
  if (count === 0) throw new AppError('unprocessable', 'The SQL dump holds no statements');
}
