import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { productName } from '../../../vocabulary/product.ts';
import { notFound } from '../../http/errors.ts';

/**
 * GET /api/docs: the public API's reference, Swagger UI over /api/v1/openapi.json. Swagger UI's
 * files are served from its npm package (swagger-ui-dist), never from a CDN; the page's own
 * Content-Security-Policy allows exactly what it needs: its scripts and stylesheet from here, the
 * inline style attributes and data: images Swagger UI draws with, and calls to this origin (the
 * document, and "Try it out").
 */

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The package's files the page loads, and nothing else of node_modules. */
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

export const apiDocsContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// An inline script would need 'unsafe-inline': Swagger UI is started from a file of its own.
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API Documentation | ${productName}</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  <link rel="stylesheet" href="/api/docs/page.css">
</head>
<body>
  <header class="docs-header">
    <a href="/">${productName}</a>
    <span>API Documentation</span>
    <a href="/account">Your API keys</a>
  </header>
  <main id="swagger-ui"></main>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

const pageCss = `body { margin: 0; font-family: system-ui, sans-serif; }
.docs-header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 0.75rem 1.25rem; border-bottom: 1px solid #e2e8f0; }
.docs-header span { color: #334155; flex: 1; }
.docs-header a { color: #1d4ed8; font-weight: 600; }
`;

const fileCache = new Map<string, Promise<Buffer>>();

export function apiDocsRoutes() {
  const revalidated = etag();
  return new Hono()
    .get('/', (c) => c.html(page, 200, { 'Content-Security-Policy': apiDocsContentSecurityPolicy }))
    .get('/init.js', revalidated, (c) => c.body(initScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }))
    .get('/page.css', revalidated, (c) => c.body(pageCss, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }))
    // Swagger UI's bundle is about 1.5 MB and compresses some 4:1.
    .get('/:file', compress(), revalidated, async (c) => {
      const file = c.req.param('file');
      const type = Object.hasOwn(assets, file) ? assets[file] : undefined;
      if (!type) throw notFound('No such file');
      let body = fileCache.get(file);
      if (!body) fileCache.set(file, (body = readFile(path.join(swaggerUiDir, file))));
      return c.body(new Uint8Array(await body), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' });
    });
}
