import { Readability } from '@mozilla/readability';
import { attachmentsOf, baseUrl, metadataTable, metaTags, parsePage, type HtmlDocument, type HtmlElement } from './page.ts';
import { cleanLine, dateFromUrl, findDocumentNumber, normaliseDate, paragraphsOf, type TextNodeLike } from './text.ts';
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

/**
 * Inside a body, what is not the document: gov.cn's metadata table, share bars. Judged by class and
 * id while the text is walked (scripts and styles are skipped by tag), not by copying the body.
 */
const notBodyClasses = new Set(['bd1', 'share', 'bdsharebuttonbox', 'fenxiang']);
const notBodyIds = new Set(['share']);

function notBody(node: TextNodeLike): boolean {
  const element = node as unknown as HtmlElement;
  const id = element.getAttribute?.('id');
  if (id && notBodyIds.has(id)) return true;
  const classes = element.getAttribute?.('class');
  return !!classes && classes.split(/\s+/).some((name) => notBodyClasses.has(name));
}

function bodyText(element: HtmlElement): string {
  return paragraphsOf(element as unknown as TextNodeLike, notBody);
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

/** Readability over the page's own document (it rearranges it, so it runs after everything else has read the page). */
function readabilityBody(document: HtmlDocument): string | null {
  const content = new Readability<HtmlElement>(document as unknown as Document, {
    charThreshold: 100,
    serializer: (node) => node as unknown as HtmlElement,
  }).parse()?.content;
  if (!content) return null;
  const text = paragraphsOf(content as unknown as TextNodeLike);
  return text.length >= minimumBodyCharacters ? text : null;
}

/** A document's own number stands alone in one of its first lines; one cited inside a sentence is another document's. */
function ownNumberLine(text: string): string | null {
  const opening = text.split('\n\n', 5);
  const line = opening.find((paragraph) => paragraph.length <= 30 && findDocumentNumber(paragraph));
  return line ? findDocumentNumber(line) : null;
}

/** What the page says about the document outside its body: meta tags, metadata tables, labelled lines, attachments. */
function readMetadata(document: HtmlDocument, page: FetchedPage, reader: ArticleReader) {
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
  const labelledDate = /(?:发布(?:时间|日期)|日期|时间)\s*[：:]\s*((?:19|20)\d{2}\s*[-年/.]\s*\d{1,2}\s*[-月/.]\s*\d{1,2})/.exec(pageText)?.[1];
  const date =
    normaliseDate(firstText(document, reader.date)) ??
    normaliseDate(table.get('发布日期')) ??
    normaliseDate(meta.get('pubdate') ?? meta.get('firstpublishedtime') ?? meta.get('publishdate') ?? meta.get('article:published_time') ?? meta.get('maketime')) ??
    normaliseDate(table.get('成文日期')) ??
    normaliseDate(labelledDate) ??
    dateFromUrl(page.url);
  const labelledNumber = /(?:发文字号|文\s*号)\s*[：:]\s*(\S+)/.exec(pageText)?.[1];
  const labelledIssuer = /(?:来源|发布机构|发文机关)\s*[：:]\s*([\u4e00-\u9fa5、]{2,30})/.exec(pageText)?.[1];
  const issuer = table.get('发文机关') ?? table.get('发布机构') ?? meta.get('contentsource') ?? labelledIssuer ?? null;
  return {
    title,
    date,
    documentNumber: findDocumentNumber(table.get('发文字号') ?? table.get('文号') ?? '') ?? findDocumentNumber(labelledNumber ?? ''),
    issuer: issuer ? cleanLine(issuer) : null,
    attachments: attachmentsOf(document, baseUrl(document, page.url)),
    characters: pageText.length,
  };
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
  const metadata = readMetadata(document, page, reader);
  if (!text) {
    text = readabilityBody(document);
    extractor = 'generic: readability';
  }
  if (!text) return { ok: false, reason: `no article body found (the page has ${metadata.characters} characters of text; none in a content container or readable block)` };
  if (!metadata.title) return { ok: false, reason: 'the page has a body but no title' };
  return {
    ok: true,
    article: {
      title: metadata.title,
      date: metadata.date,
      documentNumber: metadata.documentNumber ?? ownNumberLine(text),
      issuer: metadata.issuer,
      text,
      attachments: metadata.attachments,
      extractor,
    },
  };
}
