import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoliteFetcher, type FetcherSettings } from './polite-fetcher.ts';
import type { PageFetcher } from './types.ts';

// A local site standing in for a government one: it listens on 127.0.0.2, which these tests treat
// as a public address (`treatAsPublic`), so the guard still refuses 127.0.0.1, 10.x and the rest.

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Site {
  server: Server;
  origin: string;
  port: number;
  hits: string[];
  route(path: string, handler: Handler): void;
}

async function startSite(address: string): Promise<Site> {
  const routes = new Map<string, Handler>();
  const hits: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const handler = routes.get(path);
    if (handler) return handler(request, response);
    if (path === '/robots.txt') return response.end('User-agent: *\nDisallow: /private/\n');
    response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://${address}:${port}`, port, hits, route: (path, handler) => routes.set(path, handler) };
}

async function stopSite(site: Site): Promise<void> {
  site.server.closeAllConnections();
  await new Promise<void>((resolve) => site.server.close(() => resolve()));
}

/** A resolver for the test's made-up names; anything else is unknown. */
const names: Record<string, string> = { 'intranet.test': '127.0.0.1', 'gov.test': '127.0.0.2' };
const testLookup: LookupFunction = (hostname, options, callback) => {
  const address = names[hostname];
  if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
  if (options.all) return (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address, family: 4 }]);
  callback(null, address, 4);
};

const settings: FetcherSettings = {
  userAgent: 'ChinaPolicyTracker-Test/1.0 (+support@chinapolicytracker.com)',
  minDelayMs: 5,
  timeoutMs: 2000,
  maxBytes: 64 * 1024,
  retries: 2,
  retryDelayMs: 5,
  maxRetryAfterMs: 1500,
  allowPrivateHosts: false,
  treatAsPublic: ['127.0.0.2', '127.0.0.3'],
  lookup: testLookup,
};

const page = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><p>${title}</p></body></html>`;

let site: Site;
let otherSite: Site;
let fetcher: PageFetcher;

beforeAll(async () => {
  site = await startSite('127.0.0.2');
  otherSite = await startSite('127.0.0.3');
  fetcher = createPoliteFetcher(settings);
});

afterAll(async () => {
  await fetcher.close();
  await stopSite(site);
  await stopSite(otherSite);
});

describe('the polite fetcher', () => {
  it('reads a page, sending our User-Agent with its contact', async () => {
    let userAgent = '';
    site.route('/hello', (request, response) => {
      userAgent = request.headers['user-agent'] ?? '';
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(page('国务院办公厅关于印发通知'));
    });
    const result = await fetcher.fetch({ url: `${site.origin}/hello` });
    expect(result).toMatchObject({ kind: 'ok', status: 200, url: `${site.origin}/hello` });
    expect(result.kind === 'ok' && result.text).toContain('国务院办公厅关于印发通知');
    expect(userAgent).toBe(settings.userAgent);
  });

  it('respects robots.txt: a disallowed page is never requested, and robots.txt is read once', async () => {
    const result = await fetcher.fetch({ url: `${site.origin}/private/report.html` });
    expect(result).toMatchObject({ kind: 'failed', refused: 'robots' });
    expect(site.hits).not.toContain('/private/report.html');
    await fetcher.fetch({ url: `${site.origin}/hello` });
    expect(site.hits.filter((path) => path === '/robots.txt')).toHaveLength(1);
  });

  it('asks one host one thing at a time, in the order asked, while another host is served alongside', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const arrivals: string[] = [];
    let releaseFirst: () => void = () => {};
    const otherHostAsked = new Promise<void>((resolve) => (releaseFirst = resolve));
    for (const name of ['a', 'b', 'c', 'd']) {
      site.route(`/paced/${name}`, (_request, response) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        arrivals.push(name);
        // The first answer waits until the other host has been asked: were hosts serialised
        // together, that request would never come and this test would time out.
        const answer = () => {
          inFlight -= 1;
          response.end(page(name));
        };
        if (name === 'a') void otherHostAsked.then(answer);
        else setImmediate(answer);
      });
    }
    otherSite.route('/elsewhere', (_request, response) => {
      releaseFirst();
      response.end(page('elsewhere'));
    });
    const results = await Promise.all([
      ...['a', 'b', 'c', 'd'].map((name) => fetcher.fetch({ url: `${site.origin}/paced/${name}` })),
      fetcher.fetch({ url: `${otherSite.origin}/elsewhere` }),
    ]);
    expect(results.map((result) => result.kind)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(arrivals).toEqual(['a', 'b', 'c', 'd']);
    expect(mostInFlight).toBe(1);
  });

  it('asks with the ETag it was given and costs nothing on a 304', async () => {
    site.route('/etag', (request, response) => {
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304).end();
      response.writeHead(200, { etag: '"v1"', 'content-type': 'text/html; charset=utf-8' }).end(page('etag'));
    });
    const first = await fetcher.fetch({ url: `${site.origin}/etag` });
    expect(first).toMatchObject({ kind: 'ok', etag: '"v1"' });
    const again = await fetcher.fetch({ url: `${site.origin}/etag`, etag: first.kind === 'ok' ? first.etag : null });
    expect(again).toEqual({ kind: 'not-modified', url: `${site.origin}/etag` });
  });

  it('asks with the Last-Modified it was given and answers not-modified on a 304', async () => {
    const stamp = 'Wed, 12 Jun 2024 08:00:00 GMT';
    site.route('/dated', (request, response) => {
      if (request.headers['if-modified-since'] === stamp) return response.writeHead(304).end();
      response.writeHead(200, { 'last-modified': stamp }).end(page('dated'));
    });
    const first = await fetcher.fetch({ url: `${site.origin}/dated` });
    expect(first).toMatchObject({ kind: 'ok', lastModified: stamp, etag: null });
    expect(await fetcher.fetch({ url: `${site.origin}/dated`, lastModified: stamp })).toMatchObject({ kind: 'not-modified' });
  });

  it('waits as a 429 Retry-After asks, then reads the page', async () => {
    let calls = 0;
    site.route('/busy', (_request, response) => {
      calls += 1;
      if (calls === 1) return response.writeHead(429, { 'retry-after': '1' }).end();
      response.end(page('busy'));
    });
    expect(await fetcher.fetch({ url: `${site.origin}/busy` })).toMatchObject({ kind: 'ok' });
    expect(calls).toBe(2);
  });

  it('does not wait past its limit when Retry-After asks for an hour: it fails saying so, after one request', async () => {
    site.route('/closed', (_request, response) => response.writeHead(429, { 'retry-after': '3600' }).end());
    const result = await fetcher.fetch({ url: `${site.origin}/closed` });
    expect(result).toMatchObject({ kind: 'failed' });
    expect(result.kind === 'failed' && result.reason).toMatch(/Retry-After/);
    expect(site.hits.filter((path) => path === '/closed')).toHaveLength(1);
  });

  it('retries a 503 and reads the page when the site recovers', async () => {
    let calls = 0;
    site.route('/flaky', (_request, response) => {
      calls += 1;
      if (calls === 1) return response.writeHead(503).end('down for maintenance');
      response.end(page('flaky'));
    });
    expect(await fetcher.fetch({ url: `${site.origin}/flaky` })).toMatchObject({ kind: 'ok' });
    expect(calls).toBe(2);
  });

  it('gives up after its retries on a lasting 500, and never retries a 404', async () => {
    site.route('/broken', (_request, response) => response.writeHead(500).end());
    expect(await fetcher.fetch({ url: `${site.origin}/broken` })).toMatchObject({ kind: 'failed', status: 500, reason: 'HTTP 500' });
    expect(site.hits.filter((path) => path === '/broken')).toHaveLength(1 + settings.retries);
    expect(await fetcher.fetch({ url: `${site.origin}/gone` })).toMatchObject({ kind: 'failed', status: 404 });
    expect(site.hits.filter((path) => path === '/gone')).toHaveLength(1);
  });

  it('stops waiting for a site that does not answer', async () => {
    const quick = createPoliteFetcher({ ...settings, timeoutMs: 300, retries: 1 });
    site.route('/silent', () => {});
    const result = await quick.fetch({ url: `${site.origin}/silent` });
    await quick.close();
    expect(result).toMatchObject({ kind: 'failed', status: null });
    expect(result.kind === 'failed' && result.reason).toMatch(/within 300 ms/);
  });

  it('stops reading a body over the size limit, declared or streamed', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    site.route('/huge-streamed', (_request, response) => {
      // No Content-Length: the limit has to be enforced while the body streams.
      let sent = 0;
      const more = () => {
        while (sent < 64 && response.write(chunk)) sent += 1;
        if (sent < 64) response.once('drain', more);
        else response.end();
      };
      more();
    });
    site.route('/huge-declared', (_request, response) => response.writeHead(200, { 'content-length': String(settings.maxBytes + 1) }).end('x'.repeat(settings.maxBytes + 1)));
    for (const path of ['/huge-streamed', '/huge-declared']) {
      const result = await fetcher.fetch({ url: `${site.origin}${path}` });
      expect(result).toMatchObject({ kind: 'failed', refused: 'too-large' });
    }
  });

  it('refuses redirects to loopback, private, link-local and non-http addresses, and to a name resolving to 127.0.0.1', async () => {
    const targets: Array<[string, string]> = [
      [`http://127.0.0.1:${site.port}/hello`, 'private-address'],
      ['http://10.1.2.3/admin', 'private-address'],
      ['http://169.254.169.254/latest/meta-data/', 'private-address'],
      [`http://[::ffff:127.0.0.1]:${site.port}/hello`, 'private-address'],
      [`http://intranet.test:${site.port}/hello`, 'private-address'],
      ['file:///etc/passwd', 'scheme'],
    ];
    site.route('/moved', (request, response) => {
      const to = new URL(request.url ?? '', 'http://x').searchParams.get('to') ?? '/';
      response.writeHead(302, { location: to }).end();
    });
    for (const [target, refused] of targets) {
      const result = await fetcher.fetch({ url: `${site.origin}/moved?to=${encodeURIComponent(target)}` });
      expect(result, target).toMatchObject({ kind: 'failed', refused });
    }
  });

  it('judges the resolved address, not the name: a name for 127.0.0.1 is refused, one for the public stand-in is read', async () => {
    expect(await fetcher.fetch({ url: `http://intranet.test:${site.port}/hello` })).toMatchObject({ kind: 'failed', refused: 'private-address' });
    expect(await fetcher.fetch({ url: `http://gov.test:${site.port}/hello` })).toMatchObject({ kind: 'ok' });
    expect(await fetcher.fetch({ url: `${site.origin}/moved?to=${encodeURIComponent(`http://gov.test:${site.port}/hello`)}` })).toMatchObject({
      kind: 'ok',
      url: `http://gov.test:${site.port}/hello`,
    });
  });

  it('reaches a private address when SOURCES_ALLOW_PRIVATE_HOSTS is on (tests, local mirrors)', async () => {
    const mirror = await startSite('127.0.0.1');
    mirror.route('/hello', (_request, response) => response.end(page('mirror')));
    const open = createPoliteFetcher({ ...settings, allowPrivateHosts: true, treatAsPublic: [] });
    const byName = await open.fetch({ url: `http://intranet.test:${mirror.port}/hello` });
    const byAddress = await open.fetch({ url: `${mirror.origin}/hello` });
    await open.close();
    await stopSite(mirror);
    expect(byName).toMatchObject({ kind: 'ok' });
    expect(byAddress).toMatchObject({ kind: 'ok' });
  });

  it('decodes a GBK page whether the header, the page\'s meta or only its bytes say so', async () => {
    const text =
      '国务院办公厅关于进一步优化支付服务提升支付便利性的意见。各省、自治区、直辖市人民政府，国务院各部委、各直属机构：' +
      '为进一步优化支付服务，提升支付便利性，更好满足老年人、外籍来华人员等群体支付服务需求，经国务院同意，现提出如下意见。' +
      '朱镕基同志曾在此视察。';
    const html = (meta: string) => `<html><head>${meta}<title>支付便利性</title></head><body><div class="TRS_UEDITOR"><p>${text}</p></div></body></html>`;
    site.route('/gbk-header', (_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=GBK' }).end(iconv.encode(html(''), 'gbk')));
    site.route('/gbk-meta', (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(iconv.encode(html('<meta http-equiv="Content-Type" content="text/html; charset=gb2312">'), 'gbk')),
    );
    site.route('/gbk-bare', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(iconv.encode(html('').repeat(3), 'gb18030')));
    for (const path of ['/gbk-header', '/gbk-meta', '/gbk-bare']) {
      const result = await fetcher.fetch({ url: `${site.origin}${path}` });
      expect(result.kind === 'ok' && result.text, path).toContain(text);
    }
  });
});
