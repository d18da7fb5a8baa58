/**
 * How an alert reaches its reader. A delivery is `pending` until due, `sending` while a sender holds
 * its claim, then `sent`, or `failed` for good (retries exhausted, or its sender lost twice), or
 * `skipped` when, at sending time, its reader was no longer entitled or had unsubscribed.
 */
export const deliveryStates = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/**
 * When an alert goes out: at once, or in the digest of that period. The one list of timings: a
 * saved search's alert (vocabulary/alerts.ts) and the notification preferences
 * (vocabulary/notifications.ts) each offer some of them, and a delivery carries the one it is for.
 */
export const deliveryTimings = ['immediate', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type DeliveryTiming = (typeof deliveryTimings)[number];

/** How each timing reads wherever a reader chooses one (the saved-search dialog and panel, the notification preferences). */
export const deliveryTimingLabels = {
  immediate: 'Immediately',
  hourly: 'Hourly digest',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  monthly: 'Monthly digest',
} as const satisfies Record<DeliveryTiming, string>;

/** Channels a user adds beside e-mail. */
export const alertChannelKinds = ['slack', 'webhook'] as const;
export type AlertChannelKind = (typeof alertChannelKinds)[number];

/** The local hour every digest goes out at, in the reader's time zone. */
export const digestHour = 8;
