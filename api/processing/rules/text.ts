import { findDocumentNumbers } from '../../../db/document-numbers.ts';

/**
 * Reading a Chinese government document's text: its lines, its dates (in Arabic or Chinese
 * numerals) and its document number. Pure functions the other rules build on.
 */

/** The text's non-empty lines, with full-width and non-breaking spaces trimmed. */
export function documentLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/^[\s\u3000\u00a0]+|[\s\u3000\u00a0]+$/g, ''))
    .filter((line) => line !== '');
}

const chineseDigits: Record<string, number> = { 〇: 0, '○': 0, 零: 0, O: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** 一 → 1, 十二 → 12, 二十三 → 23, 一百零五 → 105; Arabic digits as they are. */
export function chineseNumber(value: string): number | null {
  if (/^\d+$/.test(value)) return Number(value);
  let total = 0;
  let current = 0;
  for (const char of value) {
    if (char in chineseDigits) current = chineseDigits[char]!;
    else if (char === '十') {
      total += (current || 1) * 10;
      current = 0;
    } else if (char === '百') {
      total += (current || 1) * 100;
      current = 0;
    } else return null;
  }
  return total + current;
}

/** A year written digit by digit: 二〇一九 → 2019. */
function chineseYear(value: string): number | null {
  if (/^\d{4}$/.test(value)) return Number(value);
  const digits = [...value].map((char) => chineseDigits[char]);
  return digits.length === 4 && digits.every((digit) => digit !== undefined) ? Number(digits.join('')) : null;
}

const numeral = '[0-9〇○零O一二三四五六七八九十]';
/** 2019年1月27日, 2019 年 1 月 27 日, 二〇一九年一月二十七日. */
export const datePattern = new RegExp(`(${numeral}{4})\\s*年\\s*(${numeral}{1,3})\\s*月\\s*(${numeral}{1,3})\\s*日`, 'g');

/** A date match as YYYY-MM-DD, or null when it isn't a real date. */
export function isoDate(year: string, month: string, day: string): string | null {
  const y = chineseYear(year);
  const m = chineseNumber(month);
  const d = chineseNumber(day);
  if (y === null || m === null || d === null || y < 1949 || y > 2100) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Every date in `text`, in order, with where it was found. */
export function datesIn(text: string): { iso: string; index: number; end: number }[] {
  return [...text.matchAll(datePattern)].flatMap((match) => {
    const iso = isoDate(match[1]!, match[2]!, match[3]!);
    return iso ? [{ iso, index: match.index, end: match.index + match[0].length }] : [];
  });
}

export type DocumentNumber = {
  /** As written, spaces removed: 国发〔2019〕5号, 中国证券监督管理委员会令第224号. */
  text: string;
  /** What names the issuer, the first-named of a joint order: 国发, 银发, 国务院令, 证监会令... */
  prefix: string;
};

/** A header line that records a step of the document's history: "2024年7月10日 中华人民共和国国务院令第786号修订）". */
const datedStep = /^[（(]?\s*((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日.*(?:公布|发布|修订|修正|印发)/;

/**
 * The document's own number, from its header (before the body begins): the number of the latest
 * dated publication or revision when the header lists the document's history (the version in hand
 * is the latest one), else the first number there that isn't another document's (cited in 《》 or
 * a line in brackets recounting earlier versions). The one parser reads the numbers (db/document-numbers.ts).
 */
export function documentNumber(lines: readonly string[]): DocumentNumber | null {
  // A decree prints its number over two lines (中华人民共和国国务院令 / 第707号): those are joined.
  const head = lines
    .slice(0, 8)
    .map((line, index, all) => (/令$/.test(line) && /^第/.test(all[index + 1] ?? '') ? line + all[index + 1] : line))
    .filter((line) => !/^[（(]/.test(line) || datedStep.test(line));
  const candidates = head.flatMap((line) => {
    const step = datedStep.exec(line);
    return findDocumentNumbers(line)
      .filter((number) => !(/《/.test(line.slice(0, number.start)) && !/》/.test(line.slice(0, number.start))))
      .map((number) => ({ line, number, dated: step ? `${step[1]}-${step[2]!.padStart(2, '0')}-${step[3]!.padStart(2, '0')}` : null }));
  });
  const dated = candidates.filter((candidate) => candidate.dated !== null).sort((a, b) => a.dated!.localeCompare(b.dated!));
  const chosen = dated.at(-1) ?? candidates[0];
  if (!chosen) return null;
  // A joint decree names its issuers with 、 (国务院、中央军事委员会令), which the parser's issuer stops at.
  const joint = /(?:[\u3400-\u9fff]{2,24}、)+$/.exec(chosen.line.slice(0, chosen.number.start));
  const start = joint ? joint.index : chosen.number.start;
  const written = chosen.line.slice(start, chosen.number.end).replace(/[\s\u3000]+/g, '');
  return { text: written, prefix: numberPrefix(written) };
}

/** 中华人民共和国国务院、中华人民共和国中央军事委员会令第757号 → 国务院令; 国发〔2019〕5号 → 国发. */
function numberPrefix(written: string): string {
  const issuer = written.replace(/中华人民共和国/g, '').replace(/\s*(?:[〔[［【(（]|第|\d).*$/, '');
  const first = issuer.split('、')[0]!;
  return issuer.includes('、') && issuer.endsWith('令') && !first.endsWith('令') ? `${first}令` : first;
}

/** A line that is no longer the title: a number, a date, an addressee, an article or a heading, a sentence. */
function endsTitle(line: string): boolean {
  return (
    findDocumentNumbers(line).some((number) => number.start === 0) ||
    datesIn(line).some((date) => date.index <= 2) ||
    /[：:]$/.test(line) ||
    /^第[一二三四五六七八九十百零〇\d]+[条章节]/.test(line) ||
    /^[一二三四五六七八九十]+、/.test(line) ||
    /[。；！？]/.test(line) ||
    line.length > 60
  );
}

/** The kinds a title ends with: once a line ends so, the title is whole. */
const titleEnd = /(?:通知|意见|规定|办法|条例|细则|规则|规范|决定|批复|复函|函|通报|公告|公报|方案|规划|计划|答复|报告|纲要|声明|命令|令|法)(?:[（(][^）)]{1,12}[）)])?$/;

/**
 * The Chinese title as the document prints it above its number or addressee: one to four lines
 * (a long gov.cn title is set over two or three), letter-spaced titles closed up
 * (国 家 粮 食 应 急 预 案 → 国家粮食应急预案). Null when the text opens without one.
 */
export function titleFromText(lines: readonly string[]): string | null {
  const parts: string[] = [];
  for (const line of lines.slice(0, 4)) {
    if (endsTitle(line)) break;
    parts.push(line);
    if (titleEnd.test(line) && !/^的/.test(lines[parts.length] ?? '')) break;
  }
  const title = parts.join('').replace(/(?<=[\u3400-\u9fff])[\s\u3000]+(?=[\u3400-\u9fff《（(])/g, '').replace(/[\s\u3000]+/g, ' ').trim();
  return /[\u3400-\u9fff]/.test(title) && titleEnd.test(title) ? title : null;
}

/** The text up to the first full stop (or `max` characters), for headings and summaries. */
export function firstSentences(text: string, max: number): string {
  const sentences = text.match(/[^。！？；]+[。！？；]?/g) ?? [text];
  let result = '';
  for (const sentence of sentences) {
    if (result && (result + sentence).length > max) break;
    result += sentence;
    if (result.length >= max * 0.6) break;
  }
  return result.length > max ? `${result.slice(0, max - 1)}…` : result;
}
