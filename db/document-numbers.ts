/**
 * Document numbers (文号), the one parser: the number a Chinese government document is issued
 * under (国发〔2014〕40号, 银发〔2019〕123号) or an order's number (国务院令第681号). Texts write them
 * with any of 〔〕 [] ［］ () （） 【】, full- or half-width digits and stray spaces; one normal form
 * lets a citation find the document and two sites' copies of it be recognised as one.
 *
 * Normal form: `<issuer code>〔<year>〕<serial>号`, or `<issuer>令第<serial>号` (with `〔<year>〕`
 * before 第 when the order carries a year); digits half-width, no leading zeros, no spaces, the
 * state's name (中华人民共和国) and 原 ("former") dropped from an order's issuer.
 */

export type DocumentNumber = {
  /** The normal form, e.g. 国发〔2014〕40号. */
  number: string;
  /** Who issued it as the number names it: the code (国发, 银发) or the ordering body (国务院). */
  issuer: string;
  /** A document number's kind: `code` for 国发〔2014〕40号, `order` for 国务院令第681号. */
  kind: 'code' | 'order';
  year: number | null;
  serial: number;
  /** Where the number was written in the text (the half-open range of its characters). */
  start: number;
  end: number;
};

const open = '[〔\\[［(（【]';
const close = '[〕\\]］)）】]';
const cjk = '\\u3400-\\u9fff';
/** The issuer is the run of Chinese characters before the number; what precedes it is trimmed below. */
const codePattern = new RegExp(`([${cjk}]{1,16})\\s*${open}\\s*((?:19|20)\\d{2})\\s*${close}\\s*第?\\s*(\\d{1,6})\\s*号`, 'g');
const orderPattern = new RegExp(
  `([${cjk}]{1,24})令\\s*(?:(?:${open}\\s*((?:19|20)\\d{2})\\s*${close}|((?:19|20)\\d{2})\\s*年)\\s*)?[(（]?\\s*第\\s*(\\d{1,6})\\s*号`,
  'g',
);

const statePrefix = '中华人民共和国';
/**
 * Words that end the sentence before an issuer ("根据国发〔2014〕40号", "2017年3月1日国务院令第676号"):
 * the issuer starts after the last of them. None of them occurs inside a body's name or code.
 */
const lead = /^.*(?:根据|依据|依照|按照|参照|对照|贯彻|落实|执行|印发|发布|公布|废止|修改|修订|转发|同时|以及|其中|现将|予以|经过|通过|文号|文件|日|号|令|即|见|以|经|据|是|和《)/u;

function toHalfWidthDigits(text: string): string {
  return text.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
}

/**
 * The issuer as the number names it (the state's name and 原 dropped), and how many characters
 * before the number it was written in (from the end of the sentence before it).
 */
function trimIssuer(raw: string, kind: DocumentNumber['kind']): { issuer: string; written: number } {
  // 中华人民共和国 holds 和, so it is set aside (keeping its length) before the lead words are cut.
  const written = raw.replaceAll(statePrefix, '\u0000'.repeat(statePrefix.length)).replace(lead, '');
  let issuer = written.slice(written.lastIndexOf('\u0000') + 1);
  if (kind === 'order') issuer = issuer.replace(/^原/, '');
  return { issuer, written: written.length };
}

/** Every document number written in `text`, in the order written, each occurrence once. */
export function findDocumentNumbers(text: string): DocumentNumber[] {
  const digits = toHalfWidthDigits(text);
  const found: DocumentNumber[] = [];
  for (const match of digits.matchAll(orderPattern)) {
    const { issuer, written } = trimIssuer(match[1]!, 'order');
    if (issuer.length < 2) continue;
    const year = match[2] ?? match[3];
    const serial = Number(match[4]);
    const end = match.index + match[0].length;
    found.push({
      number: `${issuer}令${year ? `〔${year}〕` : ''}第${serial}号`,
      issuer,
      kind: 'order',
      year: year ? Number(year) : null,
      serial,
      start: match.index + match[1]!.length - written,
      end,
    });
  }
  for (const match of digits.matchAll(codePattern)) {
    const { issuer, written } = trimIssuer(match[1]!, 'code');
    if (!issuer) continue;
    // An order with a year (中国人民银行令〔2019〕第3号) is read by the order pattern.
    if (issuer.endsWith('令')) continue;
    const end = match.index + match[0].length;
    const serial = Number(match[3]);
    found.push({
      number: `${issuer}〔${match[2]}〕${serial}号`,
      issuer,
      kind: 'code',
      year: Number(match[2]),
      serial,
      start: match.index + match[1]!.length - written,
      end,
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The normal form of a document number written alone (a field, a search), or null when it is not one. */
export function normaliseDocumentNumber(raw: string): string | null {
  const trimmed = raw.trim();
  const [only] = findDocumentNumbers(trimmed);
  if (!only) return null;
  return only.start === 0 && only.end === trimmed.length ? only.number : null;
}
