import type { Database } from '../../db/client.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { llmTermsFrom, type LlmTerms } from '../search/llm-terms.ts';
import { createMeilisearchSearch, type MeilisearchSearch } from '../search/meilisearch.ts';
import { createPoster } from '../outbound/poster.ts';
import { createAlertChannelPoster, type AlertChannelPoster } from './channels.ts';
import type { AlertSettings, WorkerAlertConfig } from './config.ts';

/**
 * What matching and sending reach: the database, the index (search-only key), the mailer (null
 * without SMTP_URL) and the Slack/webhook poster. The worker builds it (api/worker/main.ts); tests
 * build their own with their servers.
 */
export type AlertServices = {
  db: Database;
  settings: AlertSettings;
  search: MeilisearchSearch | null;
  /** The LLM's Chinese terms for English queries, as the API's (api/search/llm-terms.ts), or null. */
  llmTerms: LlmTerms | null;
  mailer: Mailer | null;
  channels: AlertChannelPoster;
};

/**
 * The worker's alert services from its settings: the index with the search-only key (or the admin
 * or master key when only those are given), the mailer over SMTP_URL, the guarded channel poster.
 */
export function createAlertServices(db: Database, config: WorkerAlertConfig & Parameters<typeof llmTermsFrom>[0]): AlertServices {
  const apiKey = config.MEILI_SEARCH_KEY ?? config.MEILI_ADMIN_KEY ?? config.MEILI_MASTER_KEY;
  return {
    db,
    settings: config,
    search: config.MEILI_URL ? createMeilisearchSearch({ host: config.MEILI_URL, apiKey, indexName: config.MEILI_INDEX }) : null,
    llmTerms: llmTermsFrom(config),
    mailer: createMailer(config),
    channels: createAlertChannelPoster({ poster: createPoster({ allowPrivateHosts: config.ALERT_WEBHOOKS_ALLOW_PRIVATE_HOSTS }) }),
  };
}

export async function closeAlertServices(services: AlertServices): Promise<void> {
  services.mailer?.close();
  await services.channels.close();
  await services.search?.close();
}
