/**
 * How an alert reaches its reader. A delivery is `pending` until due, `sending` while a sender holds
 * its claim, then `sent`, or `failed` for good (retries exhausted, or its sender lost twice), or
 * `skipped` when, at sending time, its reader was no longer entitled or had unsubscribed.
 */
export const deliveryStates = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** When a delivery goes out: at once, or in the digest of that period. */
export const alertCadences = ['immediate', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type AlertCadence = (typeof alertCadences)[number];

/** Channels a user adds beside e-mail. */
export const alertChannelKinds = ['slack', 'webhook'] as const;
export type AlertChannelKind = (typeof alertChannelKinds)[number];

/** The local hour every digest goes out at, in the reader's time zone. */
export const digestHour = 8;
