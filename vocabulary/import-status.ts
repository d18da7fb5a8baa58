/**
 * An import job's states: running until it succeeds or fails (api/imports/). The table's check
 * constraint (db/schema/operations.ts) and the import history's answer read this list.
 */
export const importJobStatuses = ['running', 'succeeded', 'failed'] as const;
export type ImportJobStatus = (typeof importJobStatuses)[number];
