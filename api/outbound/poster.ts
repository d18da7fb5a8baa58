import { isIP } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { guardedLookup, hostAddress, refusedAddress, refusedHost, type AddressGuardOptions } from './address-guard.ts';

/**
 * The poster: one POST to an address a user gave (a Slack incoming webhook, a customer's webhook),
 * through the address guard, with a total deadline and a small read of the answer. Another party's
 * server decides how big and how slow its answer is: the answer's status is what counts, and only
 * its first few KB are read, for the log; past the cap or the deadline the connection is dropped.
 * One attempt; the caller retries (alert deliveries back off).
 */
export interface PosterSettings extends AddressGuardOptions {
  /** The whole exchange's limit: connecting, sending, the status line and the part of the answer read. */
  deadlineMs?: number;
  /** The most of an answer's body read; the rest is never read. */
  maxAnswerBytes?: number;
}

export const posterDeadlineMs = 10_000;
export const posterMaxAnswerBytes = 4096;

/** The class of a failed post: what its sender is told (publicMessage); the detail (message) is for the log and admins. */
export type PostFailureKind = 'refused-address' | 'no-answer' | 'unreachable' | 'status';

export class PostFailure extends Error {
  constructor(
    readonly kind: PostFailureKind,
    readonly status: number | null,
    detail: string,
  ) {
    super(detail);
    this.name = 'PostFailure';
  }

  /**
   * What the person who gave the address is told: the class of failure, never the address a name
   * resolved to nor the remote's words (a user would get a resolver and a proxy to our network).
   */
  get publicMessage(): string {
    switch (this.kind) {
      case 'refused-address':
        return 'Could not be delivered: the address is refused (not a public internet address)';
      case 'no-answer':
        return 'Could not be delivered: no answer in time';
      case 'unreachable':
        return 'Could not be delivered: the server could not be reached';
      case 'status':
        return `Could not be delivered: the server answered ${Math.floor(this.status! / 100)}xx`;
    }
  }
}

/** What the sender of a failed post is told, whatever was thrown. */
export function publicFailureMessage(error: unknown): string {
  return error instanceof PostFailure ? error.publicMessage : 'Could not be delivered';
}

export type Poster = {
  /** POSTs the body; resolves on a 2xx answer, throws a PostFailure otherwise. */
  post(url: string, message: { body: string; headers: Record<string, string> }): Promise<void>;
  /** Why this address may not be saved for posting, or null: https (http too where private hosts are allowed: tests), no credentials, a public host. */
  urlProblem(url: string): Promise<string | null>;
  close(): Promise<void>;
};

function errorChain(error: unknown): Array<{ name?: string; code?: string; message?: string }> {
  const chain: Array<{ name?: string; code?: string; message?: string }> = [];
  for (let current = error; current && typeof current === 'object' && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current as { name?: string; code?: string; message?: string });
  }
  return chain;
}

function failureOf(error: unknown, url: URL, deadlineMs: number): PostFailure {
  const chain = errorChain(error);
  const refused = chain.find((entry) => entry.code === 'EPRIVATEADDRESS');
  if (refused) return new PostFailure('refused-address', null, refused.message ?? 'a refused address');
  if (chain.some((entry) => /^(AbortError|TimeoutError)$/.test(entry.name ?? '') || /TIMEOUT/i.test(entry.code ?? ''))) {
    return new PostFailure('no-answer', null, `${url.host} gave no answer within ${deadlineMs} ms`);
  }
  const cause = chain.at(-1);
  return new PostFailure('unreachable', null, `Could not reach ${url.host}: ${cause?.code ?? cause?.message ?? 'unknown error'}`);
}

/** At most `maxBytes` of the answer, read until the body ends, the cap or the deadline; the body is destroyed either way. */
async function readAnswer(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).byteLength;
      if (length >= maxBytes) break;
    }
  } catch {
    // The deadline passed, or the connection dropped, while reading: the status already decided.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

export function createPoster(settings: PosterSettings): Poster {
  const deadlineMs = settings.deadlineMs ?? posterDeadlineMs;
  const maxAnswerBytes = settings.maxAnswerBytes ?? posterMaxAnswerBytes;
  const agent = new Agent({ connect: { lookup: guardedLookup(settings), timeout: deadlineMs }, headersTimeout: deadlineMs, bodyTimeout: deadlineMs });
  return {
    async post(raw, { body, headers }) {
      const url = new URL(raw);
      const host = hostAddress(url.hostname);
      // A literal address never goes through the lookup: it is judged here.
      const refused = isIP(host) ? refusedAddress(host, settings) : null;
      if (refused) throw new PostFailure('refused-address', null, `${host} is a ${refused} address: not sent`);
      const response = await request(url, { method: 'POST', body, headers, dispatcher: agent, signal: AbortSignal.timeout(deadlineMs) }).catch((error: unknown) => {
        throw failureOf(error, url, deadlineMs);
      });
      const answer = await readAnswer(response.body, maxAnswerBytes);
      if (response.statusCode < 200 || response.statusCode >= 300) {
        throw new PostFailure('status', response.statusCode, `${url.host} answered ${response.statusCode}: ${answer.slice(0, 200)}`);
      }
    },
    async urlProblem(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return 'must be a URL';
      }
      if (url.protocol !== 'https:' && !(settings.allowPrivateHosts && url.protocol === 'http:')) return 'must be an https:// URL';
      if (url.username || url.password) return 'must not carry a user name or password';
      if (await refusedHost(url, settings)) return 'must point at a public internet address (not this network, a private or a special one)';
      return null;
    },
    close: () => agent.close(),
  };
}
