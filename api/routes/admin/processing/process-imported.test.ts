import Database from 'better-sqlite3';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingStories } from '../../../../db/schema/index.ts';
import { loadLabelledSet } from '../../../processing/documents/labelled-set.ts';
import { signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';

const documents = loadLabelledSet();
let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let dir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookies } = await signInEveryRole(ctx));
  dir = await mkdtemp(path.join(os.tmpdir(), 'process-imported-'));
});
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

/** A real SQLite stories file of real documents, `marker` in each URL. */
async function storiesFile(name: string, marker: string, from: number, count: number) {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.exec('create table stories (id integer primary key, title text, url text, content text)');
  const insert = db.prepare('insert into stories (title, url, content) values (?, ?, ?)');
  for (let index = from; index < from + count; index++) {
    const story = documents[index % documents.length]!.story;
    insert.run(story.title, `https://www.gov.cn/${marker}/${index}`, story.chineseText);
  }
  db.close();
  return { name, bytes: await readFile(file) };
}

async function importFile(file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('dbFile', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await ctx.app.request('/api/admin/import-db-file', { method: 'POST', body: form, headers: { Origin: ctx.config.APP_URL, Cookie: cookies.admin! } });
  expect(response.status).toBe(200);
  return (await response.json()) as { jobId: number; imported: number };
}

const statuses = async (marker: string) =>
  (await ctx.db.select({ status: pendingStories.status }).from(pendingStories).where(like(pendingStories.url, `%/${marker}/%`))).map((story) => story.status);

describe('Process Imported Stories', () => {
  it("processes exactly the stories the import brought in: an earlier import's stay pending", async () => {
    const first = await importFile(await storiesFile('first.db', 'first-import', 0, 3));
    const second = await importFile(await storiesFile('second.db', 'second-import', 3, 2));
    expect([first.imported, second.imported]).toEqual([3, 2]);

    const response = await ctx.request('/api/admin/process-stories', { json: { importJobId: second.jobId }, cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ queued: 2, message: 'Processing 2 stories' });
    expect(await statuses('second-import')).toEqual(['processing', 'processing']);
    expect(await statuses('first-import')).toEqual(['pending', 'pending', 'pending']);

    // Asked again, the import has nothing left to process: nothing else is taken either.
    const again = await ctx.request('/api/admin/process-stories', { json: { importJobId: second.jobId }, cookie: cookies.admin });
    expect(await again.json()).toMatchObject({ queued: 0, message: 'No stories to process' });
    expect(await statuses('first-import')).toEqual(['pending', 'pending', 'pending']);
  });

  it('answers 404 for an import that does not exist, and 400 for both storyIds and importJobId', async () => {
    const missing = await ctx.request('/api/admin/process-stories', { json: { importJobId: 999999 }, cookie: cookies.admin });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: 'Import not found' } });
    const both = await ctx.request('/api/admin/process-stories', { json: { importJobId: 1, storyIds: [1] }, cookie: cookies.admin });
    expect(both.status).toBe(400);
  });
});
