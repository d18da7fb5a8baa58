/**
 * The address of a list's page N from its first page's, as these sites number them: an admin's
 * `{page}` placeholder; a JSON service's `page=` parameter (CSRC's searchList, HKMA's API); or the
 * TRS content system's files, where `index.html` is page 1 and `index_1.html` page 2 (gov.cn's
 * `home.htm` / `home_1.htm`, most ministries' `index.shtml`). A first page ending in `/` is its
 * `index.html`.
 */
export function listPageUrl(firstPage: string, page: number): string {
  if (firstPage.includes('{page}')) return firstPage.replaceAll('{page}', String(page));
  if (page === 1) return firstPage;
  const url = new URL(firstPage);
  if (url.searchParams.has('page')) {
    url.searchParams.set('page', String(page));
    return url.toString();
  }
  const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
  const file = /^(.*\/)([^/]+?)(\.[a-z]+)$/i.exec(path);
  url.pathname = file ? `${file[1]}${file[2]}_${page - 1}${file[3]}` : `${path}_${page - 1}`;
  return url.toString();
}
