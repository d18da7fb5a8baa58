import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoliteFetcher } from '../outbound/polite-fetcher.ts';
import type { PageFetcher } from '../outbound/types.ts';
import { sourceDefinition, type SourceDefinition } from './catalogue.ts';
import { checkSource, formatSourceCheck } from './check.ts';

// `npm run sources:check` reads the live sites; here a local server serves NDRC-shaped pages
// (fixtures/sites, written to mimic the site) so the check's reading and report can be tested.
const fixture = (file: string) => readFileSync(new URL(`./fixtures/sites/${file}`, import.meta.url), 'utf8');

let server: Server;
let origin: string;
let fetcher: PageFetcher;
const ndrc = sourceDefinition('NDRC')!;

function pointedAt(listPath: string): SourceDefinition {
  return { ...ndrc, channels: [{ ...ndrc.channels[0]!, listUrls: [`${origin}${listPath}`] }] };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    const html = (body: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (path === '/xxgk/zcfb/tz/') return html(fixture('ndrc-list.html'));
    if (path === '/xxgk/zcfb/tz/202501/t20250107_1401892.html') return html(fixture('ndrc-article.html'));
    if (path === '/empty/') return html('<html><body><ul class="u-list"></ul></body></html>');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fetcher = createPoliteFetcher({
    userAgent: 'ChinaPolicyTracker-Test/1.0 (+support@chinapolicytracker.com)',
    minDelayMs: 0,
    timeoutMs: 2000,
    maxBytes: 1 << 20,
    retries: 0,
    retryDelayMs: 0,
    maxRetryAfterMs: 0,
    allowPrivateHosts: true,
  });
});

afterAll(async () => {
  await fetcher.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the sources check', () => {
  it('reads the list and its newest article, and reports what it read', async () => {
    const check = await checkSource(fetcher, pointedAt('/xxgk/zcfb/tz/'));
    expect(check.links.map((link) => link.title)).toEqual(['关于做好2025年促进就业和社会保障工作的通知', '关于2025年加力扩围实施大规模设备更新和消费品以旧换新政策的通知']);
    const report = formatSourceCheck(check);
    expect(report).toContain('2 links; the first:');
    expect(report).toContain('2025-01-07  关于做好2025年促进就业和社会保障工作的通知');
    expect(report).toContain('number     发改就业〔2025〕12号');
    expect(report).toContain('issuer     国家发展改革委');
    expect(report).toContain('extractor  source');
  });

  it('says why when a list gives nothing, or cannot be fetched', async () => {
    expect(formatSourceCheck(await checkSource(fetcher, pointedAt('/empty/')))).toContain('FAILED  the list page was read but no links were found');
    expect(formatSourceCheck(await checkSource(fetcher, pointedAt('/gone/')))).toContain('FAILED  HTTP 404');
  });
});
