import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoster, PostFailure, type Poster } from './poster.ts';

/**
 * The poster against local servers that answer as a hostile or broken endpoint would: a 64 MB
 * answer, an answer that drips forever, no answer at all, an address on this machine.
 */

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const handlers = new Map<string, Handler>();
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => handlers.get(request.url ?? '/')!(request, response));
});
let base = '';
const posters: Poster[] = [];
const posterWith = (settings: Parameters<typeof createPoster>[0]) => {
  const poster = createPoster(settings);
  posters.push(poster);
  return poster;
};
const message = { body: '{"text":"A test message"}', headers: { 'content-type': 'application/json' } };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await Promise.all(posters.map((poster) => poster.close()));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const failureOf = async (promise: Promise<unknown>): Promise<PostFailure> => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PostFailure);
  return error as PostFailure;
};

describe('the poster', () => {
  it('reads a few KB of a 64 MB answer and hangs up, saying only the status class to the sender', async () => {
    const megabytes = 64;
    // The server writes as fast as the connection takes it and tells how far it got when it closes.
    const served = new Promise<{ bytes: number; finished: boolean }>((resolve) => {
      handlers.set('/huge', (_request, response) => {
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let bytes = 0;
        response.writeHead(500, { 'content-type': 'text/plain', 'content-length': String(megabytes * 1024 * 1024) });
        const write = () => {
          while (bytes < megabytes * 1024 * 1024) {
            bytes += chunk.byteLength;
            if (!response.write(chunk)) return void response.once('drain', write);
          }
          response.end();
        };
        response.on('close', () => resolve({ bytes, finished: response.writableFinished }));
        write();
      });
    });
    const poster = posterWith({ allowPrivateHosts: true });
    const failure = await failureOf(poster.post(`${base}/huge`, message));
    expect(failure.publicMessage).toBe('Could not be delivered: the server answered 5xx');
    expect(failure.message).toBe(`127.0.0.1:${new URL(base).port} answered 500: ${'x'.repeat(200)}`);
    const { bytes, finished } = await served;
    expect(finished).toBe(false);
    expect(bytes).toBeLessThan(megabytes * 1024 * 1024);
  });

  it('stops at its total deadline an answer that drips forever, and one that never comes', async () => {
    const timers: NodeJS.Timeout[] = [];
    handlers.set('/drip', (_request, response) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      // One byte every 20 ms: never a gap long enough for a per-read timeout.
      const timer = setInterval(() => response.write('.'), 20);
      timers.push(timer);
      response.on('close', () => clearInterval(timer));
    });
    handlers.set('/silent', () => {});
    // The deadline is a setting: the test does not wait the real ten seconds.
    const poster = posterWith({ allowPrivateHosts: true, deadlineMs: 400 });
    try {
      const dripped = await failureOf(poster.post(`${base}/drip`, message));
      expect(dripped.publicMessage).toBe('Could not be delivered: the server answered 5xx');
      const silent = await failureOf(poster.post(`${base}/silent`, message));
      expect(silent.publicMessage).toBe('Could not be delivered: no answer in time');
      expect(silent.message).toMatch(/gave no answer within 400 ms$/);
    } finally {
      timers.forEach(clearInterval);
    }
  });

  it('refuses an address on this machine, by its literal or by the name that resolves to it, without connecting; the sender learns only that it was refused', async () => {
    let requests = 0;
    handlers.set('/hook', (_request, response) => {
      requests += 1;
      response.end('ok');
    });
    const port = new URL(base).port;
    const resolvesHere: LookupFunction = (_hostname, _options, callback) =>
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
    const poster = posterWith({ allowPrivateHosts: false, lookup: resolvesHere });
    for (const url of [`http://127.0.0.1:${port}/hook`, `http://[::ffff:7f00:1]:${port}/hook`, `http://runsc.example.test:${port}/hook`]) {
      const failure = await failureOf(poster.post(url, message));
      expect(failure.publicMessage, url).toBe('Could not be delivered: the address is refused (not a public internet address)');
      expect(failure.publicMessage).not.toContain('127.0.0.1');
      expect(failure.message, url).toMatch(/loopback/);
    }
    expect(requests).toBe(0);
    expect(await posterWith({ allowPrivateHosts: true }).post(`${base}/hook`, message)).toBeUndefined();
    expect(requests).toBe(1);
  });

  it('judges an address when it is saved: scheme, credentials, and the host as it resolves', async () => {
    const resolvingTo =
      (address: string): LookupFunction =>
      (_hostname, _options, callback) =>
        (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
    const refused = 'must point at a public internet address (not this network, a private or a special one)';
    const guarded = createPoster({ allowPrivateHosts: false, lookup: resolvingTo('10.0.0.7') });
    expect(await guarded.urlProblem('https://hooks.example.test/T000/B000')).toBe(refused);
    expect(await guarded.urlProblem('https://[fd00::1]/hook')).toBe(refused);
    expect(await guarded.urlProblem('https://169.254.169.254/latest')).toBe(refused);
    expect(await guarded.urlProblem('http://hooks.example.test/hook')).toBe('must be an https:// URL');
    expect(await guarded.urlProblem('https://user:pw@hooks.example.test/hook')).toBe('must not carry a user name or password');
    expect(await guarded.urlProblem('not a url')).toBe('must be a URL');
    expect(await createPoster({ allowPrivateHosts: false, lookup: resolvingTo('2a00:1450:4001:80b::200e') }).urlProblem('https://hooks.example.test/hook')).toBeNull();
    // The tests' setting: local servers stand in for Slack and customers' endpoints.
    expect(await createPoster({ allowPrivateHosts: true }).urlProblem(`${base}/hook`)).toBeNull();
    // A name that does not resolve is judged again when it is used; a save tells nothing of our resolver.
    const unresolved: LookupFunction = (_hostname, _options, callback) => (callback as (error: Error) => void)(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    expect(await createPoster({ allowPrivateHosts: false, lookup: unresolved }).urlProblem('https://nowhere.example.test/hook')).toBeNull();
  });
});
