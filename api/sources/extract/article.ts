import { Readability } from '@mozilla/readability';
import { attachmentsOf, baseUrl, metadataTable, metaTags, parsePage, type HtmlDocument, type HtmlElement } from './page.ts';
import { cleanLine, dateFromUrl, findDocumentNumber, normaliseDate, paragraphsOf } from './text.ts';
import type { ArticleReader, ArticleReading, FetchedPage } from './types.ts';

/**
 * Reading an article page (issue 31): the source's own selectors first; when they find nothing (a
 * layout change, or an unknown site) the generic extractor: the content containers the government
 * content systems (TRS, UCAP, ...) use, then Mozilla's Readability as the last resort. The metadata
 * comes from the meta tags and metadata tables whichever read the body. `extractor` records which
 * one did, so a run shows when a source has changed its layout.
 */

/** A body shorter than this is not an article (a redirect stub, a login wall, a layout we missed). */
export const minimumBodyCharacters = 40;

/** Content containers of the government content systems, in the order they are tried. */
export const knownContainers = [
  'div.TRS_UEDITOR',
  '#UCAP-CONTENT',
  'div.pages_content',
  '.TRS_Editor',
  '#zoom',
  '.art-con',
  '#News_Body_Txt_A',
  '#insMainConTxt',
  '.article-content',
  '.article_con',
  '#con_con',
  '.detail-content',
  '.content_text',
  'article',
];

/** Inside a body, what is not the document: the metadata table, share bars, scripts. */
const notBody = 'table.bd1, script, style, .share, .bdsharebuttonbox, #share, .fenxiang';

function bodyText(element: HtmlElement): string {
  const copy = element.cloneNode(true) as HtmlElement;
  for (const unwanted of copy.querySelectorAll(notBody)) unwanted.remove();
  return paragraphsOf(copy);
}

/** The longest text among the elements a selector matches, when it is long enough to be a body. */
function bodyBySelector(document: HtmlDocument, selector: string): string | null {
  let best = '';
  let elements: HtmlElement[];
  try {
    elements = [...document.querySelectorAll(selector)];
  } catch {
    return null;
  }
  for (const element of elements) {
    const text = bodyText(element);
    if (text.length > best.length) best = text;
  }
  return best.length >= minimumBodyCharacters ? best : null;
}

function firstText(document: HtmlDocument, selectors: readonly string[] | undefined): string | null {
  for (const selector of selectors ?? []) {
    try {
      const text = cleanLine(document.querySelector(selector)?.textContent ?? '');
      if (text) return text;
    } catch {
      continue;
    }
  }
  return null;
}

/** The <title> without the site's name ("标题 - 山西省人民政府门户网站", "标题_中国政府网"). */
function titleFromTitleTag(document: HtmlDocument): string | null {
  const title = cleanLine(document.querySelector('title')?.textContent ?? '');
  if (!title) return null;
  const parts = title.split(/\s+[-|—－]\s+|_|--|\|/).map((part) => part.trim()).filter(Boolean);
  return parts[0] ?? title;
}

function readabilityBody(html: string): string | null {
  const document = parsePage(html);
  const parsed = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  if (!parsed?.content) return null;
  const text = paragraphsOf(parsePage(`<html><body>${parsed.content}</body></html>`).body);
  return text.length >= minimumBodyCharacters ? text : null;
}

/** A document's own number stands alone in one of its first lines; one cited inside a sentence is another document's. */
function ownNumberLine(text: string): string | null {
  const opening = text.split('\n\n', 5);
  const line = opening.find((paragraph) => paragraph.length <= 30 && findDocumentNumber(paragraph));
  return line ? findDocumentNumber(line) : null;
}

export function readArticle(page: FetchedPage, reader: ArticleReader): ArticleReading {
  const document = parsePage(page.text);
  let extractor = 'source';
  let text: string | null = null;
  for (const selector of reader.body) {
    text = bodyBySelector(document, selector);
    if (text) break;
  }
  if (!text) {
    for (const selector of knownContainers) {
      text = bodyBySelector(document, selector);
      if (text) {
        extractor = `generic: ${selector}`;
        break;
      }
    }
  }
  if (!text) {
    text = readabilityBody(page.text);
    extractor = 'generic: readability';
  }
  if (!text) {
    const found = cleanLine(document.body?.textContent ?? '').length;
    return { ok: false, reason: `no article body found (the page has ${found} characters of text; none in a content container or readable block)` };
  }

  const meta = metaTags(document);
  const table = metadataTable(document);
  const pageText = cleanLine(document.body?.textContent ?? '').slice(0, 20_000);
  const title =
    firstText(document, reader.title) ??
    meta.get('articletitle') ??
    table.get('标题') ??
    meta.get('og:title') ??
    titleFromTitleTag(document) ??
    '';
  if (!title) return { ok: false, reason: 'the page has a body but no title' };
  const labelledDate = /(?:发布(?:时间|日期)|日期|时间)\s*[：:]\s*((?:19|20)\d{2}\s*[-年/.]\s*\d{1,2}\s*[-月/.]\s*\d{1,2})/.exec(pageText)?.[1];
  const date =
    normaliseDate(firstText(document, reader.date)) ??
    normaliseDate(table.get('发布日期')) ??
    normaliseDate(meta.get('pubdate') ?? meta.get('firstpublishedtime') ?? meta.get('publishdate') ?? meta.get('article:published_time') ?? meta.get('maketime')) ??
    normaliseDate(table.get('成文日期')) ??
    normaliseDate(labelledDate) ??
    dateFromUrl(page.url);
  const labelledNumber = /(?:发文字号|文\s*号)\s*[：:]\s*(\S+)/.exec(pageText)?.[1];
  const documentNumber =
    findDocumentNumber(table.get('发文字号') ?? table.get('文号') ?? '') ??
    findDocumentNumber(labelledNumber ?? '') ??
    ownNumberLine(text);
  const labelledIssuer = /(?:来源|发布机构|发文机关)\s*[：:]\s*([\u4e00-\u9fa5、]{2,30})/.exec(pageText)?.[1];
  const issuer = table.get('发文机关') ?? table.get('发布机构') ?? meta.get('contentsource') ?? labelledIssuer ?? null;

  return {
    ok: true,
    article: {
      title,
      date,
      documentNumber,
      issuer: issuer ? cleanLine(issuer) : null,
      text,
      attachments: attachmentsOf(document, baseUrl(document, page.url)),
      extractor,
    },
  };
}
