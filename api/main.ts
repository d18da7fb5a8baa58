import path from 'node:path';
import { serve } from '@hono/node-server';
import { buildDeps } from './deps.ts';
import { ConfigError } from '../db/config.ts';
import { packageRoot } from '../db/package-root.ts';
import { loadConfig } from './config.ts';
import { createWebServer } from './http/web-server.ts';
import { removeLeftoverUploads } from './imports/upload.ts';
import { loadReadingAid } from './reading/dictionary.ts';

const webRoot = path.relative(process.cwd(), path.join(packageRoot, 'dist/web'));

async function main() {
  const config = loadConfig();
  const { deps, close } = await buildDeps(config);
  await removeLeftoverUploads();
  loadReadingAid();
  const server = createWebServer(deps, { webRoot });
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
