import { createDatabase } from '../../db/client.ts';
import { closeAlertServices, createAlertServices } from '../alerts/services.ts';
import { ConfigError } from '../../db/config.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { fetcherSettingsFrom } from '../outbound/config.ts';
import { createPoliteFetcher } from '../outbound/polite-fetcher.ts';
import { chooseAnalyser } from '../processing/analysers.ts';
import { loadWorkerConfig } from './config.ts';
import { runWorker } from './run.ts';

/** The worker process (decision 007): `npm run worker`, started by `make dev` beside the indexer. */

const log = (line: string) => console.log(line);

async function main() {
  const config = loadWorkerConfig(process.env);
  const analyser = await chooseAnalyser(config).catch((error: Error) => {
    throw new ConfigError(`Invalid worker configuration:\n  ${error.message}`);
  });
  const database = createDatabase(config.DATABASE_URL, { max: config.STORY_CONCURRENCY + 2 });
  const queue = await startJobQueue(config.DATABASE_URL, config, { maintain: true, max: config.STORY_CONCURRENCY + 2 });
  // One fetcher for the process: its robots.txt cache and per-host pacing hold across every run.
  const fetcher = createPoliteFetcher(fetcherSettingsFrom(config));
  const alerts = createAlertServices(database.db, config);
  const worker = await runWorker({ db: database.db, queue, analyser, settings: config, sources: { settings: config, fetcher }, alerts, log });
  log(`[worker] processing stories with the ${analyser.name} analyser, ${config.STORY_CONCURRENCY} at a time`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`[worker] ${signal}: finishing the stories in hand`);
    void worker
      .stop()
      .then(() => queue.stop())
      .then(() => fetcher.close())
      .then(() => closeAlertServices(alerts))
      .then(() => database.close())
      .then(() => {
        log('[worker] stopped');
        process.exit(0);
      })
      .catch((error) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
