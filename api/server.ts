import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createApp } from './app.ts';
import { buildDeps } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';

const webRoot = path.relative(process.cwd(), fileURLToPath(new URL('../dist/web', import.meta.url)));

async function main() {
  const config = loadConfig();
  const { deps, close } = await buildDeps(config);
  const server = new Hono();
  server.route('/', createApp(deps));
  if (existsSync(webRoot)) {
    // The web app's JavaScript and CSS compress about 3:1.
    server.use('/*', compress());
    // Hashed asset names never change content: cache them for a year.
    server.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    server.use('/*', serveStatic({ root: webRoot }));
    // Every other path is a client-side route of the single-page app.
    server.get('*', serveStatic({ root: webRoot, path: 'index.html' }));
  }
  const listener = serve({ fetch: server.fetch, port: config.PORT, hostname: '0.0.0.0' }, (info) => {
    console.log(`API listening on http://localhost:${info.port}`);
  });
  // Ctrl-C in a terminal sends SIGINT to the whole process group and the launcher then sends
  // SIGTERM: the second signal must not close the pools a second time.
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    listener.close(() => void close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
