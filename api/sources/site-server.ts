import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A government website on this machine, for the sources' tests and benchmark (the machines here have
 * no internet): pages served by path as a site's web server serves them, with an ETag and
 * Last-Modified per page and 304 to a request that still holds them, a robots.txt that lets every
 * crawler in, and a log of what was asked. A page may be replaced, removed, emptied, or made to fail.
 */

export type SitePage = { body: string | Buffer; contentType?: string; status?: number };

export type SiteServer = {
  /** http://127.0.0.1:port, no trailing slash. */
  origin: string;
  url: (path: string) => string;
  pages: Map<string, SitePage>;
  /** Paths asked for, in order, with the answer's status. */
  requests: { path: string; status: number }[];
  close: () => Promise<void>;
};

const lastModified = 'Tue, 05 Nov 2024 08:00:00 GMT';

export async function startSiteServer(pages: Record<string, SitePage> = {}): Promise<SiteServer> {
  const site: Omit<SiteServer, 'origin' | 'url' | 'close'> = { pages: new Map(Object.entries(pages)), requests: [] };
  const server = createServer((request, response) => {
    const asked = new URL(request.url ?? '/', 'http://site');
    const path = asked.pathname + asked.search;
    const answer = (status: number, headers: Record<string, string> = {}, body: string | Buffer = '') => {
      site.requests.push({ path, status });
      response.writeHead(status, headers).end(body);
    };
    if (path === '/robots.txt') return answer(200, { 'content-type': 'text/plain' }, 'User-agent: *\nAllow: /\n');
    const page = site.pages.get(path);
    if (!page) return answer(404, { 'content-type': 'text/html' }, '<html><body>404 Not Found</body></html>');
    const status = page.status ?? 200;
    if (status !== 200) return answer(status, { 'content-type': 'text/html' }, page.body);
    const etag = `"${createHash('sha1').update(page.body).digest('hex').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) return answer(304, { etag, 'last-modified': lastModified });
    answer(200, { 'content-type': page.contentType ?? 'text/html; charset=utf-8', etag, 'last-modified': lastModified }, page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...site,
    origin,
    url: (path) => `${origin}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
