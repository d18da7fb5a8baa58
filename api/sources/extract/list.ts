import { absoluteUrl, baseUrl, parsePage, type HtmlElement } from './page.ts';
import { readServiceList } from './services.ts';
import { cleanLine, dateFromUrl, normaliseDate } from './text.ts';
import type { FetchedPage, ListedLink, ListReader } from './types.ts';

export { ListReadError } from './services.ts';

/** For a list page of a site we do not watch: every row's link. Navigation comes with it, so this is for a preview, not a run. */
export const genericListReader: ListReader = { kind: 'html', item: 'li', link: 'a[href]' };

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

/** The links a list page shows, absolute, once each, in the page's order. */
export function readList(page: FetchedPage, reader: ListReader, options: ListOptions = {}): ListedLink[] {
  const read = reader.kind === 'json' ? readServiceList(reader.service, page.text, page.url) : readHtmlList(page, reader);
  const seen = new Set<string>();
  const unique = read.filter((link) => !seen.has(link.url) && seen.add(link.url));
  return options.limit === undefined ? unique : unique.slice(0, options.limit);
}
