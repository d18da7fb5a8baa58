import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer } from '../../http/web-server.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/** /api/docs as the server sends it (security headers included): Swagger UI from node_modules, nothing from elsewhere. */
describe('GET /api/docs', () => {
  let ctx: TestContext;
  let server: ReturnType<typeof createWebServer>;
  beforeAll(async () => {
    ctx = await createTestContext();
    server = createWebServer(ctx.deps, { webRoot: '/nonexistent-web-root' });
  });
  afterAll(() => ctx.close());

  it('serves the page with its own Content-Security-Policy: only this origin, no inline script', async () => {
    const response = await server.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    const html = await response.text();
    // Every script and stylesheet is a file of this origin; no inline script.
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/page.css', '/', '/account', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    const scripts = [...html.matchAll(/<script\b[^>]*>([^<]*)<\/script>/g)];
    expect(scripts.map((script) => ({ src: /\bsrc="/.test(script[0]), body: script[1] }))).toEqual([
      { src: true, body: '' },
      { src: true, body: '' },
    ]);
  });

  it("serves Swagger UI's files from its package, and its start-up pointed at the API's document", async () => {
    const bundle = await server.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    const css = await server.request('/api/docs/swagger-ui.css');
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    const init = await (await server.request('/api/docs/init.js')).text();
    expect(init).toContain("url: '/api/v1/openapi.json'");
    expect(init).toContain('validatorUrl: null');
  });

  it('serves nothing else of node_modules', async () => {
    for (const path of ['/api/docs/package.json', '/api/docs/index.html', '/api/docs/..%2Fpackage.json', '/api/docs/swagger-ui-bundle.js.map']) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code, path).toBe('not_found');
    }
  });
});
