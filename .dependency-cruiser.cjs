/**
 * The modules' one direction, db ← indexer ← api ← web (← bench/, the benchmark entry), checked by `make test` (make typecheck)
 * on every import, type-only imports, tests and benchmarks included. Beneath them all, vocabulary/: the product's fixed
 * facts (departments, index fields, orders, status lists), dependency-free, so every layer and the browser may read them.
 * README: Architecture.
 */
module.exports = {
  forbidden: [
    {
      name: 'vocabulary-imports-nothing',
      comment:
        'vocabulary/ is plain constants and pure functions every layer (and the browser) reads, so it reads none of them, nor Node, nor a package ' +
        '(vocabulary/vocabulary.test.ts checks the packages too).',
      severity: 'error',
      from: { path: '^vocabulary/', pathNot: '[.]test[.]ts$' },
      to: { pathNot: '^vocabulary/' },
    },
    {
      name: 'db-imports-nothing-above',
      comment: 'db/ is the bottom: schema, migrations, the client and their test harness.',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^(indexer|api|web)/' },
    },
    {
      name: 'indexer-imports-only-db',
      severity: 'error',
      from: { path: '^indexer/' },
      to: { path: '^(api|web)/' },
    },
    {
      name: 'api-imports-no-web',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-app-imports-only-api-shared',
      comment: 'The browser bundle: of the server it sees only api/shared (schemas, shared rules, the API contract type) and vocabulary/.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^(db/|indexer/|api/(?!shared/)|web/(?!src/)|bench/)' },
    },
    {
      name: 'api-shared-holds-no-server-code',
      comment: 'The web app runs what api/shared imports; a type-only import (the API contract) is erased.',
      severity: 'error',
      from: { path: '^api/shared/' },
      to: { path: '^(indexer/|api/(?!shared/))', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-imports-the-bench-entry',
      comment: 'bench/run.ts runs every layer\'s benchmark, so it sits above all four modules.',
      severity: 'error',
      from: { path: '^(vocabulary|db|indexer|api|web)/' },
      to: { path: '^bench/' },
    },
    {
      name: 'outbound-requests-only-through-api-outbound',
      comment:
        'Every request to an address from outside the operator\'s settings (a government site, a webhook a user typed) goes through ' +
        'api/outbound/: the address guard, deadlines, size caps. So no other server module opens its own HTTP client or socket ' +
        'library (undici, node:http, node:https, node:http2). Allowed, narrowly: ' +
        'the search index\'s keep-alive pool (api/search/meilisearch.ts: the operator\'s own Meilisearch, never a user\'s address); ' +
        'servers standing in for others in tests and benchmarks (*.test.ts, testing.ts, testing/, the local government site ' +
        'api/sources/site-server.ts and LLM api/processing/llm/chat-server.ts); benchmarks (bench/). The API\'s own server is ' +
        '@hono/node-server\'s, a package. Libraries with their own transport (Stripe, openai, nodemailer) talk to services the ' +
        'operator configures. Bare fetch() is a global, not an import: .ci/check-outbound.mjs (make typecheck) refuses it.',
      severity: 'error',
      from: {
        pathNot: [
          '^api/outbound/',
          '^api/search/meilisearch[.]ts$',
          '[.]test[.]ts$',
          '(^|/)testing([.]ts$|/)',
          '^api/sources/site-server[.]ts$',
          '^api/processing/llm/chat-server[.]ts$',
          '(^|/)bench/',
        ],
      },
      to: { path: ['^(http|https|http2)$', '(^|/)node_modules/undici/'] },
    },
    {
      name: 'no-circular',
      comment:
        'A cycle has no bottom to read or test from, and ESM may run a module before the one it needs. ' +
        'Type-only and lazy (dynamic) imports count too: break a cycle by moving what both sides need into a third module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages are leaves of the cruise (doNotFollow), there for the rules that name one (undici).
    exclude: { path: '(^|/)dist/' },
    // Type-only imports count: a type from the wrong module is still a wrong-way arrow.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
