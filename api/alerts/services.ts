import type { Database } from '../../db/client.ts';
import type { MeilisearchSearch } from '../search/meilisearch.ts';
import type { AlertChannelPoster } from './channels.ts';
import type { AlertSettings } from './config.ts';
import type { AlertMailer } from './mailer.ts';

/**
 * What matching and sending reach: the database, the index (search-only key), the mailer (null
 * without SMTP_URL) and the Slack/webhook poster. The worker builds it (api/worker/main.ts); tests
 * build their own with their servers.
 */
export type AlertServices = {
  db: Database;
  settings: AlertSettings;
  search: MeilisearchSearch | null;
  mailer: AlertMailer | null;
  channels: AlertChannelPoster;
};
