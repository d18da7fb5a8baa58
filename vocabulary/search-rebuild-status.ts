/**
 * A full rebuild of the search index, as the back office's status page shows it: asked for
 * (`queued`), under way (`running`), then `succeeded` or `failed`. The table's check constraint
 * (db/schema/search.ts) and the status answer (api/shared/admin-schemas.ts) read this list.
 */
export const searchRebuildStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SearchRebuildStatus = (typeof searchRebuildStatuses)[number];
