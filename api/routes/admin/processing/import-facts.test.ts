import Database from 'better-sqlite3';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingStories, policies } from '../../../../db/schema/index.ts';
import { eventually, indexAll } from '../../../../indexer/testing.ts';
import { startJobQueue, type JobQueue } from '../../../jobs/queue.ts';
import { loadStoryJobSettings } from '../../../processing/config.ts';
import { loadLabelledSet } from '../../../processing/documents/labelled-set.ts';
import { createRulesAnalyser } from '../../../processing/rules/index.ts';
import { signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { runWorker } from '../../../worker/run.ts';

const documents = loadLabelledSet();
const document = (file: string) => documents.find((entry) => entry.file === file)!.story;
let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let dir: string;
let queue: JobQueue;
let worker: { stop: () => Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookies } = await signInEveryRole(ctx));
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-facts-'));
  const settings = loadStoryJobSettings({ JOB_POLL_SECONDS: '0.5', STORY_RETRY_DELAY_SECONDS: '0' });
  queue = await startJobQueue(ctx.databaseUrl, settings, { maintain: true });
  worker = await runWorker({ db: ctx.db, queue, analyser: createRulesAnalyser({ now: () => new Date() }), settings, log: () => {} });
});
afterAll(async () => {
  await worker.stop();
  await queue.stop();
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

type Row = { file: string; date: string | null; department: string | null };

/** A scraper's SQLite file: real documents, with the date and department columns such files have, and one more column. */
async function storiesFile(marker: string, rows: Row[]) {
  const file = path.join(dir, `${marker}.db`);
  const db = new Database(file);
  db.exec('create table stories (id integer primary key, title text, url text, content text, date text, department text, crawler text)');
  const insert = db.prepare('insert into stories (title, url, content, date, department, crawler) values (?, ?, ?, ?, ?, ?)');
  for (const row of rows) {
    const story = document(row.file);
    insert.run(story.title, `${story.url}?${marker}`, story.chineseText, row.date, row.department, 'spider-7');
  }
  db.close();
  return { name: `${marker}.db`, bytes: await readFile(file) };
}

function upload(call: 'analyze-db-file' | 'import-db-file', file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('dbFile', new Blob([new Uint8Array(file.bytes)]), file.name);
  return ctx.app.request(`/api/admin/${call}`, { method: 'POST', body: form, headers: { Origin: ctx.config.APP_URL, Cookie: cookies.admin! } });
}

async function importAndProcess(file: { name: string; bytes: Buffer }, marker: string) {
  const imported = (await (await upload('import-db-file', file)).json()) as { jobId: number };
  await ctx.request('/api/admin/process-stories', { json: { importJobId: imported.jobId }, cookie: cookies.admin });
  return eventually(
    async () => {
      const stories = await ctx.db.select().from(pendingStories).where(like(pendingStories.url, `%?${marker}`)).orderBy(pendingStories.id);
      return stories.every((story) => story.status === 'processed') ? stories : undefined;
    },
    { what: 'the imported stories processed' },
  );
}

const policyOf = async (policyId: number | null) => (await ctx.db.select().from(policies).where(eq(policies.id, policyId!)))[0]!;

describe("an import uses the file's own date and department", () => {
  it('says which columns it uses and which it ignores, and notes a department it does not know', async () => {
    const file = await storiesFile('analysed', [
      { file: 'lawrefbook-09.txt', date: '2019-06-20', department: '国家外汇管理局' },
      { file: 'lawrefbook-10.txt', date: '2021-03-08', department: 'Ministry of Magic' },
    ]);
    const response = await upload('analyze-db-file', file);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      usedColumns: ['title', 'url', 'content', 'date', 'department'],
      ignoredColumns: ['id', 'crawler'],
      notes: ['row 2: department "Ministry of Magic" is no known department; ignored'],
    });
  });

  it('a 2019 SAFE notice and a 2021 MFA statement keep their dates and issuers; a story without a date is dated unknown and kept off the ticker', async () => {
    const stories = await importAndProcess(
      await storiesFile('safe-mfa', [
        { file: 'lawrefbook-09.txt', date: '2019-06-20', department: 'SAFE' },
        { file: 'lawrefbook-10.txt', date: '2021年3月8日', department: 'MFA' },
        { file: 'lawrefbook-07.txt', date: null, department: null },
      ]),
      'safe-mfa',
    );
    const [safe, mfa, undated] = await Promise.all(stories.map((story) => policyOf(story.policyId)));
    expect(safe).toMatchObject({ publishedOn: '2019-06-20', departmentId: 5, dateKnown: true });
    expect(safe!.description).toContain('State Administration of Foreign Exchange');
    expect(mfa).toMatchObject({ publishedOn: '2021-03-08', departmentId: 11, dateKnown: true });
    // Nothing dated it: it keeps the date it was received, said to be unknown.
    expect(undated).toMatchObject({ dateKnown: false, publishedOn: stories[2]!.createdAt.toISOString().slice(0, 10) });

    const ticker = (await (await ctx.request('/api/policies/paginated?page=1&pageSize=20&sortOrder=latest')).json()) as { policies: { id: number }[] };
    const shown = ticker.policies.map((policy) => policy.id);
    expect(shown).toEqual(expect.arrayContaining([safe!.id, mfa!.id]));
    expect(shown).not.toContain(undated!.id);

    // The lists say so where the date is shown: the search's card carries the flag.
    await indexAll(ctx);
    const search = (await (await ctx.request(`/api/search?q=${encodeURIComponent(undated!.title)}`, { cookie: cookies.admin })).json()) as {
      policies: { id: number; time: string; dateKnown?: boolean }[];
    };
    expect(search.policies.find((card) => card.id === undated!.id)).toMatchObject({ dateKnown: false, time: undated!.publishedOn });
    expect(search.policies.find((card) => card.id === safe!.id)?.dateKnown).toBeUndefined();

    // An admin who sets the document's date clears the flag; the card follows.
    const save = await ctx.request(`/api/admin/policies/${undated!.id}`, { method: 'PATCH', json: { id: undated!.id, time: '2020-05-14' }, cookie: cookies.admin });
    expect(save.status).toBe(200);
    expect(await policyOf(undated!.id)).toMatchObject({ dateKnown: true, publishedOn: '2020-05-14' });
    await indexAll(ctx);
    const after = (await (await ctx.request(`/api/search?q=${encodeURIComponent(undated!.title)}`, { cookie: cookies.admin })).json()) as {
      policies: { id: number; time: string; dateKnown?: boolean }[];
    };
    const card = after.policies.find((entry) => entry.id === undated!.id);
    expect(card).toMatchObject({ time: '2020-05-14' });
    expect(card?.dateKnown).toBeUndefined();
  });
});

describe('an unidentified issuer is not filed under the State Council', () => {
  it('is flagged in Policy Management warnings, shown as unidentified, and not counted as SC', async () => {
    const file = path.join(dir, 'unidentified.db');
    const db = new Database(file);
    db.exec('create table stories (id integer primary key, title text, url text, content text)');
    db.prepare('insert into stories (title, url, content) values (?, ?, ?)').run('关于做好年度统计工作的说明', 'https://www.gov.cn/unidentified-issuer?unidentified', '各有关单位：\n请按时报送年度数据，确保数据真实准确。');
    db.close();
    const [story] = await importAndProcess({ name: 'unidentified.db', bytes: await readFile(file) }, 'unidentified');
    const policy = await policyOf(story!.policyId);
    expect(policy.issuerIdentified).toBe(false);

    const rows = (await (await ctx.request('/api/admin/policies?warningsOnly=true&pageSize=100', { cookie: cookies.admin })).json()) as { id: number; issuerIdentified: boolean }[];
    expect(rows.find((row) => row.id === policy.id)).toMatchObject({ issuerIdentified: false });

    const detail = (await (await ctx.request(`/api/policies/${policy.id}`, { cookie: cookies.admin })).json()) as { issuerIdentified: boolean };
    expect(detail.issuerIdentified).toBe(false);

    await indexAll(ctx);
    const search = (await (await ctx.request(`/api/search?q=${encodeURIComponent('年度统计工作')}`, { cookie: cookies.admin })).json()) as {
      policies: { id: number; issuerIdentified?: boolean }[];
      facets: { departments: Record<string, number> };
    };
    expect(search.policies.find((card) => card.id === policy.id)).toMatchObject({ issuerIdentified: false });
    expect(search.facets.departments.SC ?? 0).toBe(0);

    // Saving another field leaves it unidentified; naming the department identifies it.
    const editor = (await (await ctx.request(`/api/admin/policies/${policy.id}`, { cookie: cookies.admin })).json()) as { issuerIdentified: boolean };
    expect(editor.issuerIdentified).toBe(false);
    await ctx.request(`/api/admin/policies/${policy.id}`, { method: 'PATCH', json: { id: policy.id, title: 'Explanation on annual statistics work' }, cookie: cookies.admin });
    expect((await policyOf(policy.id)).issuerIdentified).toBe(false);
    const named = await ctx.request(`/api/admin/policies/${policy.id}`, { method: 'PATCH', json: { id: policy.id, departmentId: 3 }, cookie: cookies.admin });
    expect(named.status).toBe(200);
    expect(await policyOf(policy.id)).toMatchObject({ issuerIdentified: true, departmentId: 3 });
    // Still in the warnings for its pending translation, no longer for its issuer.
    const warnings = (await (await ctx.request('/api/admin/policies?warningsOnly=true&pageSize=100', { cookie: cookies.admin })).json()) as { id: number; issuerIdentified?: false }[];
    const row = warnings.find((entry) => entry.id === policy.id);
    expect(row).toBeDefined();
    expect(row!.issuerIdentified).toBeUndefined();
  });
});
