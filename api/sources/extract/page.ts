import { parseHTML } from 'linkedom';
import type { Attachment } from './types.ts';
import { cleanLine } from './text.ts';

/**
 * A parsed page and the facts any government page may carry outside its body: its meta tags (by
 * lower-case name), its label/value metadata tables, and its attachment links.
 */
export type HtmlDocument = ReturnType<typeof parseHTML>['document'];
export type HtmlElement = NonNullable<ReturnType<HtmlDocument['querySelector']>>;

export function parsePage(html: string): HtmlDocument {
  return parseHTML(html).document;
}

/** The base for relative links: the page's <base href> when it has one, else its URL. */
export function baseUrl(document: HtmlDocument, pageUrl: string): string {
  const base = document.querySelector('base[href]')?.getAttribute('href');
  if (!base) return pageUrl;
  try {
    return new URL(base, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

export function absoluteUrl(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (!trimmed || /^(javascript|mailto|tel|data):/i.test(trimmed) || trimmed.startsWith('#')) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Meta tags by lower-case name or property (ArticleTitle, PubDate, ContentSource, og:title, ...). */
export function metaTags(document: HtmlDocument): Map<string, string> {
  const tags = new Map<string, string>();
  for (const meta of document.querySelectorAll('meta[content]')) {
    const name = (meta.getAttribute('name') ?? meta.getAttribute('property') ?? '').trim().toLowerCase();
    const content = cleanLine(meta.getAttribute('content') ?? '');
    if (name && content && !tags.has(name)) tags.set(name, content);
  }
  return tags;
}

/** The labels of the metadata tables (gov.cn's older table.bd1, the 信息公开 tables of ministries). */
const metadataLabels = ['索引号', '主题分类', '发文机关', '成文日期', '标题', '发文字号', '发布日期', '主题词', '发布机构', '生成日期', '文号', '来源'] as const;
export type MetadataLabel = (typeof metadataLabels)[number];

function labelOf(text: string): MetadataLabel | null {
  const compact = text.replace(/[\s\u3000\u00a0：:]/g, '');
  return (metadataLabels as readonly string[]).includes(compact) ? (compact as MetadataLabel) : null;
}

/**
 * Label → value from the page's metadata tables: a cell holding a known label (索 引 号：) and the
 * next cell holding its value. Only tables that hold one of the labels are read.
 */
export function metadataTable(document: HtmlDocument): Map<MetadataLabel, string> {
  const values = new Map<MetadataLabel, string>();
  for (const table of document.querySelectorAll('table')) {
    const text = table.textContent ?? '';
    if (!/发文字号|发文机关|索\s*引\s*号|成文日期/.test(text) || text.length > 4000) continue;
    const cells = table.querySelectorAll('td, th');
    for (let index = 0; index < cells.length - 1; index++) {
      const cellText = cells[index]!.textContent ?? '';
      const label = labelOf(cellText);
      if (label && !values.has(label)) {
        const value = cleanLine(cells[index + 1]!.textContent ?? '');
        if (value && !labelOf(value)) values.set(label, value);
      }
      // A label and its value in one cell ("发文字号：国办发〔2024〕12号").
      const inline = /^\s*([^：:]{2,8})[：:]\s*(\S.*)$/s.exec(cellText);
      const inlineLabel = inline ? labelOf(inline[1]!) : null;
      if (inline && inlineLabel && !values.has(inlineLabel)) values.set(inlineLabel, cleanLine(inline[2]!));
    }
  }
  return values;
}

const attachmentPattern = /\.(pdf|docx?|xlsx?|wps|ofd|zip|rar|et)$/i;

/** Links to documents (pdf, doc, docx, xls, xlsx, wps, ofd, zip) outside the header, footer and navigation, absolute, once each. */
export function attachmentsOf(document: HtmlDocument, base: string): Attachment[] {
  const found = new Map<string, Attachment>();
  for (const link of document.querySelectorAll('a[href]')) {
    const url = absoluteUrl(link.getAttribute('href'), base);
    if (!url || found.has(url) || !attachmentPattern.test(new URL(url).pathname)) continue;
    if (link.closest('header, footer, nav')) continue;
    const title = cleanLine(link.textContent ?? '') || decodeURIComponent(new URL(url).pathname.split('/').pop() ?? url);
    found.set(url, { url, title });
  }
  return [...found.values()];
}
