/**
 * How a channel's list goes back in time, page by page (issue 31): the runs read page 0 first and
 * stop at a page that holds only known links, or at the first-run bound.
 */
export type Paging =
  /** One page only. */
  | { kind: 'none' }
  /** Static list files: page 0 is the URL as given, page n replaces its last part with `${file}_${n - 1 + secondPage}${extension}` (TRS: index_1.html is the second page). */
  | { kind: 'numbered-file'; file: string; extension: string; secondPage: number }
  /** A query parameter counting pages from `first`. */
  | { kind: 'query'; param: string; first: number }
  /** A query parameter counting records: page n starts at n × size. */
  | { kind: 'offset'; param: string; size: number };

/** The URL of the page `index` (0 = the first) of a list whose first page is `url`. */
export function listPageUrl(url: string, paging: Paging, index: number): string {
  if (index === 0) return url;
  const address = new URL(url);
  switch (paging.kind) {
    case 'none':
      throw new Error('this list has one page only');
    case 'numbered-file': {
      const parts = address.pathname.split('/');
      parts[parts.length - 1] = `${paging.file}_${index - 1 + paging.secondPage}${paging.extension}`;
      address.pathname = parts.join('/');
      return address.href;
    }
    case 'query':
      address.searchParams.set(paging.param, String(paging.first + index));
      return address.href;
    case 'offset':
      address.searchParams.set(paging.param, String(paging.size * index));
      return address.href;
  }
}
