import { findDocumentNumbers } from './document-numbers.ts';

/**
 * What a Chinese government document says about other documents and about itself, read from its
 * own words: the titles (《...》) and document numbers it cites, the documents it amends or
 * repeals, its own number, and the day it takes effect. Pure text reading; db/document-links.ts
 * resolves what is read to policies.
 */

/** Spaces, book-title marks and an editor's revision note removed: 《中华人民共和国 外汇管理条例（2008年修订）》 → 中华人民共和国外汇管理条例. */
export function normaliseTitle(title: string): string {
  return title.replace(/[\s\u3000《》〈〉<>]/g, '').replace(revisionNote, '');
}
/** （2019年修订）, (2008修正), （2015年修正本）: how publishers tell versions of one title apart; not part of the title. */
const revisionNote = /[（(](?:\d{4}|[〇零一二三四五六七八九]{4})年?(?:第[一二三四五六七八九十]+次)?(?:修订|修正|修改)本?[）)]$/u;

/** The titles `text` cites in 《...》, once each, not its own title (at most 50). */
export function citedTitles(text: string, ownTitle: string): string[] {
  const own = normaliseTitle(ownTitle);
  const titles = new Set<string>();
  for (const match of text.matchAll(/《([^《》\n]{2,100})》/g)) {
    const title = normaliseTitle(match[1]!);
    if (title && title !== own) titles.add(title);
  }
  return [...titles].slice(0, 50);
}

/**
 * The document's own number: the first standing alone on a line of its heading (国发〔2019〕5号
 * under the title; 中华人民共和国国务院令 / 第707号), else the last order its heading says it was
 * published under (2008年8月5日 中华人民共和国国务院令第532号公布: a revision's heading lists the
 * orders of the earlier versions first).
 */
export function ownDocumentNumber(text: string): string | null {
  const heading = text.slice(0, Math.min(600, text.search(/第一条|第一章/u) === -1 ? 600 : text.search(/第一条|第一章/u)));
  let published: string | null = null;
  for (const found of findDocumentNumbers(heading)) {
    const lineStart = heading.lastIndexOf('\n', found.start - 1) + 1;
    const lineEnd = heading.indexOf('\n', found.end);
    const before = heading.slice(lineStart, found.start).trim();
    const after = heading.slice(found.end, lineEnd === -1 ? undefined : lineEnd).trim();
    if (before === '' && after === '') return found.number;
    if (/^\d{4}年\d{1,2}月\d{1,2}日$/.test(before) && /^(公布|发布)$/.test(after)) published = found.number;
  }
  return published;
}

/** The numbers `text` cites, once each, not its own. */
export function citedNumbers(text: string, ownNumber: string | null): string[] {
  return [...new Set(findDocumentNumbers(text).map((found) => found.number))].filter((number) => number !== ownNumber).slice(0, 50);
}

const chineseDigits: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
/** 二〇〇八 → 2008, 十二 → 12, 三十一 → 31, 8 → 8. */
function readNumber(written: string): number {
  if (/^\d+$/.test(written)) return Number(written);
  if (!written.includes('十')) return Number([...written].map((digit) => chineseDigits[digit] ?? NaN).join(''));
  const [tens, ones] = written.split('十');
  return (tens ? chineseDigits[tens]! : 1) * 10 + (ones ? chineseDigits[ones]! : 0);
}
const datePattern = '([0-9〇零一二三四五六七八九]{4})\\s*年\\s*([0-9一二三四五六七八九十]{1,3})\\s*月\\s*([0-9一二三四五六七八九十]{1,3})\\s*日';

function isoDate(year: string, month: string, day: string): string | null {
  const [y, m, d] = [readNumber(year), readNumber(month), readNumber(day)];
  if (!(y >= 1949 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The day the document takes effect, from its last statement of it (the final article: 本条例自
 * 2008年8月5日起施行; 自印发之日起施行 means the day it was issued, `issuedOn`), or the "施行"
 * line of a regulation's heading as published (2022年7月1日 施行). Null when the text does not say.
 */
export function effectiveDate(text: string, issuedOn: string | null): string | null {
  const statements = [...text.matchAll(new RegExp(`自\\s*(?:${datePattern}|(印发|发布|公布|颁布|签发|下发)之日)\\s*起\\s*(?:施行|实施|执行|生效)`, 'gu'))];
  const last = statements.at(-1);
  if (last) return last[4] ? issuedOn : isoDate(last[1]!, last[2]!, last[3]!);
  const heading = new RegExp(`^${datePattern}\\s*施行\\s*$`, 'mu').exec(text.slice(0, 600));
  return heading ? isoDate(heading[1]!, heading[2]!, heading[3]!) : null;
}

/** A statement of the text about another document: it amends or repeals what the sentence cites. */
export type DocumentStatement = { kind: 'amends' | 'repeals'; titles: string[]; numbers: string[]; evidence: string };

/** The sentence repeals what it cites: 《…》同时废止, 予以废止, 即行废止, 废止《…》. Not "修改或废止有关法规" (cites nothing). */
const repealWords = /(?:同时|予以|即行|一并|现)废止|废止(?:下列|以下)?《|废止$/u;
/** A decision whose title says it amends (国务院关于修改《…》的决定, 关于修改和废止部分行政法规的决定). */
const amendingTitle = /关于修改/u;

/**
 * What the text says it amends or repeals, sentence by sentence. A decision titled 关于修改《X》的
 * 决定 amends X; a sentence with a repeal clause repeals every document it cites.
 */
export function documentStatements(text: string, ownTitle: string): DocumentStatement[] {
  const own = normaliseTitle(ownTitle);
  const statements: DocumentStatement[] = [];
  const amends = amendingTitle.test(own);
  for (const raw of text.split(/(?<=[。；;\n])/u)) {
    const sentence = raw.trim();
    const titles = citedTitles(sentence, own);
    const numbers = citedNumbers(sentence, null);
    if (titles.length === 0 && numbers.length === 0) continue;
    const bare = sentence.replace(/[。；;，,\s]+$/u, '');
    if (repealWords.test(bare)) statements.push({ kind: 'repeals', titles, numbers, evidence: sentence.slice(0, 500) });
    else if (amends && /修改|删去|删除|增加|修正/u.test(sentence)) statements.push({ kind: 'amends', titles, numbers, evidence: sentence.slice(0, 500) });
  }
  // The decision's own title names the document it amends: 国务院关于修改《X》的决定.
  const named = /关于修改《?([^《》]+?)》?的决定$/u.exec(ownTitle.replace(/\s/g, ''));
  if (named && !named[1]!.includes('部分') && !named[1]!.includes('等')) {
    statements.push({ kind: 'amends', titles: [normaliseTitle(named[1]!)], numbers: [], evidence: ownTitle });
  }
  return statements;
}
