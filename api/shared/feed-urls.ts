/**
 * Where a feed is read. A saved search's feed and the personal feed are private: their URL works
 * only with the owner's feed token added as `?token=`.
 */
export type FeedSubject = { departmentCode: string } | { savedSearchId: number } | { personal: true };

export function feedPathOf(subject: FeedSubject): string {
  if ('departmentCode' in subject) return `/api/feeds/departments/${encodeURIComponent(subject.departmentCode)}`;
  if ('savedSearchId' in subject) return `/api/feeds/searches/${subject.savedSearchId}`;
  return '/api/feeds/personal';
}

export function feedUrlsOf(appUrl: string, subject: FeedSubject): { atom: string; rss: string } {
  const base = `${appUrl}${feedPathOf(subject)}`;
  return { atom: `${base}.atom`, rss: `${base}.rss` };
}
