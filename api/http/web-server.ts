import { existsSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { createApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { AppDeps } from '../app-deps.ts';
import { AppError, renderError } from './errors.ts';

/**
 * Security headers on every response, the API's and the web app's. The web app's scripts are all
 * files of its own origin, so no inline script runs; styles may be inline (Radix's scroll lock
 * writes a <style> element). Nothing may frame the app. HSTS only where the app is served over
 * https: on http://localhost it would pin a developer's browser to https.
 */
export function securityHeaders(config: Pick<Config, 'APP_URL'>) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: config.APP_URL.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false,
    // A page that sets a stricter policy of its own (the local payment pages: nothing but their
    // own script and styles, no base URL, the referrer kept on this origin) keeps it.
    overwrite: false,
  });
}

/** The API and, when it has been built, the web app: what `api/main.ts` serves. */
export function createWebServer(deps: AppDeps, options: { webRoot: string }) {
  const server = new Hono();
  server.use('*', securityHeaders(deps.config));
  server.route('/', createApp(deps));
  // An unknown API path is the API's 404, whatever the method, never the web app's page.
  server.all('/api/*', (c) => renderError(new AppError('not_found', 'No such API endpoint'), c));
  if (existsSync(options.webRoot)) {
    // The web app's JavaScript and CSS compress about 3:1.
    server.use('/*', compress());
    // Hashed asset names never change content: cache them for a year.
    server.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    server.use('/*', serveStatic({ root: options.webRoot }));
    // A missing script or stylesheet is a 404: the page in its place, cached for a year as a
    // script, would break the app after the next deploy.
    server.get('/assets/*', (c) => renderError(new AppError('not_found', 'No such file'), c));
    // Every other path is a client-side route of the single-page app.
    server.get('*', serveStatic({ root: options.webRoot, path: 'index.html' }));
  }
  return server;
}
