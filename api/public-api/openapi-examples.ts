/**
 * Response examples for the OpenAPI document, generated from its own schemas: every operation's
 * every JSON answer gets an `example` built from the schema it documents (a field's own `example`
 * where the shapes give one, else a value of its type within its bounds), so an example can't
 * drift from the shape it shows. An answer that already has an example (the errors, which say
 * what each status means) keeps it.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  example?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

type MediaObject = { schema?: JsonSchema; example?: unknown };
type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, MediaObject> }> } | unknown>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** A copy of the document in which every JSON answer has an example. */
export function withResponseExamples<Document extends object>(document: Document): Document {
  const result = structuredClone(document);
  const copy = result as OpenApiDocument;
  const components = copy.components?.schemas ?? {};
  for (const item of Object.values(copy.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const responses = (operation as { responses?: Record<string, { content?: Record<string, MediaObject> }> }).responses ?? {};
      for (const response of Object.values(responses)) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.schema && media.example === undefined) media.example = exampleOf(media.schema, components, []);
        }
      }
    }
  }
  return result;
}

/** An example of a schema; `seen` holds the components being expanded, so a recursive one ends. */
export function exampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, seen: string[]): unknown {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`The OpenAPI document refers to a schema it does not hold: ${schema.$ref}`);
    return seen.includes(name) ? null : exampleOf(target, components, [...seen, name]);
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, components, seen)));
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) {
    // The value a reader most needs to see: a present one rather than null.
    const present = choices.find((choice) => choice.type !== 'null') ?? choices[0]!;
    return exampleOf(present, components, seen);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const example: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) example[name] = exampleOf(property, components, seen);
      if (typeof schema.additionalProperties === 'object') example.example = exampleOf(schema.additionalProperties, components, seen);
      return example;
    }
    case 'array':
      return schema.items ? Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items!, components, seen)) : [];
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1, schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return stringExample(schema);
    default:
      return null;
  }
}

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'date') return '2024-05-31';
  if (schema.format === 'date-time') return '2024-05-31T08:00:00.000Z';
  if (schema.format === 'uri') return 'https://www.gov.cn/';
  return 'text'.padEnd(schema.minLength ?? 0, 'x');
}
