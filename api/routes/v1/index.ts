import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import type { Role } from '../../../db/schema/index.ts';
import { hasFullAccess } from '../../billing/entitlement.ts';
import { loadCollectionSummaries } from '../../collections/summaries.ts';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest } from '../../http/errors.ts';
import { assertWellFormedText, describeIssues } from '../../http/validation.ts';
import { loadPolicyDetail } from '../../policies/detail.ts';
import { loadAnalytics } from '../../analytics/analytics.ts';
import { apiKeyAuthenticator } from '../../public-api/keys.ts';
import { bulkDownload, bulkQuerySchema } from '../../public-api/bulk.ts';
import { checkLimits } from '../../public-api/limits.ts';
import { withResponseExamples } from '../../public-api/openapi-examples.ts';
import * as shapes from '../../public-api/shapes.ts';
import { cursorAt, loadChanges, syncQuerySchema } from '../../public-api/sync.ts';
import { loadDepartments, loadIndustries, loadTopics } from '../../reference/lists.ts';
import type { SearchAnswer } from '../../search/cached-search.ts';
import { searchPolicies } from '../../search/policy-search.ts';
import { suggestPolicies } from '../../search/suggestions.ts';
import { analyticsQuerySchema } from '../../shared/analytics.ts';
import { policyIdParamSchema, suggestQuerySchema } from '../../shared/search.ts';
import { criteriaOfPublicQuery, readPublicQuery } from './criteria.ts';
import * as routes from './definitions.ts';
import { openApiDocument } from './document.ts';

/** Who a call is for: the key's user as they are now, and whether they may read full texts now. */
type ApiReader = { userId: number; role: Role; entitled: boolean };
type PublicApiEnv = { Variables: { reader: ApiReader } };

/**
 * /api/v1: the public read API, authenticated by API key only (`Authorization: Bearer`). It is
 * mounted before the session middleware: a cookie is never read here, so there is no CSRF
 * surface, and every call is a GET. Handlers reuse the product's reads (the one search builder,
 * the policy detail, the reference lists, collections) and map them in api/public-api/shapes.ts.
 */
export function publicApiRoutes(deps: AppDeps) {
  const authenticate = apiKeyAuthenticator(deps.db);
  const app = new OpenAPIHono<PublicApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw badRequest(describeIssues(result.error.issues));
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal API key from Account Settings → API Keys.',
  });
  // The document is public, so it is registered before the key guard below, which it never reaches.
  // It is made once, at its first request (every route is registered by then), with an example for
  // every answer generated from the answer's schema.
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.get('/openapi.json', (c) => c.json((document ??= withResponseExamples(app.getOpenAPI31Document(openApiDocument(deps.config))))));

  app.use(async (c, next) => {
    // Every input of /api/v1 is in the path and the query string: the product's text rule first.
    assertWellFormedText(c.req.query());
    const now = deps.now();
    const holder = await authenticate(c.req.header('authorization'), now);
    for (const [name, value] of Object.entries(checkLimits(holder.windows, deps.config, now))) c.header(name, value);
    // The entitlement is read at the moment of the call, with the user's role as it is now.
    const entitled = await hasFullAccess(deps.db, { id: holder.userId, role: holder.role }, now);
    c.set('reader', { userId: holder.userId, role: holder.role, entitled });
    await next();
  });

  const searchOf = (c: Context<PublicApiEnv>, query: Record<string, string | undefined>) =>
    searchPolicies(deps, criteriaOfPublicQuery(query), { entitled: c.var.reader.entitled });

  return app
    .openapi(routes.listPoliciesRoute, async (c) => sendMapped(c, await searchOf(c, c.req.valid('query')), shapes.toPolicyList))
    .openapi(routes.searchRoute, async (c) => sendMapped(c, await searchOf(c, c.req.valid('query')), shapes.toSearchResult))
    .openapi(routes.changesRoute, async (c) => c.json(await loadChanges(deps, parsed(syncQuerySchema, c.req.valid('query')), c.var.reader.entitled), 200))
    .openapi(routes.bulkRoute, async (c) => {
      const { after } = parsed(bulkQuerySchema, c.req.valid('query'));
      const body = bulkDownload(deps, { after, entitled: c.var.reader.entitled });
      return c.body(body, 200, {
        'Content-Type': 'application/gzip',
        'Content-Disposition': 'attachment; filename="policies.jsonl.gz"',
        'Cache-Control': 'no-store',
        'Sync-Cursor': cursorAt(deps.now()),
      }) as unknown as Response & TypedResponse<string, 200, 'json'>;
    })
    .openapi(routes.getPolicyRoute, async (c) => {
      const { id } = parsed(policyIdParamSchema, c.req.valid('param'));
      const detail = await loadPolicyDetail(deps, id, { id: c.var.reader.userId, role: c.var.reader.role });
      return c.json(shapes.toPolicyDetail(detail), 200);
    })
    .openapi(routes.suggestionsRoute, async (c) => {
      const { q, limit } = parsed(suggestQuerySchema, c.req.valid('query'));
      const answer = await suggestPolicies(deps, q, limit, { entitled: c.var.reader.entitled });
      return c.json(shapes.toSuggestionList(answer.value.suggestions), 200);
    })
    .openapi(routes.analyticsRoute, async (c) =>
      sendMapped(c, await loadAnalytics(deps, readPublicQuery(analyticsQuerySchema, c.req.valid('query')), { entitled: c.var.reader.entitled }), shapes.toAnalytics),
    )
    .openapi(routes.departmentsRoute, async (c) => c.json(shapes.toDepartmentList(await loadDepartments(deps.db)), 200))
    .openapi(routes.industriesRoute, async (c) => c.json(shapes.toIndustryList(await loadIndustries(deps.db)), 200))
    .openapi(routes.topicsRoute, async (c) => c.json(shapes.toTopicList(await loadTopics(deps.db)), 200))
    .openapi(routes.collectionsRoute, async (c) => c.json(shapes.toCollectionList(await loadCollectionSummaries(deps.db, c.var.reader.userId)), 200));
}

function parsed<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(describeIssues(result.error.issues));
  return result.data;
}

/**
 * A search answer in a public shape, its JSON made once per kept answer: the search keeps answers
 * in memory while the index is unchanged (api/search/cached-search.ts), frozen and shared, so the
 * public shape of one is kept beside it for as long as it lives, and a repeated query costs no
 * mapping or serialisation again, as on the web app's road.
 */
const mappedJson = new WeakMap<object, Map<(value: never) => unknown, string>>();

function sendMapped<Value extends object, Shape>(c: Context, answer: SearchAnswer<Value>, map: (value: Value) => Shape) {
  let byShape = mappedJson.get(answer.value);
  if (!byShape) mappedJson.set(answer.value, (byShape = new Map()));
  let json = byShape.get(map);
  if (json === undefined) byShape.set(map, (json = JSON.stringify(map(answer.value))));
  return c.body(json, 200, { 'Content-Type': 'application/json' }) as unknown as Response & TypedResponse<Shape, 200, 'json'>;
}
