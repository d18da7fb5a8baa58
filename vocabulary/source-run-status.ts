/**
 * A source run's states: queued (its job waits), running, then succeeded (the source was read,
 * whatever a page did) or failed (it could not be). Every move between them is a function of
 * api/sources/run-status.ts; the table's check constraint (db/schema/sources.ts) and the Sources
 * tab's answer (api/shared/source-schemas.ts) read this list.
 */
export const sourceRunStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SourceRunStatus = (typeof sourceRunStatuses)[number];
