import { useEffect } from 'react';
import { feedPathOf } from '../../../api/shared/feed-urls.ts';
import { departmentList } from '../../../vocabulary/departments.ts';

type Department = (typeof departmentList)[number];

/** A department's public feeds (no token: a visitor's view), RSS and Atom. */
export function departmentFeeds(department: Department) {
  const base = feedPathOf({ departmentCode: department.code.toLowerCase() });
  return [
    { format: 'RSS', type: 'application/rss+xml', href: `${base}.rss` },
    { format: 'Atom', type: 'application/atom+xml', href: `${base}.atom` },
  ] as const;
}

const feedTitle = (department: Department, format: string) => `${department.fullName} (${department.code}): new policies (${format})`;

/**
 * A page that shows one department's policies announces its feeds to the browser and to feed
 * readers (`<link rel="alternate">` in the head) and shows them (issue 46: they were linked from
 * nowhere). Nothing for no department or several.
 */
export function DepartmentFeedLinks({ codes }: { codes: readonly string[] | undefined }) {
  const department = codes?.length === 1 ? departmentList.find((candidate) => candidate.code === codes[0]) : undefined;
  useEffect(() => {
    if (!department) return;
    const links = departmentFeeds(department).map((feed) => {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.type = feed.type;
      link.title = feedTitle(department, feed.format);
      link.href = feed.href;
      document.head.append(link);
      return link;
    });
    return () => links.forEach((link) => link.remove());
  }, [department]);
  if (!department) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="department-feeds">
      Follow the {department.code}'s new policies in a feed reader:{' '}
      {departmentFeeds(department).map((feed, index) => (
        <span key={feed.format}>
          {index > 0 && ' · '}
          <a href={feed.href} className="font-medium text-brand-700 hover:underline" aria-label={`${feed.format} feed of ${department.fullName}`}>
            {feed.format}
          </a>
        </span>
      ))}
    </p>
  );
}
