import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';
import { useLayoutEffect, useState } from 'react';

/**
 * Scroll restoration: arriving on a page (a link or Back) puts it at its last scroll position, and
 * at the top when none was saved.
 *
 * A page whose content renders after the page itself (the dashboard's results come from
 * InstantSearch, the search page's from its query) says when that content is in, with
 * useRestoreScrollWhenReady; the position is restored then, however long the content took.
 * Restoring earlier finds the page too short and lands wherever the browser clamps it, and no
 * timer can know how long a busy machine or a slow network needs. A page that says nothing is
 * restored as it renders. Content that is in may still be short of its full height (parts of the
 * page that come after it): a position the page cannot reach yet is tried again each time the page
 * grows, until it is reached. The reader scrolling, touching or pressing a key first wins.
 *
 * The router's own restoration is off (router.tsx); it still scrolls a new page to the top and
 * honours `resetScroll: false` and hash links. Only a change of page restores: a filter changed
 * in place keeps the reader where they are.
 */
const tolerancePx = 10;
const userInput = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** Where the page just arrived at is to be put back, until it is (or the reader moves first). */
let pendingTop: number | undefined;
/** The page on screen, if it renders its content late: is that content in? */
let lateContent: { ready: boolean } | undefined;
/** While a position is pending, the page's growth tries it again. */
let growth: ResizeObserver | undefined;

function cancel(): void {
  pendingTop = undefined;
  growth?.disconnect();
  growth = undefined;
  for (const type of userInput) removeEventListener(type, cancel);
}

function restore(): void {
  if (pendingTop === undefined || (lateContent && !lateContent.ready)) return;
  window.scrollTo({ top: pendingTop, left: 0 });
  if (Math.abs(window.scrollY - pendingTop) <= tolerancePx) cancel();
}

/** Each page's position is kept under its address; the dashboard's address only mirrors its search box (its state is in storage), so it is one page. */
function pageKey(location: ParsedLocation): string {
  return location.pathname === '/dashboard' ? location.pathname : `${location.pathname}${location.searchStr}`;
}

export function setupScrollRestoration(router: AnyRouter): void {
  history.scrollRestoration = 'manual';
  const positions = new Map<string, number>();

  router.subscribe('onBeforeLoad', (event) => {
    cancel();
    if (event.fromLocation) positions.set(pageKey(event.fromLocation), window.scrollY);
  });

  router.subscribe('onRendered', (event) => {
    const { fromLocation, toLocation } = event;
    if (!fromLocation || fromLocation.pathname === toLocation.pathname || toLocation.hash) return;
    const target = positions.get(pageKey(toLocation));
    if (!target) return;
    pendingTop = target;
    for (const type of userInput) addEventListener(type, cancel, { passive: true });
    growth = new ResizeObserver(restore);
    growth.observe(document.documentElement);
    restore();
  });
}

/**
 * For a page whose content renders after the page: `ready` once that content is on screen (or
 * will not come, e.g. a failed search). The page's last position is restored then, in the same
 * commit as the content, before it is painted.
 */
export function useRestoreScrollWhenReady(ready: boolean): void {
  const [content] = useState(() => ({ ready }));
  useLayoutEffect(() => {
    lateContent = content;
    return () => {
      if (lateContent === content) lateContent = undefined;
    };
  }, [content]);
  useLayoutEffect(() => {
    content.ready = ready;
    if (ready) restore();
  }, [content, ready]);
}
