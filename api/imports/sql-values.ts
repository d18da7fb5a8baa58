/**
 * A `.sql` dump's statements as tokens, and the values its INSERTs hold, evaluated here rather
 * than by SQLite: a dump inserts plain values (numbers, quoted text, X'…' blobs, NULL), which the
 * loader binds as parameters, so no expression of the file ever runs. The only calls taken are
 * those SQLite's own `.dump` writes for text it can't quote plainly (`replace(…, '\n', char(10))`,
 * `unistr('…')`), evaluated with a bound on what they make.
 */

export type Token =
  | { kind: 'word'; text: string }
  | { kind: 'name'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'blob'; bytes: Buffer }
  | { kind: 'number'; text: string }
  | { kind: 'punct'; text: string };

export class SqlSyntaxError extends Error {}

const wordStart = /[A-Za-z_\u0080-\uffff]/;
const wordPart = /[A-Za-z0-9_$\u0080-\uffff]/;
const numberAt = /(?:0[xX][0-9a-fA-F]+|(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/y;

function quoted(sql: string, start: number, close: string): { text: string; end: number } {
  let text = '';
  let index = start + 1;
  for (;;) {
    const next = sql.indexOf(close, index);
    if (next < 0) throw new SqlSyntaxError('a quoted value is not closed');
    text += sql.slice(index, next);
    // A doubled closing quote is the quote itself.
    if (close !== ']' && sql[next + 1] === close) {
      text += close;
      index = next + 2;
      continue;
    }
    return { text, end: next + 1 };
  }
}

/** The statement's tokens; comments and spaces dropped. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < sql.length) {
    const char = sql[index]!;
    if (/\s/.test(char)) {
      index++;
    } else if (char === '-' && sql[index + 1] === '-') {
      const end = sql.indexOf('\n', index);
      index = end < 0 ? sql.length : end + 1;
    } else if (char === '/' && sql[index + 1] === '*') {
      const end = sql.indexOf('*/', index + 2);
      index = end < 0 ? sql.length : end + 2;
    } else if ((char === 'x' || char === 'X') && sql[index + 1] === "'") {
      const { text, end } = quoted(sql, index + 1, "'");
      if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) throw new SqlSyntaxError('a blob literal is not hexadecimal');
      tokens.push({ kind: 'blob', bytes: Buffer.from(text, 'hex') });
      index = end;
    } else if (char === "'") {
      const { text, end } = quoted(sql, index, "'");
      tokens.push({ kind: 'string', text });
      index = end;
    } else if (char === '"' || char === '`' || char === '[') {
      const { text, end } = quoted(sql, index, char === '[' ? ']' : char);
      tokens.push({ kind: 'name', text });
      index = end;
    } else if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(sql[index + 1] ?? ''))) {
      numberAt.lastIndex = index;
      const match = numberAt.exec(sql)!;
      tokens.push({ kind: 'number', text: match[0] });
      index += match[0].length;
    } else if (wordStart.test(char)) {
      let end = index + 1;
      while (end < sql.length && wordPart.test(sql[end]!)) end++;
      tokens.push({ kind: 'word', text: sql.slice(index, end) });
      index = end;
    } else {
      tokens.push({ kind: 'punct', text: char });
      index++;
    }
  }
  return tokens;
}

export const isWord = (token: Token | undefined, ...words: string[]) => token?.kind === 'word' && words.includes(token.text.toUpperCase());
export const isPunct = (token: Token | undefined, text: string) => token?.kind === 'punct' && token.text === text;
/** A token as a message names it (a blob by its kind). */
export const tokenText = (token: Token | undefined) => (token === undefined ? '' : token.kind === 'blob' ? "X'…'" : token.text.slice(0, 40));

export type Value = string | number | bigint | Buffer | null;

/** A value that is not a plain one: what the loader refuses, named. */
export class ComputedValue extends Error {}

function numberValue(text: string, negative: boolean): number | bigint {
  if (/^0[xX]/.test(text)) {
    const value = BigInt.asIntN(64, BigInt(text));
    return negative ? -value : value;
  }
  if (/^\d+$/.test(text)) {
    const value = BigInt(negative ? `-${text}` : text);
    // Past 64 bits SQLite reads an integer literal as a real.
    if (value > 0x7fffffffffffffffn || value < -0x8000000000000000n) return Number(value);
    return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  }
  const value = Number(text);
  return negative ? -value : value;
}

const asText = (value: Value): string | null => (value === null ? null : Buffer.isBuffer(value) ? value.toString('utf8') : String(value));

/** SQLite's unistr(): \XXXX, \uXXXX, \+XXXXXX and \UXXXXXXXX code points, \\ a backslash. */
function unistr(text: string): string {
  return text.replace(/\\(\\|[0-9a-fA-F]{4}|u[0-9a-fA-F]{4}|\+[0-9a-fA-F]{6}|U[0-9a-fA-F]{8})|\\/g, (match, escape: string | undefined) => {
    if (escape === undefined) throw new ComputedValue('unistr() with a stray backslash');
    if (escape === '\\') return '\\';
    const code = Number.parseInt(/^[0-9a-fA-F]/.test(escape) ? escape : escape.slice(1), 16);
    if (code > 0x10ffff) throw new ComputedValue(`unistr() with the code point ${match}`);
    return String.fromCodePoint(code);
  });
}

/**
 * The calls a dump may hold, each making no more than its arguments hold: `.dump`'s replace only
 * swaps an escape for the character it stands for.
 */
const calls: Record<string, (args: Value[]) => Value> = {
  char: (args) => args.map((arg) => (typeof arg === 'number' && Number.isInteger(arg) && arg >= 0 && arg <= 0x10ffff ? String.fromCodePoint(arg) : '\ufffd')).join(''),
  unistr: ([text]) => (text === null || text === undefined ? null : unistr(asText(text)!)),
  replace: ([text, from, to]) => {
    const [source, find, by] = [text, from, to].map((arg) => asText(arg ?? null));
    if (source === null || find === null || by === null || source === undefined || find === undefined || by === undefined) return null;
    if (find === '') return source;
    const parts = source.split(find);
    if ((parts.length - 1) * by.length > source.length + by.length) throw new ComputedValue('replace() that lengthens its text');
    return parts.join(by);
  },
};

/** Reads one value at `tokens[at]`: a literal, or a call of `calls` on values. */
export function readValue(tokens: Token[], at: number): { value: Value; next: number } {
  let index = at;
  let negative = false;
  while (isPunct(tokens[index], '-') || isPunct(tokens[index], '+')) {
    if (isPunct(tokens[index], '-')) negative = !negative;
    index++;
  }
  const token = tokens[index];
  if (!token) throw new SqlSyntaxError('a value is missing');
  if (token.kind === 'number') return { value: numberValue(token.text, negative), next: index + 1 };
  if (index !== at) throw new ComputedValue('a sign before a value that is not a number');
  if (token.kind === 'string') return { value: token.text, next: index + 1 };
  if (token.kind === 'blob') return { value: token.bytes, next: index + 1 };
  if (isWord(token, 'NULL')) return { value: null, next: index + 1 };
  if (isWord(token, 'TRUE', 'FALSE')) return { value: isWord(token, 'TRUE') ? 1 : 0, next: index + 1 };
  const call = token.kind === 'word' ? calls[token.text.toLowerCase()] : undefined;
  if (!call || !isPunct(tokens[index + 1], '(')) {
    throw new ComputedValue(`"${tokenText(token)}"`);
  }
  const args: Value[] = [];
  index += 2;
  while (!isPunct(tokens[index], ')')) {
    const arg = readValue(tokens, index);
    args.push(arg.value);
    index = arg.next;
    if (isPunct(tokens[index], ',')) index++;
    else if (!isPunct(tokens[index], ')')) throw new SqlSyntaxError('a call is not closed');
  }
  return { value: call(args), next: index + 1 };
}

/** The tuples after VALUES: `(v, v…), (v…)` to the statement's end. */
export function readTuples(tokens: Token[], at: number): Value[][] {
  const tuples: Value[][] = [];
  let index = at;
  for (;;) {
    if (!isPunct(tokens[index], '(')) throw new SqlSyntaxError('VALUES without a parenthesised row');
    const tuple: Value[] = [];
    index++;
    for (;;) {
      const read = readValue(tokens, index);
      tuple.push(read.value);
      index = read.next;
      if (isPunct(tokens[index], ',')) index++;
      else if (isPunct(tokens[index], ')')) break;
      else throw new SqlSyntaxError('a row of VALUES is not closed');
    }
    tuples.push(tuple);
    index++;
    if (index === tokens.length) return tuples;
    if (!isPunct(tokens[index], ',')) throw new ComputedValue(`"${tokenText(tokens[index])}" after the VALUES`);
    index++;
  }
}
