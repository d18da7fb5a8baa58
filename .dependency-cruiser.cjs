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
        'vocabulary/ is plain constants and pure functions every layer (and the browser) reads, so it reads none of them, nor Node. ' +
        'Packages are outside this cruise (options.exclude); vocabulary/vocabulary.test.ts refuses them.',
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
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count: a type from the wrong module is still a wrong-way arrow.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
