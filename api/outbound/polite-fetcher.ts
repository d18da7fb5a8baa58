import { setTimeout as sleep } from 'node:timers/promises';
import { isIP, type LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import PQueue from 'p-queue';
import { Agent, request } from 'undici';
import { guardedLookup, hostAddress, refusedAddress, refusedHost, type AddressGuardOptions } from './address-guard.ts';
import { decodeBody } from './decode.ts';
import { robotsKeepMs, robotsRulesFrom, type RobotsRules } from './robots.ts';
import type { PageFetcher, PageRequest, PageResult, Refusal } from './types.ts';

/**
 * The polite fetcher (issue 31): how the product reads a government site without being a nuisance
 * or a hole in the network. undici (Node's own HTTP client, with a `connect.lookup` hook where the
 * address guard judges the resolved address), robots-parser for robots.txt, a p-queue of one per
 * host for the pacing, iconv-lite and chardet for the GBK pages. Redirects are followed by hand so
 * each hop is judged again (scheme, address, robots.txt).
 */
export interface FetcherSettings extends AddressGuardOptions {
  /** Sent with every request; names a contact. */
  userAgent: string;
  /** The least time between two requests to one host (more if its robots.txt asks a Crawl-delay). */
  minDelayMs: number;
  /** One request's limit, connect to last byte. */
  timeoutMs: number;
  /** The largest body read (after decompression); a bigger one is stopped while streaming. */
  maxBytes: number;
  /** Retries after a network error, a timeout, a 5xx or a 429. */
  retries: number;
  /** The first retry's wait, doubled each time; a Retry-After replaces it. */
  retryDelayMs: number;
  /** A Retry-After longer than this is not waited for: the fetch fails saying so. */
  maxRetryAfterMs: number;
  lookup?: LookupFunction;
}

const maxRedirects = 5;

type Exchange =
  | { kind: 'response'; status: number; headers: Record<string, string | string[] | undefined>; bytes: Uint8Array }
  | { kind: 'error'; reason: string; refused?: Refusal; retryable: boolean };

interface HostSlot {
  queue: PQueue;
  lastEnd: number;
  delayMs: number;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Retry-After as milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const when = Date.parse(value);
  return Number.isNaN(when) ? null : Math.max(0, when - now);
}

function errorChain(error: unknown): Array<{ name?: string; code?: string; message?: string }> {
  const chain: Array<{ name?: string; code?: string; message?: string }> = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 5) {
    chain.push(current as { name?: string; code?: string; message?: string });
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function describeError(error: unknown, timeoutMs: number): Exchange & { kind: 'error' } {
  const chain = errorChain(error);
  const privateAddress = chain.find((entry) => entry.code === 'EPRIVATEADDRESS');
  if (privateAddress) return { kind: 'error', reason: privateAddress.message ?? 'private address', refused: 'private-address', retryable: false };
  if (chain.some((entry) => entry.name === 'TimeoutError' || /Timeout/.test(entry.code ?? '') || /timeout/i.test(entry.name ?? ''))) {
    return { kind: 'error', reason: `no complete answer within ${timeoutMs} ms`, retryable: true };
  }
  const cause = chain.at(-1);
  return { kind: 'error', reason: `network error: ${cause?.code ?? cause?.message ?? 'unknown'}`, retryable: true };
}

function decompress(bytes: Buffer, encoding: string | null, maxBytes: number): Buffer {
  const options = { maxOutputLength: maxBytes };
  switch (encoding?.toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(bytes, options);
    case 'deflate':
      return zlib.inflateSync(bytes, options);
    case 'br':
      return zlib.brotliDecompressSync(bytes, options);
    default:
      return bytes;
  }
}

export function createPoliteFetcher(settings: FetcherSettings): PageFetcher {
  const agent = new Agent({
    connect: { lookup: guardedLookup(settings), timeout: settings.timeoutMs },
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
  });
  const slots = new Map<string, HostSlot>();
  const robotsByOrigin = new Map<string, { rules: RobotsRules; until: number }>();

  function slotFor(url: URL): HostSlot {
    let slot = slots.get(url.host);
    if (!slot) {
      slot = { queue: new PQueue({ concurrency: 1 }), lastEnd: 0, delayMs: settings.minDelayMs };
      slots.set(url.host, slot);
    }
    return slot;
  }

  async function exchange(url: URL, extraHeaders: Record<string, string>): Promise<Exchange> {
    try {
      const response = await request(url, {
        dispatcher: agent,
        method: 'GET',
        headers: {
          'user-agent': settings.userAgent,
          accept: 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8',
          'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          ...extraHeaders,
        },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const declared = Number(header(response.headers, 'content-length') ?? NaN);
      if (declared > settings.maxBytes) {
        response.body.destroy();
        return { kind: 'error', reason: `the answer is ${declared} bytes, over the ${settings.maxBytes}-byte limit`, refused: 'too-large', retryable: false };
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body) {
        total += (chunk as Buffer).byteLength;
        if (total > settings.maxBytes) {
          response.body.destroy();
          return { kind: 'error', reason: `the answer passed the ${settings.maxBytes}-byte limit; stopped reading`, refused: 'too-large', retryable: false };
        }
        chunks.push(chunk as Buffer);
      }
      let bytes: Buffer;
      try {
        bytes = decompress(Buffer.concat(chunks), header(response.headers, 'content-encoding'), settings.maxBytes);
      } catch (error) {
        if (error instanceof RangeError) return { kind: 'error', reason: `the answer unpacks past the ${settings.maxBytes}-byte limit`, refused: 'too-large', retryable: false };
        return { kind: 'error', reason: `the answer's compression is broken: ${(error as Error).message}`, retryable: true };
      }
      return { kind: 'response', status: response.statusCode, headers: response.headers, bytes };
    } catch (error) {
      return describeError(error, settings.timeoutMs);
    }
  }

  /** One request through the host's slot: paced after the previous one, retried with backoff. */
  async function pacedWithRetries(slot: HostSlot, url: URL, extraHeaders: Record<string, string>): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      const wait = slot.lastEnd + slot.delayMs - Date.now();
      if (slot.lastEnd > 0 && wait > 0) await sleep(wait);
      const outcome = await exchange(url, extraHeaders);
      slot.lastEnd = Date.now();
      const retryable = outcome.kind === 'error' ? outcome.retryable : outcome.status === 429 || outcome.status >= 500;
      if (!retryable || attempt >= settings.retries) return outcome;
      let backoff = settings.retryDelayMs * 2 ** attempt;
      if (outcome.kind === 'response') {
        const asked = retryAfterMs(header(outcome.headers, 'retry-after'));
        if (asked !== null && asked > settings.maxRetryAfterMs) {
          return { kind: 'error', reason: `HTTP ${outcome.status}: the site asks us to wait ${Math.ceil(asked / 1000)} s (Retry-After), longer than we wait`, retryable: false };
        }
        if (asked !== null) backoff = asked;
      }
      await sleep(backoff);
    }
  }

  async function robotsFor(slot: HostSlot, url: URL): Promise<RobotsRules> {
    const cached = robotsByOrigin.get(url.origin);
    if (cached && cached.until > Date.now()) return cached.rules;
    const robotsUrl = new URL('/robots.txt', url.origin);
    let target = robotsUrl;
    let rules: RobotsRules | null = null;
    for (let hop = 0; hop <= maxRedirects && !rules; hop++) {
      const refusal = refusalOf(target);
      if (refusal) {
        rules = { kind: 'unreachable', reason: refusal.reason, privateAddress: refusal.refused === 'private-address' };
        break;
      }
      const outcome = await pacedWithRetries(slot, target, {});
      if (outcome.kind === 'error' && outcome.refused === 'private-address') rules = { kind: 'unreachable', reason: outcome.reason, privateAddress: true };
      else if (outcome.kind === 'error') rules = robotsRulesFrom(robotsUrl.href, null, '', settings.userAgent, outcome.reason);
      else if (outcome.status >= 300 && outcome.status < 400 && header(outcome.headers, 'location')) target = new URL(header(outcome.headers, 'location')!, target);
      else rules = robotsRulesFrom(robotsUrl.href, outcome.status, decodeBody(outcome.bytes, 'text/plain').text, settings.userAgent);
    }
    rules ??= { kind: 'unreachable', reason: 'too many redirects' };
    if (rules.kind === 'rules' && rules.crawlDelayMs !== null) slot.delayMs = Math.max(settings.minDelayMs, rules.crawlDelayMs);
    const keepMs = robotsKeepMs(rules);
    if (keepMs > 0) robotsByOrigin.set(url.origin, { rules, until: Date.now() + keepMs });
    return rules;
  }

  /** A hop refused before any connection: not http(s), or an address literal that is not public. */
  function refusalOf(url: URL): { refused: Refusal; reason: string } | null {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: 'scheme', reason: `${url.protocol} is not http or https: not fetched` };
    const address = hostAddress(url.hostname);
    if (isIP(address)) {
      const why = refusedAddress(address, settings);
      if (why) return { refused: 'private-address', reason: `${address} is a ${why} address: not fetched` };
    }
    return null;
  }

  async function fetchPage(pageRequest: PageRequest): Promise<PageResult> {
    let url: URL;
    try {
      url = new URL(pageRequest.url);
    } catch {
      return { kind: 'failed', url: pageRequest.url, status: null, reason: 'not a URL' };
    }
    const conditional: Record<string, string> = {};
    if (pageRequest.etag) conditional['if-none-match'] = pageRequest.etag;
    if (pageRequest.lastModified) conditional['if-modified-since'] = pageRequest.lastModified;
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const refusal = refusalOf(url);
      if (refusal) return { kind: 'failed', url: url.href, status: null, ...refusal };
      const slot = slotFor(url);
      const target = url;
      const outcome = await slot.queue.add(async (): Promise<Exchange> => {
        const robots = await robotsFor(slot, target);
        // The site's robots.txt sits behind the same guard: a private address is refused as such.
        if (robots.kind === 'unreachable' && robots.privateAddress) return { kind: 'error', reason: robots.reason, refused: 'private-address', retryable: false };
        if (robots.kind === 'unreachable') return { kind: 'error', reason: `robots.txt could not be read (${robots.reason}): the site is treated as closed to crawlers`, refused: 'robots', retryable: false };
        if (robots.kind === 'rules' && !robots.isAllowed(target.href)) return { kind: 'error', reason: 'robots.txt disallows this address for our crawler', refused: 'robots', retryable: false };
        return pacedWithRetries(slot, target, conditional);
      });
      if (!outcome) return { kind: 'failed', url: url.href, status: null, reason: 'the fetcher was closed' };
      if (outcome.kind === 'error') return { kind: 'failed', url: url.href, status: null, reason: outcome.reason, ...(outcome.refused ? { refused: outcome.refused } : {}) };
      const { status, headers, bytes } = outcome;
      const location = header(headers, 'location');
      if (status >= 300 && status < 400 && status !== 304 && location) {
        try {
          url = new URL(location, url);
        } catch {
          return { kind: 'failed', url: url.href, status, reason: `redirected to an unreadable address: ${location}` };
        }
        continue;
      }
      if (status === 304) return { kind: 'not-modified', url: url.href };
      if (status < 200 || status >= 300) return { kind: 'failed', url: url.href, status, reason: `HTTP ${status}` };
      const contentType = header(headers, 'content-type') ?? '';
      return {
        kind: 'ok',
        url: url.href,
        status,
        contentType,
        text: decodeBody(bytes, contentType).text,
        etag: header(headers, 'etag'),
        lastModified: header(headers, 'last-modified'),
        bytes: bytes.byteLength,
      };
    }
    return { kind: 'failed', url: url.href, status: null, reason: `more than ${maxRedirects} redirects` };
  }

  return {
    fetch: fetchPage,
    refusedHost: (url) => refusedHost(new URL(url), settings),
    async close() {
      for (const slot of slots.values()) slot.queue.clear();
      await agent.close();
    },
  };
}
