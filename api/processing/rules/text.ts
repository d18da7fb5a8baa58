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
  /** As written: 国发〔2019〕5号, 中国证券监督管理委员会令第224号. */
  text: string;
  /** What names the issuer: 国发, 银发, 证监会令... */
  prefix: string;
};

// 国发〔2019〕5号, 银发[2021]237号 (square brackets and 【】 appear in copied texts), 国办发明电〔2018〕15号.
const bracketNumber = /([\u4e00-\u9fa5]{1,12})\s*[〔[［【(（]\s*((?:19|20)\d{2})\s*[〕\]］】)）]\s*(?:第\s*)?(\d{1,4})\s*号/;
// 国务院令第707号, 国令第707号, 商务部令2021年第1号, 中国证券监督管理委员会令第224号, 国家市场监督管理总局令第56号.
const orderNumber = /([\u4e00-\u9fa5]{1,20}令)\s*(?:[〔[［【(（]\s*(?:19|20)\d{2}\s*[〕\]］】)）]\s*|(?:19|20)\d{2}\s*年\s*)?第\s*(\d{1,4})\s*号/;

/** The document's own number: the first one in its header (before the body begins), else in its first lines. */
export function documentNumber(lines: readonly string[]): DocumentNumber | null {
  // A decree prints its number over two lines (中华人民共和国国务院令 / 第707号): those are joined.
  // A line in brackets is the history of earlier versions ("（1994年...国务院令第142号发布..."), not this one's number.
  const head = lines
    .slice(0, 8)
    .map((line, index, all) => (/令$/.test(line) && /^第/.test(all[index + 1] ?? '') ? line + all[index + 1] : line))
    .filter((line) => !/^[（(]/.test(line));
  for (const line of head) {
    const order = orderNumber.exec(line);
    const bracket = bracketNumber.exec(line);
    // A number the header cites in 《》 or 关于...的 is another document's.
    const found = [order, bracket].filter((match): match is RegExpExecArray => match !== null).sort((a, b) => a.index - b.index)[0];
    if (!found) continue;
    if (/《/.test(line.slice(0, found.index)) && !/》/.test(line.slice(0, found.index))) continue;
    return { text: found[0].replace(/\s+/g, ''), prefix: trimPrefix(found[1]!) };
  }
  return null;
}

/** 年5月14日国家市场监督管理总局令 → 国家市场监督管理总局令: what stands before the issuer is not part of it. */
function trimPrefix(prefix: string): string {
  return prefix.replace(/^.*?(?:日|号|，|、|\s)(?=[\u4e00-\u9fa5])/u, '');
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
