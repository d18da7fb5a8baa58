import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { demoPassword } from '../../api/dev/demo-users.ts';
import { progress } from '../../indexer/bench/environment.ts';
import { ms, summarize, table, type LatencyStats } from '../../indexer/bench/measure.ts';
import { chromiumFlags, chromiumPath } from './chromium.ts';

/**
 * First contentful and largest contentful paint of the three pages a reader opens first (issue 46,
 * item 12): the landing page as a visitor, the dashboard and a policy as the demo subscriber, on
 * the built app (dist/web served by the API) in Debian's Chromium. Cold: a new browser context per
 * load (nothing cached; the session cookie only). Warm: one context, the page loaded once, then
 * loaded again (the browser's cache holds the hashed files; the app's memory does not survive a
 * load). Paint times are Chromium's own entries, read once the page's content is on screen. The
 * JavaScript and CSS a cold load fetched, from the network log, gzipped (-9) file by file.
 */

const section = 'web';
const viewport = { width: 1280, height: 900 };
const subscriber = 'subscriber@example.com';
const loads = 5;

export type PaintBenchContext = { appUrl: string; policyCount: number };

/** esbuild's keepNames wraps functions handed to page.evaluate in a `__name` the page lacks (web/e2e/bench.ts). */
const keepNamesShim = 'globalThis.__name = (target) => target;';

type PageUnderTest = { name: string; path: string; signedIn: boolean; content: string };
type Paint = { fcp: number; lcp: number };
type Asset = { url: string; kind: 'script' | 'stylesheet'; gzipBytes: number };
type PageFigures = { page: PageUnderTest; cold: Paint[]; warm: Paint[]; assets: Asset[] };

export async function benchPaint(context: PaintBenchContext): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const session = await signedInState(browser, context.appUrl);
    const policyPath = await aPolicyPath(browser, context.appUrl, session);
    const pages: PageUnderTest[] = [
      { name: 'Landing', path: '/', signedIn: false, content: 'h1' },
      { name: 'Dashboard', path: '/dashboard', signedIn: true, content: '[data-testid="policy-card"]' },
      { name: 'Policy', path: policyPath, signedIn: true, content: 'main h1' },
    ];
    const figures: PageFigures[] = [];
    for (const page of pages) {
      progress(section, `${page.name} (${page.path}): ${loads} cold and ${loads} warm loads`);
      figures.push(await measurePage(browser, context.appUrl, page, page.signedIn ? session : undefined));
    }
    return report(context, figures);
  } finally {
    await browser.close();
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function newContext(browser: Browser, appUrl: string, storageState?: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: appUrl, viewport, storageState });
  await context.addInitScript(keepNamesShim);
  return context;
}

/** The demo subscriber's session cookie, signed in through the API: the login form is not what is measured. */
async function signedInState(browser: Browser, appUrl: string): Promise<StorageState> {
  const context = await newContext(browser, appUrl);
  try {
    const response = await context.request.post('/api/auth/login', { data: { username: subscriber, password: demoPassword }, headers: { Origin: appUrl } });
    if (!response.ok()) throw new Error(`signing in as ${subscriber} failed: ${response.status()} ${await response.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The newest policy's page, as a reader opens it from the dashboard. */
async function aPolicyPath(browser: Browser, appUrl: string, session: StorageState): Promise<string> {
  const context = await newContext(browser, appUrl, session);
  try {
    const response = await context.request.get('/api/search?pageSize=1');
    if (!response.ok()) throw new Error(`GET /api/search answered ${response.status()}`);
    const { policies } = (await response.json()) as { policies: { id: number }[] };
    if (!policies[0]) throw new Error('no policy to open');
    return `/policy/${policies[0].id}`;
  } finally {
    await context.close();
  }
}

async function measurePage(browser: Browser, appUrl: string, page: PageUnderTest, session?: StorageState): Promise<PageFigures> {
  const cold: Paint[] = [];
  let assets: Asset[] = [];
  for (let load = 0; load < loads; load++) {
    const context = await newContext(browser, appUrl, session);
    try {
      const tab = await context.newPage();
      const fetched: Promise<Asset | null>[] = [];
      if (load === 0) {
        tab.on('response', (response) => {
          const kind = response.request().resourceType();
          if (kind !== 'script' && kind !== 'stylesheet') return;
          const asset = response.body().then((body) => ({ url: new URL(response.url()).pathname, kind, gzipBytes: gzipSync(body, { level: 9 }).length }) as Asset, () => null);
          fetched.push(asset);
        });
      }
      cold.push(await loadOnce(tab, page));
      if (load === 0) assets = (await Promise.all(fetched)).filter((asset): asset is Asset => asset !== null);
    } finally {
      await context.close();
    }
  }
  const warm: Paint[] = [];
  const context = await newContext(browser, appUrl, session);
  try {
    const tab = await context.newPage();
    await loadOnce(tab, page);
    for (let load = 0; load < loads; load++) warm.push(await loadOnce(tab, page));
  } finally {
    await context.close();
  }
  return { page, cold, warm, assets };
}

/** One navigation to the page: Chromium's FCP and its last LCP candidate once the page's content has been painted. */
async function loadOnce(tab: Awaited<ReturnType<BrowserContext['newPage']>>, page: PageUnderTest): Promise<Paint> {
  const response = await tab.goto(page.path, { waitUntil: 'load', timeout: 60_000 });
  if (!response?.ok()) throw new Error(`${page.path} answered ${response?.status()}`);
  await tab.locator(page.content).first().waitFor({ timeout: 60_000 });
  if (new URL(tab.url()).pathname !== page.path) throw new Error(`${page.path} led to ${tab.url()} (signed out?)`);
  return tab.evaluate(
    () =>
      new Promise<Paint>((resolve, reject) => {
        // LCP entries reach a page only through an observer (buffered: those recorded before it too).
        let lcp: number | undefined;
        const observer = new PerformanceObserver((list) => {
          lcp = list.getEntries().at(-1)?.startTime ?? lcp;
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        // Two frames after the content is in the DOM: its paint, and the entries Chromium records for it.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              lcp = observer.takeRecords().at(-1)?.startTime ?? lcp;
              observer.disconnect();
              const fcp = performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime;
              if (fcp === undefined || lcp === undefined) return reject(new Error(`Chromium recorded no ${fcp === undefined ? 'first' : 'largest'}-contentful-paint`));
              resolve({ fcp, lcp });
            }, 100),
          ),
        );
      }),
  );
}

function report(context: PaintBenchContext, figures: PageFigures[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (label: string, stats: LatencyStats) => [label, stats.count, ms(stats.p50), ms(stats.p95), ms(stats.max)];
  const paintRows = figures.flatMap(({ page, cold, warm }) => [
    row(`${page.name}: FCP, cold`, summarize(cold.map((paint) => paint.fcp))),
    row(`${page.name}: LCP, cold`, summarize(cold.map((paint) => paint.lcp))),
    row(`${page.name}: FCP, warm`, summarize(warm.map((paint) => paint.fcp))),
    row(`${page.name}: LCP, warm`, summarize(warm.map((paint) => paint.lcp))),
  ]);
  const total = (assets: Asset[], kind: Asset['kind']) => assets.filter((asset) => asset.kind === kind).reduce((sum, asset) => sum + asset.gzipBytes, 0);
  const bundleRows = figures.map(({ page, assets }) => [
    page.name,
    assets.filter((asset) => asset.kind === 'script').length,
    kb(total(assets, 'script')),
    kb(total(assets, 'stylesheet')),
    [...assets]
      .filter((asset) => asset.kind === 'script')
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 4)
      .map((asset) => `${asset.url.replace(/^\/assets\//, '')} ${kb(asset.gzipBytes)}`)
      .join(', '),
  ]);
  return [
    `## Paint and bundles per page (issue 46 item 12): ${context.policyCount.toLocaleString('en')} policies, Chromium headless, ${viewport.width}x${viewport.height}`,
    '',
    table(['Measure (ms from navigation start)', 'Loads', 'p50', 'p95', 'max'], paintRows),
    '',
    table(['First page', 'Scripts', 'JavaScript (gzip)', 'CSS (gzip)', 'Largest scripts (gzip)'], bundleRows),
    '',
    `Cold: a new browser context per load; warm: the same context loading the page again. Landing as a visitor, the dashboard and a policy (${figures[2]?.page.path}) as ${subscriber}. LCP is Chromium's last candidate once the page's content is on screen. Target: LCP < 1 s.`,
  ].join('\n');
}
