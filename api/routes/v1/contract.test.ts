import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { z } from '@hono/zod-openapi';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWithKey, createKeyFor, insertPublicApiPolicies } from '../../public-api/testing.ts';
import { createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { syncChangeSchema } from '../../public-api/shapes.ts';
import * as routes from './definitions.ts';

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: 'query' | 'path'; schema?: { enum?: string[] }; example?: unknown }[];
  responses: Record<string, unknown>;
  security?: unknown[];
};
type Document = { openapi: string; servers: { url: string }[]; paths: Record<string, { get?: Operation }> };

/** Each documented route's definition, by its document path: the zod schemas its answers are checked against. */
const definitions = Object.values(routes).filter((value): value is Extract<(typeof routes)[keyof typeof routes], { path: string }> =>
  typeof value === 'object' && value !== null && 'path' in value,
);

function answerSchema(path: string, status: number): z.ZodType {
  const definition = definitions.find((route) => route.path === path);
  const response = (definition?.responses as Record<number, { content?: { 'application/json': { schema: z.ZodType } } }> | undefined)?.[status];
  const schema = response?.content?.['application/json'].schema;
  if (!schema) throw new Error(`${path} documents no JSON answer for ${status}`);
  return schema;
}

/**
 * The OpenAPI document is valid OpenAPI 3.1, and every route it documents answers what it
 * documents: the contract test walks the document, calls each route with a subscriber's key (with
 * no parameters, then with every documented example), and checks each answer against the route's
 * schema, keys the schema does not name included.
 */
describe('the OpenAPI document and the answers it documents', () => {
  let ctx: TestContext;
  let document: Document;
  let key: string;
  let policyId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    policyId = (await insertPublicApiPolicies(ctx)).payment;
    const { cookie } = await createSubscriber(ctx);
    key = (await createKeyFor(ctx, cookie)).key;
    const response = await ctx.app.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    document = await response.json();
  });
  afterAll(() => ctx.close());

  it('is served without a key and validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.servers).toEqual([{ url: `${ctx.config.APP_URL}/api/v1` }]);
  });

  it('documents every route the API defines, each behind the API key', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) => (item.get ? [path] : []));
    expect(documented.sort()).toEqual(definitions.map((route) => route.path).sort());
    for (const path of documented) expect(document.paths[path]!.get!.security, path).toEqual([{ apiKey: [] }]);
  });

  it('answers every documented route in its documented shape', async () => {
    const base = new URL(document.servers[0]!.url).pathname;
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      const operation = item.get!;
      const concretePath = path.replace('{id}', String(policyId));
      const examples = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query') continue;
        const example = parameter.example ?? parameter.schema?.enum?.[0];
        if (example !== undefined) examples.set(parameter.name, String(example));
      }
      for (const query of ['', examples.toString()]) {
        const url = `${base}${concretePath}${query ? `?${query}` : ''}`;
        const response = await callWithKey(ctx, url, key);
        expect(response.status, url).toBe(200);
        expect(Object.keys(operation.responses), path).toContain('200');
        // The bulk download is gzipped JSON Lines, each line a change as /changes answers it.
        const gzipped = response.headers.get('content-type') === 'application/gzip';
        const bodies = gzipped
          ? gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line))
          : [await response.json()];
        const schema = gzipped ? syncChangeSchema : answerSchema(path, 200);
        expect(bodies.length, url).toBeGreaterThan(0);
        for (const body of bodies) {
          const parsed = schema.safeParse(body);
          expect(parsed.error?.issues ?? [], url).toEqual([]);
          // zod drops keys a schema does not name: an answer equal to its parse holds none.
          expect(parsed.data, url).toEqual(body);
        }
        checked++;
      }
      const refused = await callWithKey(ctx, `${base}${concretePath}`, null);
      expect(refused.status).toBe(401);
      expect(answerSchema(path, 401).safeParse(await refused.json()).success, path).toBe(true);
    }
    expect(checked).toBe(2 * definitions.length);
  });

  it('gives every answer of every operation an example that validates against its schema', () => {
    // JSON Schema 2020-12 (OpenAPI 3.1's own), the document's components reachable by their $ref.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'openapi.json', components: (document as unknown as { components: unknown }).components });
    let examples = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [status, response] of Object.entries(item.get!.responses)) {
        const content = (response as { content?: Record<string, { schema: object; example?: unknown }> }).content ?? {};
        // Every answer is JSON but the bulk download's (gzip, its example a description of the lines).
        const media = content['application/json'] ?? content['application/gzip'];
        expect(media, `${path} ${status}`).toBeDefined();
        expect(media!.example, `${path} ${status}`).toBeDefined();
        const schema = JSON.parse(JSON.stringify(media!.schema).replaceAll('"#/components/', '"openapi.json#/components/'));
        const valid = ajv.validate(schema, media!.example);
        expect(ajv.errors ?? [], `${path} ${status}`).toEqual([]);
        expect(valid).toBe(true);
        examples++;
      }
    }
    expect(examples).toBeGreaterThanOrEqual(3 * definitions.length);
  });

  it('shows a curl example and a daily sync script in its description', () => {
    const description = (document as unknown as { info: { description: string } }).info.description;
    expect(description).toContain(`curl -H "Authorization: Bearer $POLICY_TRACKER_KEY"`);
    expect(description).toContain(`${ctx.config.APP_URL}/api/v1/changes?pageSize=100`);
  });
});
