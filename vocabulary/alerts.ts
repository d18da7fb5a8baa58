import type { DeliveryTiming } from './deliveries.ts';

/**
 * How often a saved search alerts its owner: never, or at one of the delivery timings it offers
 * (as soon as a matching policy becomes searchable, or in a daily or weekly digest). The
 * saved-search form's choices and the column's check.
 */
export const alertFrequencies = ['off', 'immediate', 'daily', 'weekly'] as const satisfies readonly ('off' | DeliveryTiming)[];
export type AlertFrequency = (typeof alertFrequencies)[number];

/** A user keeps at most this many saved searches. */
export const maxSavedSearches = 50;
