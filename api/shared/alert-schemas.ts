import { z } from 'zod';
import { alertChannelKinds, type AlertChannelKind } from '../../vocabulary/deliveries.ts';

/** Request schemas and answers of the alert channels, alert settings and the back office's Outbox, shared with the web app. */

export { alertChannelKinds, type AlertChannelKind };

/** Channels a user may keep. */
export const maxAlertChannels = 10;

export const createAlertChannelSchema = z.strictObject({
  kind: z.enum(alertChannelKinds, { error: 'must be slack or webhook' }),
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  url: z.string().trim().min(1, 'URL is required').max(2000, 'URL is too long'),
});
export type CreateAlertChannel = z.input<typeof createAlertChannelSchema>;

export type AlertChannelAnswer = {
  id: number;
  kind: AlertChannelKind;
  name: string;
  /** The URL with its path hidden past the host: a Slack webhook URL is a credential. */
  url: string;
  enabled: boolean;
  consecutiveFailures: number;
  /** The class of the last failure (never the remote's words), while sends are failing. */
  lastError: string | null;
  /** When the current run of failed sends began; null while the channel works. */
  failingSince: string | null;
  disabledAt: string | null;
  createdAt: string;
};

/** A created channel: a webhook's signing secret appears here once, never again. */
export type CreatedAlertChannel = AlertChannelAnswer & { secret: string | null };

export type ChannelTestAnswer = { ok: true } | { ok: false; error: string };

export const alertSettingsSchema = z.strictObject({
  timeZone: z.string().trim().min(1).max(64),
});
export type AlertSettingsAnswer = { timeZone: string };

export type OutboxMessageSummary = { id: number; channel: string; recipient: string; subject: string; sentAt: string };
export type OutboxMessage = OutboxMessageSummary & { html: string | null; text: string };
export type OutboxPage = { messages: OutboxMessageSummary[]; total: number };
