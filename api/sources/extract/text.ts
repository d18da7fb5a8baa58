/**
 * The small readings every extractor shares: a date in any of the forms Chinese government pages
 * print, a document number (文号) in any of its bracket styles, and an element's text with its
 * paragraphs kept.
 */

const chinaOffsetMs = 8 * 60 * 60_000;

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1949 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A date as YYYY-MM-DD from "2024-06-12 08:00", "2024年6月12日", "2024/6/12", "2024.06.12" or epoch milliseconds (read in China time). */
export function normaliseDate(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (/^\d{12,13}$/.test(text)) {
    const date = new Date(Number(text) + chinaOffsetMs);
    return isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  const match = /((?:19|20)\d{2})\s*[-年/.]\s*(\d{1,2})\s*[-月/.]\s*(\d{1,2})/.exec(text);
  return match ? isoDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** The date many government URLs carry: /t20240612_123.html, /202406/t20240612_..., /art/2016/11/22/. */
export function dateFromUrl(url: string): string | null {
  const compact = /[/_t](20\d{2})(\d{2})(\d{2})[_/.]/.exec(url);
  if (compact) return isoDay(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  const slashed = /\/(20\d{2})\/(\d{1,2})\/(\d{1,2})\//.exec(url);
  return slashed ? isoDay(Number(slashed[1]), Number(slashed[2]), Number(slashed[3])) : null;
}

const documentNumberPattern =
  /([\u4e00-\u9fa5]{1,16})\s*[〔［\[【(（]\s*((?:19|20)\d{2})\s*[〕］\]】)）]\s*(第?)\s*(\d{1,4})\s*号/;
const announcementNumberPattern = /([\u4e00-\u9fa5]{0,16}(?:公告|令))\s*((?:19|20)\d{2})\s*年\s*第\s*(\d{1,4})\s*号/;

/** The first document number in a text, written the standard way (国办发〔2024〕12号), or null. */
export function findDocumentNumber(text: string): string | null {
  const bracketed = documentNumberPattern.exec(text);
  if (bracketed) return `${bracketed[1]}〔${bracketed[2]}〕${bracketed[3]}${bracketed[4]}号`;
  const announcement = announcementNumberPattern.exec(text);
  return announcement ? `${announcement[1]}${announcement[2]}年第${announcement[3]}号` : null;
}

const cjk = '\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef';
const lineBreakBetweenCjk = new RegExp(`([${cjk}])\\n(?=[${cjk}])`, 'g');

/**
 * One paragraph's text: indent and ends trimmed, whitespace collapsed. A line break of the HTML
 * source between two Chinese characters is no space at all (Chinese has none between words); a
 * space the page wrote ("第一条　为了") stays one space.
 */
export function cleanLine(text: string): string {
  return text
    .replace(/[ \t\u00a0\u3000]*[\r\n][\s\u00a0]*/g, '\n')
    .replace(lineBreakBetweenCjk, '$1')
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[\s\u3000\u00a0]+|[\s\u3000\u00a0]+$/g, '');
}

const blockTags = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'CAPTION', 'CENTER', 'DD', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER',
  'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TBODY', 'TD', 'TH', 'THEAD', 'TR', 'UL',
]);
const skippedTags = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'IFRAME', 'TEMPLATE', 'BUTTON', 'SELECT', 'OPTION', 'INPUT', 'TEXTAREA', 'SVG', 'OBJECT', 'EMBED']);
const cellTags = new Set(['TD', 'TH']);

export interface TextNodeLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<TextNodeLike>;
}

/**
 * An element's text as paragraphs separated by a blank line: each block (p, div, li, a table row,
 * a br) ends a paragraph, so numbered sections (一、 (一) 1.) stay on lines of their own. A table
 * row's cells are joined on one line.
 */
export function paragraphsOf(root: TextNodeLike, skip?: (element: TextNodeLike) => boolean): string {
  const paragraphs: string[] = [];
  let line = '';
  const flush = () => {
    const cleaned = cleanLine(line);
    if (cleaned) paragraphs.push(cleaned);
    line = '';
  };
  const walk = (node: TextNodeLike) => {
    if (node.nodeType === 3) {
      line += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const tag = node.nodeName.toUpperCase();
    if (skippedTags.has(tag) || (node !== root && skip?.(node))) return;
    if (cellTags.has(tag)) {
      line += ' ';
      for (const child of Array.from(node.childNodes)) walk(child);
      line += ' ';
      return;
    }
    const block = blockTags.has(tag);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return paragraphs.join('\n\n');
}
