import type { DeliveryTiming } from './deliveries.ts';

/** How often a reader's notifications may be sent, of the delivery timings: the preferences form's choices and the column's check. */
export const notificationFrequencies = ['hourly', 'daily', 'weekly', 'monthly'] as const satisfies readonly DeliveryTiming[];
export type NotificationFrequency = (typeof notificationFrequencies)[number];
