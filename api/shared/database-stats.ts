/** GET /api/database-stats (the public status page) and GET /api/admin/stats (the admin dashboard): counts only. */
export type DatabaseStats = {
  policiesCount: number;
  usersCount: number;
  collectionsCount: number;
  /** Stories waiting for or in processing. */
  pendingStoriesCount: number;
  processedStoriesCount: number;
};
