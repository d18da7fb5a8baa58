import Sqlite from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { pendingStories } from '../../db/schema/index.ts';
import { loadLabelledSet } from '../../api/processing/documents/labelled-set.ts';
import { createStory } from '../../api/stories/testing.ts';
import { checkPage, expectToast, signIn } from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';

/**
 * The Database File Upload card's import (issue 30): the analysis says which of the file's columns
 * it uses, and "Process Imported Stories" processes the import's stories and no other pending one.
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Wombat${Date.now().toString(36)}`;
const documents = loadLabelledSet();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await database.close();
});

describe('Process Imported Stories', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`processes exactly the imported stories, and the analysis names the columns it uses (${viewport})`, async () => {
      // A story already waiting, from elsewhere: it must stay pending.
      const waiting = documents.find((document) => document.file === 'govcn-14.txt')!.story;
      const other = await createStory(database.db, { title: waiting.title, url: `${waiting.url}?waiting=${marker}-${viewport}`, chineseText: waiting.chineseText });

      const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-import-'));
      const file = path.join(dir, `scraped-${viewport}.sqlite`);
      const sqlite = new Sqlite(file);
      sqlite.exec('create table stories (id integer primary key, title text, url text, content text, date text, department text, crawler text)');
      const insert = sqlite.prepare('insert into stories (title, url, content, date, department, crawler) values (?, ?, ?, ?, ?, ?)');
      for (const [index, name] of ['lawrefbook-09.txt', 'lawrefbook-10.txt'].entries()) {
        const story = documents.find((document) => document.file === name)!.story;
        insert.run(story.title, `${story.url}?import=${marker}-${viewport}-${index}`, story.chineseText, index ? '2021-03-08' : '2019-06-20', index ? 'MFA' : 'SAFE', 'spider');
      }
      sqlite.close();

      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signIn(page, 'admin@example.com');
      await page.goto('/admin?tab=tools');
      await page.getByLabel('Database file', { exact: true }).setInputFiles(file);
      await page.getByRole('button', { name: 'Analyze' }).click();
      await page.getByTestId('analysis-columns').filter({ hasText: 'Uses columns: title, url, content, date, department · Ignores: id, crawler' }).waitFor();
      await checkPage(page, `admin-import-analysed-${viewport}`);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'Import Complete', '2 imported, 0 duplicates skipped');
      await page.getByRole('button', { name: 'Process Imported Stories' }).click();
      await expectToast(page, 'Processing stories', 'Processing 2 stories');

      const imported = like(pendingStories.url, `%?import=${marker}-${viewport}-%`);
      await expect.poll(async () => (await database.db.select({ status: pendingStories.status }).from(pendingStories).where(imported)).map((story) => story.status), { timeout: 30_000 }).toEqual(['processed', 'processed']);
      expect((await database.db.select().from(pendingStories).where(eq(pendingStories.id, other.id)))[0]!.status).toBe('pending');

      // The card's history tells what this upload did, and who ran it.
      await page.getByTestId('import-history').locator('summary').click();
      // The newest import is this one (other journeys upload files of the same name).
      const entry = page.getByTestId('import-history-entry').first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain(`scraped-${viewport}.sqlite`);
      expect(await entry.textContent()).toContain('Imported 2 stories of 2; 0 duplicates skipped');
      expect(await entry.textContent()).toContain('by Demo Admin');
      await checkPage(page, `admin-import-history-${viewport}`);
      await rm(dir, { recursive: true, force: true });
      await context.close();
    });
  }
});
