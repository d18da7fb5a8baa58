import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';

export type PageLayoutProps = {
  /** Shown across the top of the page, e.g. `<SearchBar />`. */
  searchBar?: ReactNode;
  /** Shown at the right of the header row, e.g. a "Back to Dashboard" or "Sign In" link. */
  headerRight?: ReactNode;
  children: ReactNode;
};

/** Spec "Page layout": optional search bar on top, optional right header slot, content, footer. */
export function PageLayout({ searchBar, headerRight, children }: PageLayoutProps) {
  const hasHeader = searchBar != null || headerRight != null;
  return (
    <div className="flex min-h-[calc(100vh-44px)] flex-col">
      {hasHeader && (
        <div className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
            <div className="min-w-0 flex-1">{searchBar}</div>
            {headerRight != null && <div className="flex shrink-0 items-center gap-2">{headerRight}</div>}
          </div>
        </div>
      )}
      <main id="main-content" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
