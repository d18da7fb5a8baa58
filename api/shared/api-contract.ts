/**
 * The API's contract as the web app sees it: the type of the Hono app, whose routes, validators
 * and `c.json` answers TypeScript reads, so `hc<App>` (web/src/api/client.ts) types every call's
 * path, input and answer from the server's own code. Type-only: nothing of the server reaches the
 * web bundle (docs/decisions/001-typed-api-client.md).
 */
export type { App } from '../app.ts';
