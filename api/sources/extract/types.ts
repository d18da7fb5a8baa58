/**
 * What the extractors read from a government page (issue 31). A source says how to read its list
 * and its articles (`ListReader`, `ArticleReader`: data in the source catalogue); the extractors
 * turn a fetched page into links or an article, and fall back to the generic extractor when a
 * source's own selectors find nothing.
 */

/** A page as fetched: the URL it came from (relative links resolve against it) and its text. */
export interface FetchedPage {
  url: string;
  text: string;
  contentType: string;
}

export interface ListedLink {
  url: string;
  title: string;
  /** The date the list shows beside the link, YYYY-MM-DD, or null when it shows none. */
  date: string | null;
}

export interface Attachment {
  url: string;
  title: string;
}

export interface ExtractedArticle {
  title: string;
  /** Publication date, YYYY-MM-DD, or null when the page does not say. */
  date: string | null;
  /** 文号, e.g. 国办发〔2024〕12号. */
  documentNumber: string | null;
  /** Issuing body as the page names it (发文机关 / ContentSource). */
  issuer: string | null;
  /** Body text: paragraphs separated by a blank line, numbered sections kept. */
  text: string;
  attachments: Attachment[];
  /** Which extractor read it (a source's own selectors, or the generic fallback), for the record. */
  extractor: string;
}

export type ArticleReading = { ok: true; article: ExtractedArticle } | { ok: false; reason: string };

/** How a source's list is read: an HTML page with selectors, one of the JSON services we know, or the generic reader. */
export type ListReader =
  | {
      kind: 'html';
      /** Each row of the list. */
      item: string;
      /** The row's link (default: its first a[href]). */
      link?: string;
      /** Where the row shows its date (default: any date in the row's text, then one in the URL). */
      date?: string;
      /** A pattern (RegExp source) every article URL matches: keeps a broad `li` from taking navigation links. */
      linkPattern?: string;
    }
  | { kind: 'json'; service: string }
  /** The generic list reader: repeated link-and-date blocks in any layout (./blocks.ts). */
  | { kind: 'blocks' };

/** How a source's article is read: its content containers first, then the generic extractor. */
export interface ArticleReader {
  /** CSS selectors tried in order for the body. */
  body: string[];
  title?: string[];
  date?: string[];
}
