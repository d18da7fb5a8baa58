import { absoluteUrl, baseUrl, parsePage, type HtmlDocument, type HtmlElement } from './page.ts';
import { cleanLine, dateFromUrl, normaliseDate } from './text.ts';
import type { FetchedPage, ListedLink } from './types.ts';

/**
 * The generic list reader (issue 44): a list page in any layout read as its repeated link-and-date
 * blocks. Sites change layouts and keep old sections online (gov.cn's 2013 lists are table rows with
 * `<a class="l14">` and `<span class="sj">(2013-11-15)</span>`; today's are `li` with `h4 a` and
 * `span.date`), so no selector is assumed:
 *
 * 1. a title link is a link whose title (its title attribute, else its text) has at least
 *    `minTitleLength` characters: navigation ("首页", "下一页") is shorter;
 * 2. its block is the smallest element around it that shows a date outside the title (2013-11-15,
 *    (2013-11-15), [2013-11-15], 2013/11/15, 2013.11.15, 2013年11月15日, or 11-15 / 11月15日 under a
 *    year heading such as `<h3>2013年</h3>`), holds no other title link, and is short (a row, not a page);
 * 3. blocks are grouped by their shape (the tags of the block and its three ancestors); the largest
 *    group of two or more is the list, in the page's order.
 */

const minTitleLength = 5;
/** A row's text beside its title: a date, a document number, a download mark. More is a page, not a row. */
const maxRowExtra = 200;

const fullDate = /(?:19|20)\d{2}\s*[-年/.]\s*\d{1,2}\s*[-月/.]\s*\d{1,2}/;
const monthDay = /(?<![\d.\-/])(\d{1,2})(?:-|月)(\d{1,2})(?![\d.\-/])/;
const yearHeading = /^\s*((?:19|20)\d{2})\s*年?\s*$/;

type Block = { url: string; title: string; row: HtmlElement; date: string | null };

/** An element's text with the link's title (attribute and visible text) taken out: what the row shows beside it. */
function besideTitle(element: HtmlElement, titles: readonly string[]): string {
  let text = cleanLine(element.textContent ?? '');
  for (const title of titles) if (title) text = text.replace(title, ' ');
  return text;
}

/** The title a link shows: its title attribute, else its text without a date it wraps ("<a>title <span>2024-01-02</span></a>"). */
function linkTitles(link: HtmlElement): { title: string; visible: string } {
  let visible = cleanLine(link.textContent ?? '');
  for (const child of link.querySelectorAll('*')) {
    const text = cleanLine(child.textContent ?? '');
    if (text && normaliseDate(text) && text.replace(fullDate, '').replace(/[\s()（）[\]【】]/g, '') === '') visible = cleanLine(visible.replace(text, ' '));
  }
  return { title: cleanLine(link.getAttribute('title') ?? '') || visible, visible };
}

/** The year of the nearest year heading before `element` in the page, for rows that show only month and day. */
function yearBefore(element: HtmlElement, order: Map<HtmlElement, number>, headings: readonly HtmlElement[]): number | null {
  const at = order.get(element) ?? 0;
  let year: number | null = null;
  for (const heading of headings) {
    if ((order.get(heading) ?? 0) >= at) break;
    year = Number(yearHeading.exec(heading.textContent ?? '')![1]);
  }
  return year;
}

function rowDate(text: string, year: () => number | null, url: string): string | null | undefined {
  const full = normaliseDate(fullDate.exec(text)?.[0]);
  if (full) return full;
  const short = monthDay.exec(text);
  if (!short) return undefined;
  if (Number(short[1]) > 12 || Number(short[2]) > 31) return undefined;
  const inYear = year() ?? Number(dateFromUrl(url)?.slice(0, 4) ?? Number.NaN);
  return Number.isNaN(inYear) ? null : normaliseDate(`${inYear}-${short[1]}-${short[2]}`);
}

function shapeOf(row: HtmlElement): string {
  const tags: string[] = [];
  for (let node: HtmlElement | null = row; node && tags.length < 4; node = node.parentElement) tags.push(node.tagName);
  return tags.join('<');
}

function findBlocks(document: HtmlDocument, base: string): Block[] {
  const candidates: { link: HtmlElement; url: string; title: string; visible: string }[] = [];
  for (const link of document.querySelectorAll('a[href]')) {
    const url = absoluteUrl(link.getAttribute('href'), base);
    if (!url || link.closest('script, style, noscript, template')) continue;
    const { title, visible } = linkTitles(link);
    if (title.length >= minTitleLength) candidates.push({ link, url, title, visible });
  }
  // How many title links each element holds (a link twice to one address counts once: a title and its "download" twin).
  const linksIn = new Map<HtmlElement, Set<string>>();
  for (const { link, url } of candidates) {
    for (let node: HtmlElement | null = link; node; node = node.parentElement) {
      const held = linksIn.get(node) ?? new Set<string>();
      held.add(url);
      linksIn.set(node, held);
    }
  }
  const elements = [...document.querySelectorAll('*')];
  const order = new Map(elements.map((element, index) => [element, index]));
  const headings = elements.filter((element) => element.children.length === 0 && yearHeading.test(element.textContent ?? ''));

  const blocks: Block[] = [];
  for (const { link, url, title, visible } of candidates) {
    for (let node: HtmlElement | null = link; node && node.tagName !== 'BODY'; node = node.parentElement) {
      if ((linksIn.get(node)?.size ?? 0) > 1) break;
      const beside = besideTitle(node, [title, visible]);
      if (beside.length > maxRowExtra) break;
      const date = rowDate(beside, () => yearBefore(node!, order, headings), url);
      if (date === undefined) continue;
      blocks.push({ url, title, row: node, date });
      break;
    }
  }
  return blocks;
}

/** The links of a list page in any layout: its largest group of repeated link-and-date blocks, absolute, in the page's order. */
export function readRepeatedBlocks(page: FetchedPage): ListedLink[] {
  const document = parsePage(page.text);
  const blocks = findBlocks(document, baseUrl(document, page.url));
  const groups = new Map<string, Block[]>();
  for (const block of blocks) {
    const shape = shapeOf(block.row);
    groups.set(shape, [...(groups.get(shape) ?? []), block]);
  }
  let list: Block[] = [];
  for (const group of groups.values()) if (group.length >= 2 && group.length > list.length) list = group;
  return list.map(({ url, title, date }) => ({ url, title, date }));
}
