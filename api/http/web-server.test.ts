import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createWebServer } from './web-server.ts';

describe('what the server sends with every answer', () => {
  let ctx: TestContext;
  let webRoot: string;
  let server: ReturnType<typeof createWebServer>;
  beforeAll(async () => {
    ctx = await createTestContext();
    webRoot = await mkdtemp(path.join(tmpdir(), 'web-root-'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    server = createWebServer(ctx.deps, { webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const fetchAs = (pathname: string, init: RequestInit = {}) =>
    server.request(pathname, { ...init, headers: { Origin: ctx.config.APP_URL, ...(init.headers as Record<string, string>) } });

  it('security headers on the web app and on the API: a CSP with no inline script, no framing, no sniffing', async () => {
    for (const pathname of ['/', '/dashboard', '/api/health']) {
      const response = await fetchAs(pathname);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, pathname).toContain("script-src 'self'");
      expect(csp.match(/script-src[^;]*/)?.[0], pathname).not.toContain('unsafe-inline');
      expect(csp, pathname).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
      // The app is on http here: HSTS would pin localhost to https.
      expect(response.headers.get('strict-transport-security'), pathname).toBeNull();
    }
  });

  it('HSTS when the app is served over https', async () => {
    const https = await createTestContext({ APP_URL: 'https://policy.example' });
    try {
      const response = await createWebServer(https.deps, { webRoot }).request('/');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });

  it('an unknown /api path is a JSON 404 for every method, never the web page', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await fetchAs('/api/no-such-thing/42', { method, ...(method === 'GET' ? {} : { headers: { 'Content-Type': 'application/json' }, body: '{}' }) });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('content-type'), method).toMatch(/^application\/json/);
      expect(await response.json(), method).toEqual({ error: { code: 'not_found', message: 'No such API endpoint' } });
    }
    const page = await fetchAs('/no-such-page');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('a missing /assets file is a 404, never the page and never cached as immutable', async () => {
    await mkdir(path.join(webRoot, 'assets'), { recursive: true });
    await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1);');
    const present = await fetchAs('/assets/index-abc123.js');
    expect(present.status).toBe(200);
    expect(present.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const missing = await fetchAs('/assets/index-gone999.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'No such file' } });
    // A client-side route still gets the page.
    expect((await fetchAs('/dashboard')).status).toBe(200);
  });

  it("the local payment pages keep their own stricter headers", async () => {
    const page = await fetchAs('/api/billing/local/portal');
    expect(page.status).toBe(401);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('answers that depend on the session are private and never stored; public lists keep their cache', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const { cookie: adminCookie } = await createSignedInUser(ctx, { role: 'admin' });
    for (const [pathname, asCookie] of [
      ['/api/user', cookie],
      ['/api/collections', cookie],
      ['/api/subscription', cookie],
      ['/api/user/notifications', cookie],
      ['/api/admin/stats', adminCookie],
      ['/api/user', undefined],
    ] as const) {
      const response = await fetchAs(pathname, asCookie ? { headers: { Cookie: asCookie } } : {});
      expect(response.headers.get('cache-control'), `${pathname} ${response.status}`).toBe('private, no-store');
    }
    expect((await fetchAs('/api/departments')).headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('a refused body on a kept-alive connection', () => {
  let ctx: TestContext;
  let listener: ServerType;
  let origin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const app = createWebServer(ctx.deps, { webRoot: '/nonexistent' });
    listener = await new Promise<ServerType>((resolve) => {
      const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
    await ctx.close();
  });

  it('413 says Connection: close, and the client’s next request goes through on a new connection', async () => {
    const agent = new Agent({ connections: 1, pipelining: 1 });
    try {
      const tooLarge = await request(`${origin}/api/auth/login`, {
        method: 'POST',
        dispatcher: agent,
        headers: { Origin: ctx.config.APP_URL, 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'x'.repeat(200 * 1024), password: 'y' }),
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.headers.connection).toBe('close');
      expect(await tooLarge.body.json()).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large' } });

      const next = await request(`${origin}/api/departments`, { dispatcher: agent });
      expect(next.statusCode).toBe(200);
      await next.body.dump();
    } finally {
      await agent.close();
    }
  });
});
