import { chineseNumber, firstSentences } from './text.ts';

/**
 * Key points from the document's own structure, in the order it gives them: its chapters (第X章,
 * each with the first sentence of its first article), else its numbered sections (一、二、...),
 * else its articles (第X条), else its first paragraphs. Each point keeps the document's heading and first sentences, in
 * Chinese: the rules analyser translates nothing.
 */
export type KeyPoint = { title: string; content: string };

/** More would no longer be key points; the first ones say what the document is about. */
const maxKeyPoints = 12;
const contentLength = 160;

const numeral = '[一二三四五六七八九十百零〇]+';
const chapterLine = new RegExp(`^第(${numeral})章\\s*(.*)$`);
const sectionLine = new RegExp(`^(${numeral})、\\s*(.+)$`);
const articleLine = new RegExp(`^第(${numeral})条\\s*(.*)$`);

type Heading = { index: number; number: number; label: string; rest: string };

/** Headings that count 1, 2, 3... in order: a stray "三、" in a quoted list doesn't restart the count. */
function numberedHeadings(lines: readonly string[], pattern: RegExp, label: (numeral: string) => string): Heading[] {
  const headings: Heading[] = [];
  lines.forEach((line, index) => {
    const match = pattern.exec(line);
    if (!match) return;
    const number = chineseNumber(match[1]!);
    if (number === null || number !== headings.length + 1) return;
    headings.push({ index, number, label: label(match[1]!), rest: match[2]!.trim() });
  });
  return headings;
}

/** The text under a heading, up to the next one: its first sentences are the point's content. */
function bodyOf(lines: readonly string[], headings: Heading[], position: number): string {
  const heading = headings[position]!;
  const end = headings[position + 1]?.index ?? lines.length;
  return lines.slice(heading.index + 1, end).join('');
}

/** 一、总体要求 → 总体要求; 一、元旦：1月1日放假 → 元旦 with the rest as content. */
function splitHeading(rest: string): { heading: string; tail: string } {
  const match = /^([^。：:；]{1,40}?)([。：:；]|$)(.*)$/.exec(rest);
  if (!match) return { heading: firstSentences(rest, 40), tail: rest };
  return { heading: match[1]!, tail: match[3]!.trim() };
}

export function findKeyPoints(lines: readonly string[]): KeyPoint[] {
  const chapters = numberedHeadings(lines, chapterLine, (n) => `第${n}章`);
  if (chapters.length >= 2) {
    return chapters.slice(0, maxKeyPoints).map((chapter, position) => {
      // The chapter's first article, without its number: what the chapter opens with.
      const [firstArticle] = bodyOf(lines, chapters, position).split(new RegExp(`第${numeral}条[\\s\u3000]*`)).filter(Boolean);
      // Typeset headings space their characters out (总　　则): the title reads 总则.
      const heading = chapter.rest.replace(/[\s\u3000]+/g, '');
      return { title: `${chapter.label} ${heading}`.trim(), content: firstSentences(firstArticle ?? '', contentLength) };
    });
  }
  const sections = numberedHeadings(lines, sectionLine, (n) => `${n}、`);
  if (sections.length >= 2) {
    return sections.slice(0, maxKeyPoints).map((section, position) => {
      const { heading, tail } = splitHeading(section.rest);
      return { title: heading, content: firstSentences(tail || bodyOf(lines, sections, position), contentLength) };
    });
  }
  const articles = numberedHeadings(lines, articleLine, (n) => `第${n}条`);
  if (articles.length > 0) {
    return articles.slice(0, maxKeyPoints).map((article) => ({ title: article.label, content: firstSentences(article.rest, contentLength) }));
  }
  return paragraphPoints(lines);
}

/** A paragraph long enough to say something: title lines, numbers, addressees and signatures are shorter. */
const paragraphLength = 40;
const maxParagraphPoints = 3;

/**
 * A short decision or notice with no numbered structure: its first paragraphs, each headed by its
 * opening clause. An addressee line (ending in ：) is not a paragraph.
 */
function paragraphPoints(lines: readonly string[]): KeyPoint[] {
  return lines
    .filter((line) => line.length >= paragraphLength && !/[：:]$/.test(line))
    .slice(0, maxParagraphPoints)
    .map((paragraph) => ({ title: firstClause(paragraph), content: firstSentences(paragraph, contentLength) }));
}

function firstClause(paragraph: string): string {
  const clause = /^[^，。；：,]+/.exec(paragraph)?.[0] ?? paragraph;
  return clause.length > 30 ? `${clause.slice(0, 29)}…` : clause;
}
