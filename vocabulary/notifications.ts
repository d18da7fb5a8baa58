/** How often a reader's notifications may be sent: the preferences form's choices and the column's check. */
export const notificationFrequencies = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type NotificationFrequency = (typeof notificationFrequencies)[number];
