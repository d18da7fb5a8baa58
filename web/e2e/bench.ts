import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { demoPassword } from '../../api/dev/demo-users.ts';
import { progress } from '../../indexer/bench/environment.ts';
import { ms, summarize, table, type LatencyStats } from '../../indexer/bench/measure.ts';
import { chromiumFlags, chromiumPath } from './chromium.ts';

/**
 * The browser figures of issue 7, on the built app (dist/web served by the API) in Debian's
 * Chromium. Timings are taken inside the page (performance.now, event timestamps, a
 * MutationObserver, then the next frame), so the DevTools protocol's own latency is not counted.
 */

const section = 'web';
const viewport = { width: 1280, height: 900 };
const subscriber = 'subscriber@example.com';
const landingLoads = 5;
const suggestionTrials = 30;
const suggestionWarmups = 3;
/** The spec's typing pause before the dropdown asks (web/src/search/search-bar.tsx). */
const debounceMs = 300;
const trialTimeoutMs = 15_000;

export type WebBenchContext = { appUrl: string; policyCount: number };

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named function expressions in a
 * `__name` helper; the functions handed to page.evaluate are sent as source and would not find it.
 */
const keepNamesShim = 'globalThis.__name = (target) => target;';

async function newBenchContext(browser: Browser, appUrl: string, options: { reducedMotion?: 'reduce' } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: appUrl, viewport, ...options });
  await context.addInitScript(keepNamesShim);
  return context;
}

export async function benchWeb(context: WebBenchContext): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    progress(section, `landing page: ${landingLoads} cold loads`);
    const landing = await measureLanding(browser, context.appUrl);

    const signedIn = await newBenchContext(browser, context.appUrl);
    try {
      await signIn(signedIn, context.appUrl);
      progress(section, `search bar: ${suggestionTrials} keystroke → suggestions painted trials`);
      const suggestions = await measureSuggestions(signedIn);
      progress(section, 'dashboard: filter change → results painted');
      const dashboard = await measureDashboardFilters(signedIn);
      return report(context, landing, suggestions, dashboard);
    } finally {
      await signedIn.close();
    }
  } finally {
    await browser.close();
  }
}

async function signIn(context: BrowserContext, appUrl: string): Promise<void> {
  // Through the API (the cookie lands in the browser context): the login form is not what is measured.
  const response = await context.request.post('/api/auth/login', {
    data: { username: subscriber, password: demoPassword },
    headers: { Origin: appUrl },
  });
  if (!response.ok()) throw new Error(`signing in as ${subscriber} failed: ${response.status()} ${await response.text()}`);
}

type LandingScript = { url: string; bytes: number; gzipBytes: number; servedEncoding: string | null; developmentBuild: boolean };
type LandingFigures = {
  scripts: LandingScript[];
  firstContentfulPaint: LatencyStats;
  /** Paint entries of a load with the page's default motion (see measureLanding). */
  defaultMotionPaints: Record<string, number>;
};

async function newPageWithScripts(context: BrowserContext): Promise<{ page: Page; scripts: () => Promise<LandingScript[]> }> {
  const page = await context.newPage();
  const responses: Promise<LandingScript>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const script = (async () => {
      if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}`);
      const body = await response.body();
      return {
        url: new URL(response.url()).pathname,
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        servedEncoding: (await response.allHeaders())['content-encoding'] ?? null,
        developmentBuild: body.includes('jsxDEV('),
      };
    })();
    script.catch(() => {});
    responses.push(script);
  });
  return { page, scripts: () => Promise.all(responses) };
}

/**
 * Cold loads (a fresh context each, so nothing is cached), as a visitor. Every page fades in from
 * opacity 0 (root.tsx, @starting-style), and Chromium then records no first-contentful-paint at
 * all; with prefers-reduced-motion the fade is off (motion-safe) and FCP is recorded. So the
 * FCP figures come from reduced-motion loads, and one load with the default motion tells whether
 * that is still so (and gives the network log of the JavaScript).
 */
async function measureLanding(browser: Browser, appUrl: string): Promise<LandingFigures> {
  const defaultMotion = await newBenchContext(browser, appUrl);
  let scripts: LandingScript[];
  let defaultMotionPaints: Record<string, number>;
  try {
    const { page, scripts: loaded } = await newPageWithScripts(defaultMotion);
    const response = await page.goto('/', { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`the landing page answered ${response?.status()}`);
    await page.waitForTimeout(1_000);
    defaultMotionPaints = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime])));
    scripts = await loaded();
  } finally {
    await defaultMotion.close();
  }
  if (scripts.length === 0) throw new Error('the landing page loaded no JavaScript');

  const paints: number[] = [];
  for (let load = 0; load < landingLoads; load++) {
    const context = await newBenchContext(browser, appUrl, { reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      const response = await page.goto('/', { waitUntil: 'networkidle', timeout: 60_000 });
      if (!response?.ok()) throw new Error(`the landing page answered ${response?.status()}`);
      paints.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              new PerformanceObserver((list) => {
                const entry = list.getEntries().find((candidate) => candidate.name === 'first-contentful-paint');
                if (entry) resolve(entry.startTime);
              }).observe({ type: 'paint', buffered: true });
              setTimeout(() => reject(new Error('Chromium recorded no first-contentful-paint')), 10_000);
            }),
        ),
      );
    } finally {
      await context.close();
    }
  }
  return { scripts, firstContentfulPaint: summarize(paints), defaultMotionPaints };
}

/** Words of real titles (and their longer prefixes): every one a query the dropdown has never been asked. */
async function suggestionQueries(context: BrowserContext, count: number): Promise<string[]> {
  const response = await context.request.get('/api/search?pageSize=100');
  if (!response.ok()) throw new Error(`GET /api/search answered ${response.status()}`);
  const { policies } = (await response.json()) as { policies: { title: string }[] };
  const words = [...new Set(policies.flatMap((policy) => policy.title.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 6))];
  const queries = new Set<string>();
  for (let length = 6; queries.size < count && length <= 20; length++) {
    for (const word of words) if (word.length >= length && queries.size < count) queries.add(word.slice(0, length));
  }
  if (queries.size < count) throw new Error(`only ${queries.size} distinct title words for ${count} suggestion trials`);
  return [...queries];
}

type SuggestionTrial = { total: number; afterDebounce: number; request: number };

async function measureSuggestions(context: BrowserContext): Promise<{ total: LatencyStats; afterDebounce: LatencyStats; request: LatencyStats }> {
  const queries = await suggestionQueries(context, suggestionTrials + suggestionWarmups);
  const page = await context.newPage();
  try {
    await page.goto('/search', { waitUntil: 'networkidle' });
    const box = page.getByTestId('search-bar-input');
    await box.waitFor({ timeout: 20_000 });
    const trials: SuggestionTrial[] = [];
    for (const [index, query] of queries.entries()) {
      await box.fill('');
      await page.waitForFunction(() => (document.querySelector('[data-testid="search-suggestions"]') as HTMLElement | null)?.hidden === true, undefined, { timeout: trialTimeoutMs });
      // Longer than the debounce, so the emptied box has settled before the next word.
      await page.waitForTimeout(debounceMs + 100);
      await armSuggestionTrial(page);
      await box.pressSequentially(query, { delay: 15 });
      const trial = await finishSuggestionTrial(page, query);
      if (index >= suggestionWarmups) trials.push(trial);
    }
    return {
      total: summarize(trials.map((trial) => trial.total)),
      afterDebounce: summarize(trials.map((trial) => trial.afterDebounce)),
      request: summarize(trials.map((trial) => trial.request)),
    };
  } finally {
    await page.close();
  }
}

/** Installs, in the page, the watch for the dropdown showing options: then one frame later counts as painted. */
async function armSuggestionTrial(page: Page): Promise<void> {
  await page.evaluate((timeoutMs) => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="search-bar-input"]');
    const list = document.querySelector<HTMLElement>('[data-testid="search-suggestions"]');
    if (!input || !list) throw new Error('no search bar on the page');
    performance.clearResourceTimings();
    const state = { lastKeyDown: 0 };
    const onKeyDown = (event: KeyboardEvent) => {
      state.lastKeyDown = event.timeStamp;
    };
    input.addEventListener('keydown', onKeyDown, { capture: true });
    (window as unknown as { benchTrial: Promise<{ lastKeyDown: number; painted: number }> }).benchTrial = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error('the suggestions did not appear'));
      }, timeoutMs);
      const observer = new MutationObserver(() => {
        if (list.hidden || !list.querySelector('[role="option"]')) return;
        observer.disconnect();
        clearTimeout(timer);
        input.removeEventListener('keydown', onKeyDown, { capture: true });
        requestAnimationFrame(() => setTimeout(() => resolve({ lastKeyDown: state.lastKeyDown, painted: performance.now() }), 0));
      });
      observer.observe(list, { attributes: true, childList: true, subtree: true });
    });
  }, trialTimeoutMs);
}

async function finishSuggestionTrial(page: Page, query: string): Promise<SuggestionTrial> {
  return page.evaluate(async (q) => {
    const { lastKeyDown, painted } = await (window as unknown as { benchTrial: Promise<{ lastKeyDown: number; painted: number }> }).benchTrial;
    const requests = performance
      .getEntriesByType('resource')
      .filter((entry) => {
        const url = new URL(entry.name);
        return url.pathname === '/api/search/suggest' && url.searchParams.get('q') === q;
      }) as PerformanceResourceTiming[];
    const request = requests.at(-1);
    if (!request) throw new Error(`no request for the suggestions of "${q}"`);
    return { total: painted - lastKeyDown, afterDebounce: painted - request.startTime, request: request.responseEnd - request.startTime };
  }, query);
}

type FilterTrial = { total: number; request: number | null };

/**
 * Toggles department filters one at a time from the Departments menu; each step leads to a
 * combination (with the sort order) not asked before, so no answer comes from the 15-second cache.
 */
async function measureDashboardFilters(context: BrowserContext): Promise<{ total: LatencyStats; request: LatencyStats; trials: number }> {
  const page = await context.newPage();
  try {
    await page.goto('/dashboard', { waitUntil: 'networkidle' });
    await page.getByTestId('dashboard-results').waitFor({ timeout: 30_000 });
    const trials: FilterTrial[] = [];
    for (const sortOrder of ['latest', 'oldest'] as const) {
      if (sortOrder === 'oldest') {
        await page.keyboard.press('Escape');
        await page.getByLabel('Sort').selectOption('oldest');
        await page.waitForTimeout(1_000);
      }
      await page.getByRole('button', { name: /^Departments/ }).click();
      const group = page.getByRole('group', { name: 'Departments' });
      await group.getByRole('checkbox').first().waitFor({ timeout: trialTimeoutMs });
      const codes = await group.getByRole('checkbox').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      const visited = new Set<string>();
      let selected = new Set(await group.getByRole('checkbox').evaluateAll((inputs) => inputs.filter((input) => (input as HTMLInputElement).checked).map((input) => (input as HTMLInputElement).value)));
      visited.add([...selected].sort().join(','));
      for (const phase of ['on', 'off'] as const) {
        for (const code of codes) {
          const next = new Set(selected);
          if (phase === 'on') next.add(code);
          else next.delete(code);
          const key = [...next].sort().join(',');
          if (visited.has(key) || next.size === 0 || next.size === selected.size) continue;
          visited.add(key);
          trials.push(await filterTrial(page, code));
          selected = next;
        }
      }
    }
    // The first two warm the code paths (lazy chunks, first facet renders).
    const measured = trials.slice(2);
    const requests = measured.flatMap((trial) => (trial.request === null ? [] : [trial.request]));
    return { total: summarize(measured.map((trial) => trial.total)), request: summarize(requests), trials: measured.length };
  } finally {
    await page.close();
  }
}

/** One click on a department's checkbox, made in the page, timed until the results list changed and the next frame came. */
async function filterTrial(page: Page, code: string): Promise<FilterTrial> {
  return page.evaluate(
    ({ departmentCode, timeoutMs }) =>
      new Promise<FilterTrial>((resolve, reject) => {
        const results = document.querySelector('section[aria-label="Policies"]');
        const checkbox = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) => input.value === departmentCode);
        if (!results || !checkbox) return reject(new Error(`no results section or no ${departmentCode} checkbox`));
        performance.clearResourceTimings();
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`the results did not change after toggling ${departmentCode}`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() =>
            setTimeout(() => {
              const painted = performance.now();
              const request = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => new URL(entry.name).pathname === '/api/search').at(-1);
              resolve({ total: painted - started, request: request ? request.responseEnd - request.startTime : null });
            }, 0),
          );
        });
        observer.observe(results, { childList: true, subtree: true, characterData: true });
        const started = performance.now();
        checkbox.click();
      }),
    { departmentCode: code, timeoutMs: trialTimeoutMs },
  );
}

function report(
  context: WebBenchContext,
  landing: LandingFigures,
  suggestions: Awaited<ReturnType<typeof measureSuggestions>>,
  dashboard: Awaited<ReturnType<typeof measureDashboardFilters>>,
): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const gzipTotal = landing.scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const rawTotal = landing.scripts.reduce((sum, script) => sum + script.bytes, 0);
  const encodings = [...new Set(landing.scripts.map((script) => script.servedEncoding ?? 'none'))].join(', ');
  const row = (label: string, stats: LatencyStats, target: string) => [label, stats.count, ms(stats.p50), ms(stats.p95), ms(stats.max), target];
  return [
    `## Web (issue 7): ${context.policyCount.toLocaleString('en')} policies, Chromium headless, signed in as ${subscriber}`,
    '',
    table(
      ['Measure', 'Samples', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'Target'],
      [
        row('Search bar: last keystroke → suggestions painted (includes the 300 ms debounce)', suggestions.total, '-'),
        row('Search bar: suggestion request start → suggestions painted (after the debounce)', suggestions.afterDebounce, 'p95 < 100 ms (judged on this row)'),
        row('  of which the request (GET /api/search/suggest)', suggestions.request, '-'),
        row('Dashboard: department filter click → results painted', dashboard.total, 'p95 < 150 ms'),
        row('  of which the request (GET /api/search)', dashboard.request, '-'),
        row(`Landing page first contentful paint (${landingLoads} cold loads, prefers-reduced-motion)`, landing.firstContentfulPaint, '-'),
      ],
    ),
    '',
    `Landing page paint entries with the default motion: ${Object.entries(landing.defaultMotionPaints).map(([name, time]) => `${name} ${ms(time)} ms`).join(', ') || 'none'}` +
      (landing.defaultMotionPaints['first-contentful-paint'] === undefined
        ? '. **No first-contentful-paint**: the page fades in from opacity 0 (root.tsx, `starting:opacity-0`), and Chromium then records neither FCP nor LCP, so real-user monitoring would get none; the FCP row above is measured with prefers-reduced-motion, which turns the 150 ms fade off.'
        : '.'),
    '',
    ...(landing.scripts.some((script) => script.developmentBuild)
      ? ['**The served bundle is a React development build (jsxDEV found): dist/web was rebuilt by something else during the run; these figures are not valid.**', '']
      : []),
    `Landing page JavaScript: ${landing.scripts.length} files, ${kib(gzipTotal)} gzipped (gzip -9 of each file the page loaded, from the network log), ${kib(rawTotal)} uncompressed; served with Content-Encoding: ${encodings}. Target < 200 KB gzipped.`,
    '',
    table(
      ['Script', 'Bytes', 'gzip'],
      [...landing.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).map((script) => [script.url, kib(script.bytes), kib(script.gzipBytes)]),
    ),
    '',
    `"Painted" is the first animation frame after the DOM change (MutationObserver, then requestAnimationFrame and a task). The keystroke time is the last keydown's event timestamp; the spec's ${debounceMs} ms typing pause sits between it and the request, so the < 100 ms target is judged on request start → painted. ` +
      'Each suggestion trial types a title word never asked before (React Query would answer a repeated one from its cache); each dashboard trial toggles one department so the filter combination is new, in both sort orders; the first two dashboard trials and the first three suggestion trials are warm-up.',
  ].join('\n');
}
