/**
 * A story's states; every move between them is a function of api/stories/status.ts. The table's
 * check constraint (db/schema/operations.ts) and the Story Processing tab's filter
 * (api/shared/admin-schemas.ts) read this list.
 */
export const storyStatuses = ['pending', 'processing', 'processed', 'failed'] as const;
export type StoryStatus = (typeof storyStatuses)[number];
