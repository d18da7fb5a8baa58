// Issue 40's outbound rule, the half dependency-cruiser cannot see: `fetch` is a global, not an
// import. Every request to an address from outside the operator's settings goes through
// api/outbound/ (the address guard, deadlines, size caps), so server code calls no bare fetch()
// (nor globalThis.fetch()). Read with TypeScript's own parser, so a fetch( inside a string (the API
// documentation's code sample, the local payment page's browser script) is text, not a call.
// Run by `make typecheck`; .dependency-cruiser.cjs has the import half and says what is allowed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const serverRoots = ['vocabulary', 'db', 'indexer', 'api'];
/** Where a bare fetch is allowed: tests and benchmarks (they call the API they started), the dev stack and the embedded Meilisearch (a process on this machine, waited for). */
const allowed = [/[.]test[.]ts$/, /(^|\/)testing([.]ts$|\/)/, /(^|\/)bench\//, /^api\/dev\//, /^indexer\/meilisearch-server[.]ts$/, /^api\/outbound\//];

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') yield* sourceFiles(file);
    else if (/[.]tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield file;
  }
}

const isBareFetch = (callee) =>
  (ts.isIdentifier(callee) && callee.text === 'fetch') ||
  (ts.isPropertyAccessExpression(callee) && callee.name.text === 'fetch' && ts.isIdentifier(callee.expression) && ['globalThis', 'global', 'window', 'self'].includes(callee.expression.text));

const found = [];
for (const root of serverRoots) {
  for (const file of sourceFiles(root)) {
    if (allowed.some((pattern) => pattern.test(file))) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isCallExpression(node) && isBareFetch(node.expression)) {
        found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

if (found.length) {
  console.error(`Bare fetch() in server code: outbound requests go through api/outbound/ (.dependency-cruiser.cjs says why)\n  ${found.join('\n  ')}`);
  process.exit(1);
}
console.log('✔ no bare fetch() in server code');
