import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chineseMarker, paragraphsOf } from '../../shared/bilingual-alignment.ts';

/**
 * A local HTTP server speaking the OpenAI chat-completions protocol, for tests and benchmarks:
 * the LLM API is a service on the internet this machine can't reach. Each request is handed to
 * `answer`, which returns the reply (a status, headers and a body) or never answers at all.
 */

export type ChatRequest = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
};

export type ChatReply = { status?: number; headers?: Record<string, string>; body: unknown } | 'hang';

export type ChatServer = { url: string; requests: ChatRequest[]; close: () => Promise<void> };

/** A completion whose message content is `content` (a string, sent as is, or JSON-encoded). */
export function completion(content: unknown, options: { tokens?: number; finishReason?: string } = {}) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, finish_reason: options.finishReason ?? 'stop', message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content), refusal: null } }],
    usage: { prompt_tokens: (options.tokens ?? 100) - 40, completion_tokens: 40, total_tokens: options.tokens ?? 100 },
  };
}

export async function startChatServer(answer: (request: ChatRequest, index: number) => ChatReply | Promise<ChatReply>): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
    requests.push(body);
    const reply = await answer(body, requests.length - 1);
    if (reply === 'hang') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The Chinese text a request asks about: what follows the request's first blank line. */
export function askedText(request: ChatRequest): string {
  const content = request.messages.at(-1)!.content;
  return content.slice(content.indexOf('\n\n') + 2);
}

const englishNumber: Record<string, (number: number) => string> = {
  article: (number) => `Article ${number}`,
  chapter: (number) => `Chapter ${number}`,
  section: (number) => `Section ${number}`,
  subsection: (number) => `(${number})`,
  numbered: (number) => `${number}.`,
};

/**
 * A stand-in translation as the prompt asks for one: a paragraph for each Chinese paragraph, each
 * numbered part starting with its English number ("Article 12 [English of 80 characters]").
 */
export function fakeTranslation(chinese: string): string {
  return paragraphsOf(chinese)
    .map((paragraph) => {
      const marker = chineseMarker(paragraph);
      const body = `[English of ${paragraph.length} characters]`;
      return marker ? `${englishNumber[marker.kind]!(marker.number)} ${body}` : body;
    })
    .join('\n');
}

/** A valid answer for whichever schema the request asks for: the analysis or a section's translation. */
export function validAnswer(request: ChatRequest, overrides: Record<string, unknown> = {}) {
  if (request.response_format?.json_schema?.name === 'section_translation') {
    return completion({ translation: fakeTranslation(askedText(request)), ...overrides });
  }
  const analysis = {
    title: 'Decision on Temporarily Adjusting Provisions in the Boao Lecheng Pilot Zone',
    description: 'The State Council lets Hainan approve urgent imports of small quantities of drugs for the Boao Lecheng zone.',
    department: 'SC',
    publishedOn: '2018-12-21',
    keyPoints: [{ title: 'Import approvals move to Hainan', content: 'Hainan approves urgent clinical imports of drugs, vaccines excepted.' }],
    analysis: ['Medical tourism operators in the zone gain faster access to imported drugs.'],
    industries: [{ industry: 'Healthcare', details: 'Imported drugs for designated hospitals.' }],
    topics: [],
    timeline: [],
    importance: 5,
    importanceReasons: ['State Council decision (+2)', 'Scope limited to one pilot zone (+0)'],
  };
  const wantsTranslation = JSON.stringify(request.response_format?.json_schema?.schema ?? {}).includes('englishTranslation');
  // A document without numbered parts gets a sentence of English; one with them, its numbers kept.
  const document = askedText(request);
  const englishTranslation = document.split('\n').some((line) => chineseMarker(line.trim())) ? fakeTranslation(document) : 'In order to further support Hainan Province...';
  return completion({ ...analysis, ...(wantsTranslation ? { englishTranslation } : {}), ...overrides });
}
