import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumFlags, chromiumPath } from './chromium.ts';


export const screenshotDir = fileURLToPath(new URL('./screenshots', import.meta.url));
export const viewports = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } } as const;

export function baseUrl(): string {
  return inject('baseUrl');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

export async function newContext(browser: Browser, viewport: keyof typeof viewports = 'desktop', options: BrowserContextOptions = {}): Promise<BrowserContext> {
  // A British reader unless a journey says otherwise: dates are typed and shown day first (the spec's dd/MM/yyyy).
  return browser.newContext({ locale: 'en-GB', ...options, baseURL: baseUrl(), viewport: viewports[viewport] });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

let axeSource: string | undefined;

/** Runs axe-core in the page; answers the serious and critical violations (none is the goal). */
export async function seriousAccessibilityViolations(page: Page) {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol rather than added as a <script>: the app's
  // Content-Security-Policy (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }));
}
