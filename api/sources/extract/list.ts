import { readRepeatedBlocks } from './blocks.ts';
import { absoluteUrl, baseUrl, parsePage, type HtmlElement } from './page.ts';
import { readServiceList } from './services.ts';
import { cleanLine, dateFromUrl, normaliseDate } from './text.ts';
import type { FetchedPage, ListedLink, ListReader } from './types.ts';

export { ListReadError } from './services.ts';

/** For a list page of a site we do not watch, or one whose layout changed: its repeated link-and-date blocks, whatever its structure. */
export const genericListReader: ListReader = { kind: 'blocks' };

export interface ListOptions {
  /** At most this many links, in the list's order (newest first on every source we read). */
  limit?: number;
}

const datePattern = /(?:19|20)\d{2}\s*[-年/.]\s*\d{1,2}\s*[-月/.]\s*\d{1,2}/;

function itemDate(item: HtmlElement, selector: string | undefined, url: string): string | null {
  if (selector) {
    for (const element of item.querySelectorAll(selector)) {
      const date = normaliseDate(element.textContent);
      if (date) return date;
    }
  }
  return normaliseDate(datePattern.exec(item.textContent ?? '')?.[0]) ?? dateFromUrl(url);
}

function readHtmlList(page: FetchedPage, reader: Extract<ListReader, { kind: 'html' }>): ListedLink[] {
  const document = parsePage(page.text);
  const base = baseUrl(document, page.url);
  const found: ListedLink[] = [];
  const pattern = reader.linkPattern ? new RegExp(reader.linkPattern) : null;
  for (const item of document.querySelectorAll(reader.item)) {
    const link = item.querySelector(reader.link ?? 'a[href]');
    const url = absoluteUrl(link?.getAttribute('href'), base);
    if (!link || !url || (pattern && !pattern.test(url))) continue;
    // Long titles are cut in the list's text; the link's title attribute usually holds the whole one.
    const title = cleanLine(link.getAttribute('title') ?? '') || cleanLine(link.textContent ?? '');
    if (!title) continue;
    found.push({ url, title, date: itemDate(item, reader.date, url) });
  }
  return found;
}

function readAnyList(page: FetchedPage, reader: ListReader): ListedLink[] {
  if (reader.kind === 'json') return readServiceList(reader.service, page.text, page.url);
  if (reader.kind === 'blocks') return readRepeatedBlocks(page);
  // A source's selectors that find nothing are a layout they no longer fit (an old section kept online, a redesign): the generic reader tries.
  const read = readHtmlList(page, reader);
  return read.length ? read : readRepeatedBlocks(page);
}

/** The links a list page shows, absolute, once each, in the page's order. */
export function readList(page: FetchedPage, reader: ListReader, options: ListOptions = {}): ListedLink[] {
  const read = readAnyList(page, reader);
  const seen = new Set<string>();
  const unique = read.filter((link) => !seen.has(link.url) && seen.add(link.url));
  return options.limit === undefined ? unique : unique.slice(0, options.limit);
}
