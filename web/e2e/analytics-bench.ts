import { chromium } from 'playwright-core';
import { progress } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { chromiumFlags, chromiumPath } from './chromium.ts';

const loads = 5;

/** The page's charts: the policies per period, the topics and industries against the period before, the importance distribution. */
const chartCount = 4;

/**
 * The Analytics page's first render in Chromium: a cold load (a fresh browser context, so no
 * cached chunk or answer) of /analytics as a visitor, from navigation start to its first
 * contentful paint (the browser's own entry) and to every chart drawn (performance.now() once
 * each of the page's charts holds its bars), both read in the page.
 */
export async function benchAnalyticsRender(appUrl: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const paints: number[] = [];
  const times: number[] = [];
  try {
    for (let load = 0; load < loads; load++) {
      progress('analytics', `first render in Chromium: load ${load + 1} of ${loads}`);
      const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto('/analytics');
      const handle = await page.waitForFunction(
        (charts) => ([...document.querySelectorAll('figure svg.recharts-surface')].filter((svg) => svg.querySelector('.recharts-bar-rectangle')).length >= charts ? performance.now() : null),
        chartCount,
        { timeout: 60_000, polling: 'raf' },
      );
      times.push((await handle.jsonValue()) as number);
      // The paint entry may be queued after the charts are seen: the observer's buffered delivery waits for it.
      paints.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              new PerformanceObserver((list, observer) => {
                const paint = list.getEntriesByName('first-contentful-paint')[0];
                if (!paint) return;
                observer.disconnect();
                resolve(paint.startTime);
              }).observe({ type: 'paint', buffered: true }),
            ),
        ),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const row = (label: string, values: number[]) => {
    const stats = summarize(values);
    return [label, ms(stats.p50), ms(stats.p95), ms(stats.max)];
  };
  return [
    `First render of /analytics in Chromium (headless, 1280 px, cold: a fresh context each load, ${loads} loads), from navigation start:`,
    '',
    table(['Until', 'p50 ms', 'p95 ms', 'max ms'], [row('first contentful paint', paints), row(`all ${chartCount} charts drawn (their bars)`, times)]),
  ].join('\n');
}
