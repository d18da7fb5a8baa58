import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';

/**
 * The spec's scroll restoration: arriving on a page (a link or Back) puts it at its last scroll
 * position, retried at 50, 100, 200, 300 and 500 ms until within 10 px, with a 1 s cutoff, and at
 * the top when none was saved. The retries are what a list that renders after the page does (the
 * dashboard's results come from InstantSearch a moment after mount) needs: a single restore on
 * render finds the page too short and lands wherever the browser clamps it.
 *
 * The router's own restoration is off (router.tsx); it still scrolls a new page to the top and
 * honours `resetScroll: false` and hash links. Only a change of page restores: a filter changed
 * in place keeps the reader where they are.
 */
const retryDelaysMs = [0, 50, 100, 200, 300, 500];
const cutoffMs = 1000;
const tolerancePx = 10;

/** Each page's position is kept under its address; the dashboard's address only mirrors its search box (its state is in storage), so it is one page. */
function pageKey(location: ParsedLocation): string {
  return location.pathname === '/dashboard' ? location.pathname : `${location.pathname}${location.searchStr}`;
}

export function setupScrollRestoration(router: AnyRouter): void {
  history.scrollRestoration = 'manual';
  const positions = new Map<string, number>();
  let timers: ReturnType<typeof setTimeout>[] = [];
  const userInput = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    for (const type of userInput) removeEventListener(type, stop);
  };

  router.subscribe('onBeforeLoad', (event) => {
    stop();
    if (event.fromLocation) positions.set(pageKey(event.fromLocation), window.scrollY);
  });

  router.subscribe('onRendered', (event) => {
    const { fromLocation, toLocation } = event;
    if (!fromLocation || fromLocation.pathname === toLocation.pathname || toLocation.hash) return;
    const target = positions.get(pageKey(toLocation));
    if (!target) return;
    const atTarget = () => Math.abs(window.scrollY - target) <= tolerancePx;
    for (const delay of retryDelaysMs) {
      timers.push(
        setTimeout(() => {
          if (!atTarget()) window.scrollTo({ top: target, left: 0 });
          if (atTarget()) stop();
        }, delay),
      );
    }
    timers.push(setTimeout(stop, cutoffMs));
    // The reader scrolling or typing meanwhile wins over the restore.
    for (const type of userInput) addEventListener(type, stop, { passive: true });
  });
}
