import { chromium } from 'playwright-core';
import { progress } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { chromiumFlags, chromiumPath } from './chromium.ts';

const loads = 5;

/**
 * The Analytics page's first render in Chromium: a cold load (a fresh browser context, so no
 * cached chunk or answer) of /analytics as a visitor, from navigation start to the first chart
 * drawn, read in the page (performance.now() once the chart's SVG holds its bars).
 */
export async function benchAnalyticsRender(appUrl: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const times: number[] = [];
  try {
    for (let load = 0; load < loads; load++) {
      progress('analytics', `first render in Chromium: load ${load + 1} of ${loads}`);
      const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto('/analytics');
      const handle = await page.waitForFunction(
        () => (document.querySelector('figure svg.recharts-surface .recharts-bar-rectangle') ? performance.now() : null),
        undefined,
        { timeout: 60_000, polling: 'raf' },
      );
      times.push((await handle.jsonValue()) as number);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const stats = summarize(times);
  return [
    `First render of /analytics in Chromium (headless, 1280 px, cold: a fresh context each load, ${loads} loads), navigation start to the first chart's bars:`,
    '',
    table(['p50 ms', 'p95 ms', 'max ms'], [[ms(stats.p50), ms(stats.p95), ms(stats.max)]]),
  ].join('\n');
}
