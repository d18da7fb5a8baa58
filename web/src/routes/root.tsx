import type { QueryClient } from '@tanstack/react-query';
import { Link, Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { usePageTitle } from '../lib/page-title.ts';

/** The top bar (menus, ticker, dates) is not part of the landing page, so it loads on its own. */
const TopBar = lazy(() => import('../components/top-bar.tsx').then((module) => ({ default: module.TopBar })));
/** The toasts' region (Radix) is not needed for a first paint: toasts raised before it loads wait in their store. */
const Toaster = lazy(() => import('../components/toast-region.tsx').then((module) => ({ default: module.Toaster })));

export type RouterContext = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundCard,
});

/**
 * Every page but the landing page sits below the fixed 44 px top bar. Each page fades in from
 * opacity 0 to 1 over 0.15 s: the wrapper is keyed by the page's path, so a new page starts a new fade.
 * The first page of a visit does not fade: content painted at opacity 0 does not count as a
 * contentful paint, so a fade on load would hide the page's first paint from the browser.
 */
function RootLayout() {
  // The rendered page's path, not the location: during a navigation the old page stays on screen
  // under the new location until the new one has loaded, and must not be remounted meanwhile.
  const pathname = useRouterState({ select: (state) => state.matches.at(-1)?.pathname ?? state.location.pathname });
  // The landing route itself, not the path "/": an unknown path is matched by the root alone,
  // whose path is "/" too, and its Page Not Found card has the top bar like every other page.
  const isLanding = useRouterState({ select: (state) => state.matches.at(-1)?.routeId === '/' });
  const firstPage = useRef(pathname);
  const hasNavigated = useRef(false);
  useEffect(() => {
    if (pathname !== firstPage.current) hasNavigated.current = true;
  }, [pathname]);
  const fade = hasNavigated.current || pathname !== firstPage.current ? 'motion-safe:starting:opacity-0' : '';
  return (
    <>
      {!isLanding && (
        <Suspense fallback={<div className="fixed inset-x-0 top-0 z-40 h-[44px] border-b border-slate-200 bg-white" />}>
          <TopBar />
        </Suspense>
      )}
      <div
        key={pathname}
        className={`transition-opacity duration-150 ease-out ${fade} ${isLanding ? '' : 'pt-[44px]'}`}
      >
        <Outlet />
      </div>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}

export function NotFoundCard() {
  usePageTitle('Page Not Found');
  return (
    <main className="flex min-h-[70vh] items-center justify-center p-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Page Not Found</h1>
        <p className="mt-2 text-slate-700">The page you are looking for does not exist or has been moved.</p>
        <Link to="/" className="btn-primary mt-6 inline-flex">
          Go to Homepage
        </Link>
      </div>
    </main>
  );
}
