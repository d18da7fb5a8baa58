import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs, pendingStories, policies, policyArrivals } from '../../../../db/schema/index.ts';
import { loadLabelledSet } from '../../../processing/documents/labelled-set.ts';
import { createStory } from '../../../stories/testing.ts';
import { adminRoleMatrix, signInEveryRole, type Caller } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { eventually, indexAll } from '../../../../indexer/testing.ts';
import { runImport } from '../../../imports/import.ts';
import { openStoryFile, readLimitsOf } from '../../../imports/story-file.ts';
import { uploadDirectory } from '../../../imports/upload.ts';

const documents = loadLabelledSet();
let ctx: TestContext;
let cookies: Partial<Record<Caller, string>>;
let dir: string;
/** What the upload directory held before (another run's): only what this file's calls leave counts. */
let before: string[];

beforeAll(async () => {
  before = await readdir(uploadDirectory).catch(() => []);
  ctx = await createTestContext();
  ({ cookies } = await signInEveryRole(ctx));
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-test-'));
});
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
/** A real SQLite file, built as a scraper's or an old system's database would be. */
async function sqliteFile(build: (db: Database.Database) => void, name = 'stories.db'): Promise<{ name: string; bytes: Buffer }> {
  const file = path.join(dir, `${++files}-${name}`);
  const db = new Database(file);
  build(db);
  db.close();
  return { name, bytes: await readFile(file) };
}

/** A stories table of real documents, `marker` in each URL so tests don't see each other's rows. */
function storiesTable(db: Database.Database, rows: { title: string | null; url: string | null; content: string }[]) {
  db.exec('create table stories (id integer primary key, title text, url text, content text, date text)');
  const insert = db.prepare('insert into stories (title, url, content, date) values (?, ?, ?, ?)');
  // One transaction: a commit (and its fsync) a row made a 5,000-row file take over 30 s on a busy disk.
  db.transaction(() => {
    for (const row of rows) insert.run(row.title, row.url, row.content, '2026-11-20');
  })();
}

function formOf(file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('dbFile', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

function upload(call: 'analyze-db-file' | 'import-db-file', file: { name: string; bytes: Buffer }, cookie: string | undefined = cookies.admin) {
  return ctx.app.request(`/api/admin/${call}`, { method: 'POST', body: formOf(file), headers: { Origin: ctx.config.APP_URL, ...(cookie ? { Cookie: cookie } : {}) } });
}

const doc = (index: number) => documents[index % documents.length]!.story;

describe('role matrix', () => {
  for (const call of ['analyze-db-file', 'import-db-file'] as const) {
    it.each(adminRoleMatrix)(`POST /api/admin/${call} as %s answers %i`, async (who, status) => {
      const marker = `role-${call}-${who}`;
      const file = await sqliteFile((db) => storiesTable(db, [{ title: doc(0).title, url: `https://www.gov.cn/${marker}`, content: doc(0).chineseText }]));
      // Anonymous: no cookie at all.
      const response = await (who === 'anonymous' ? ctx.app.request(`/api/admin/${call}`, { method: 'POST', body: formOf(file), headers: { Origin: ctx.config.APP_URL } }) : upload(call, file, cookies[who]));
      expect(response.status).toBe(status);
      const imported = await ctx.db.$count(pendingStories, like(pendingStories.url, `%${marker}%`));
      expect(imported).toBe(call === 'import-db-file' && status === 200 ? 1 : 0);
    });
  }
});

describe('the import history', () => {
  it.each(adminRoleMatrix)('GET /api/admin/import-jobs as %s answers %i', async (who, status) => {
    const response = await ctx.request('/api/admin/import-jobs', { cookie: who === 'anonymous' ? undefined : cookies[who] });
    expect(response.status).toBe(status);
  });

  it('lists each import newest first: the file, who, when, and its counts and refused rows', async () => {
    const marker = `history-${Date.now()}`;
    const file = await sqliteFile(
      (db) =>
        storiesTable(db, [
          { title: doc(7).title, url: `https://www.gov.cn/${marker}/one`, content: doc(7).chineseText },
          { title: doc(7).title, url: `https://www.gov.cn/${marker}/one`, content: doc(7).chineseText },
          { title: null, url: `https://www.gov.cn/${marker}/untitled`, content: doc(8).chineseText },
        ]),
      `${marker}.db`,
    );
    const imported = (await (await upload('import-db-file', file)).json()) as { jobId: number };
    const answer = (await (await ctx.request('/api/admin/import-jobs', { cookie: cookies.super_admin })).json()) as { imports: Record<string, unknown>[] };
    expect(answer.imports[0]).toMatchObject({
      jobId: imported.jobId,
      filename: `${marker}.db`,
      createdBy: { name: 'The admin' },
      status: 'succeeded',
      total: 3,
      imported: 1,
      duplicates: 1,
      errorCount: 1,
      errors: ['row 3: no title'],
      message: 'Imported 1 story of 3; 1 duplicate skipped; 1 row refused',
    });
    expect(Date.parse(answer.imports[0]!.createdAt as string)).not.toBeNaN();
  });
});

describe('a stories file', () => {
  it('is analysed without writing, then imported once: duplicates within the file and against the database skipped, bad rows listed', async () => {
    const base = 'https://www.gov.cn/zhengce/import-test';
    await createStory(ctx.db, { title: 'Already here', url: `${base}/known`, chineseText: '已有' });
    const file = await sqliteFile((db) =>
      storiesTable(db, [
        { title: doc(1).title, url: `${base}/one`, content: doc(1).chineseText },
        // The same address, written differently: a fragment and a trailing slash.
        { title: doc(1).title, url: `${base}/one/#top`, content: doc(1).chineseText },
        { title: doc(2).title, url: `${base}/known`, content: doc(2).chineseText },
        // No address: known by title and text.
        { title: doc(3).title, url: null, content: doc(3).chineseText },
        { title: doc(3).title, url: null, content: doc(3).chineseText },
        { title: null, url: `${base}/untitled`, content: doc(4).chineseText },
        { title: doc(5).title, url: `${base}/huge`, content: '长'.repeat(1_000_001) },
        { title: doc(6).title, url: 'javascript:alert(1)', content: doc(6).chineseText },
      ]),
    );
    const analysis = await upload('analyze-db-file', file);
    expect(analysis.status).toBe(200);
    expect(await analysis.json()).toMatchObject({ success: true, total: 8, duplicates: 3 });
    expect(await ctx.db.$count(pendingStories, like(pendingStories.url, `${base}/%`))).toBe(1);

    const response = await upload('import-db-file', file);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ success: true, total: 8, imported: 2, duplicates: 3, errorCount: 3, status: 'succeeded' });
    expect(answer.errors).toEqual(['row 6: no title', 'row 7: text over 1,000,000 characters', 'row 8: "javascript:alert(1)" is not a web address']);
    expect(answer.message).toBe('Imported 2 stories of 8; 3 duplicates skipped; 3 rows refused');
    const stored = await ctx.db.select().from(pendingStories).where(like(pendingStories.title, `${doc(3).title}%`));
    expect(stored).toEqual([expect.objectContaining({ url: null, status: 'pending', chineseText: doc(3).chineseText.trim() })]);
    const [one] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.url, `${base}/one`));
    expect(one?.status).toBe('pending');

    // The same file again: nothing new.
    const again = await (await upload('import-db-file', file)).json();
    expect(again).toMatchObject({ imported: 0, duplicates: 5, errorCount: 3 });
  });

  it('from a .sql dump, run as CREATE TABLE and INSERT statements only', async () => {
    const story = doc(7);
    const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
    const dump = [
      'PRAGMA foreign_keys=OFF;',
      'BEGIN TRANSACTION;',
      '-- a comment; with a semicolon',
      'CREATE TABLE pending_stories (id INTEGER PRIMARY KEY, title TEXT, url TEXT, chinese_text TEXT);',
      `INSERT INTO pending_stories VALUES(1, ${quoted(story.title)}, 'https://www.gov.cn/dump/1', ${quoted(story.chineseText)});`,
      `INSERT INTO pending_stories VALUES(2, 'It''s a title; with /* no comment */', 'https://www.gov.cn/dump/2', '正文');`,
      'CREATE INDEX stories_url ON pending_stories(url);',
      'COMMIT;',
    ].join('\n');
    const answer = await (await upload('import-db-file', { name: 'stories.sql', bytes: Buffer.from(dump) })).json();
    expect(answer).toMatchObject({ success: true, total: 2, imported: 2 });
    const [second] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.url, 'https://www.gov.cn/dump/2'));
    expect(second?.title).toBe("It's a title; with /* no comment */");

    for (const statement of ['DROP TABLE policies;', "ATTACH DATABASE '/tmp/x.db' AS x;", 'CREATE TRIGGER t AFTER INSERT ON s BEGIN DELETE FROM s; END;', 'CREATE VIEW v AS SELECT 1;']) {
      const refused = await upload('import-db-file', { name: 'evil.sql', bytes: Buffer.from(`CREATE TABLE s (title TEXT, url TEXT);\n${statement}`) });
      expect(refused.status, statement).toBe(422);
      expect((await refused.json()).error.message).toMatch(/^The SQL dump may hold only CREATE TABLE, CREATE INDEX and INSERT statements; statement 2 is /);
    }
  });
});

describe('a policies file', () => {
  it('imports policies in the spec data model directly, with their analysis and tags', async () => {
    const file = await sqliteFile((db) => {
      db.exec(`create table policies (id integer primary key, title text, time text, description text, impact integer, department_id integer,
        source_url text, chinese_original text, english_translation text, full_content text)`);
      db.prepare('insert into policies values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
        1,
        'Regulations on Patent Agency',
        '2018-11-06',
        'The State Council revises the rules for patent agencies.',
        7,
        4,
        'https://www.gov.cn/migrated/patent-agency',
        doc(18).chineseText,
        'Article 1 These Regulations are formulated...',
        JSON.stringify({ key_points: [{ title: 'Agencies need approval', content: '...' }], impact_analysis: [{ industry_id: 13, details: 'Patent agencies' }] }),
      );
      db.prepare('insert into policies (id, title, time, department_id, chinese_original) values (?, ?, ?, ?, ?)').run(2, 'No department', '2018-11-06', 99, '内容');
    }, 'migration.sqlite');
    const answer = await (await upload('import-db-file', file)).json();
    expect(answer).toMatchObject({ success: true, kind: 'policies', total: 2, imported: 1, errorCount: 1 });
    expect(answer.errors).toEqual(['row 2: Unknown department id 99']);
    // One of each: the nouns agree with their counts.
    expect(answer.message).toBe('Imported 1 policy of 2; 0 duplicates skipped; 1 row refused');
    const [policy] = await ctx.db.select().from(policies).where(eq(policies.sourceUrl, 'https://www.gov.cn/migrated/patent-agency'));
    expect(policy).toMatchObject({ title: 'Regulations on Patent Agency', impact: 7, departmentId: 4, translationStatus: 'machine' });
    expect(policy!.fullContent.key_points).toEqual([{ title: 'Agencies need approval', content: '...' }]);
    // A record of the past, not news: searchable, but no alert waits to announce it.
    await indexAll(ctx);
    const [arrival] = await ctx.db.select().from(policyArrivals).where(eq(policyArrivals.policyId, policy!.id));
    expect(arrival?.matchedAt).toBeInstanceOf(Date);
    const search = await ctx.request(`/api/search?q=${encodeURIComponent('Regulations on Patent Agency')}`);
    expect(((await search.json()) as { policies: { id: number }[] }).policies.map((found) => found.id)).toContain(policy!.id);
  });
});

describe('untrusted files', () => {
  it('never runs what a hostile file holds: views and triggers are not read or fired, the file is not changed', async () => {
    const file = await sqliteFile((db) => {
      storiesTable(db, [{ title: doc(8).title, url: 'https://www.gov.cn/hostile/1', content: doc(8).chineseText }]);
      db.exec(`create table audit (what text);
        create trigger on_read after insert on stories begin insert into audit values ('fired'); delete from stories; end;
        create view pending_stories as select load_extension('/tmp/evil.so') as title, 'https://x' as url, 'x' as content;`);
    });
    const before = createHash('sha256').update(file.bytes).digest('hex');
    const answer = await (await upload('import-db-file', file)).json();
    expect(answer).toMatchObject({ success: true, imported: 1 });
    expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(before);
  });

  it("refuses a table whose generated text column calls a function of the file's maker, with the reason, not a 500", async () => {
    const file = await sqliteFile((db) => {
      // The maker's connection had a function `exfiltrate`; the importer has no such code to run.
      db.function('exfiltrate', { deterministic: true }, (title: unknown) => `${String(title)} sent elsewhere`);
      db.exec(`create table stories (title text, url text, content text generated always as (exfiltrate(title)) virtual)`);
      db.exec(`insert into stories (title, url) values ('标题', 'https://www.gov.cn/hostile/2')`);
    });
    const response = await upload('import-db-file', file);
    expect(response.status).toBe(422);
    const answer = await response.json();
    expect(answer.message ?? answer.error.message).toMatch(/exfiltrate/);
    expect(await ctx.db.$count(pendingStories, eq(pendingStories.url, 'https://www.gov.cn/hostile/2'))).toBe(0);
  });

  it.each([
    ['a text file named .db', 'notes.db', () => Buffer.from('这不是数据库 this is not a database at all')],
    ['an encrypted database (no SQLite header)', 'secret.db', () => createHash('sha512').update('key').digest()],
  ])('refuses %s with 415', async (_, name, bytes) => {
    const response = await upload('import-db-file', { name, bytes: bytes() });
    expect(response.status).toBe(415);
    expect((await response.json()).error.message).toBe('The file is not a SQLite database (an encrypted database or another format has no SQLite header)');
  });

  it('refuses a truncated database with 422', async () => {
    const whole = await sqliteFile((db) => storiesTable(db, Array.from({ length: 200 }, (_, index) => ({ title: doc(index).title, url: `https://www.gov.cn/cut/${index}`, content: doc(index).chineseText }))));
    const response = await upload('import-db-file', { name: 'cut.db', bytes: whole.bytes.subarray(0, Math.floor(whole.bytes.length / 3)) });
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toMatch(/^The database file (can't be read|is damaged)/);
  });

  it.each([['stories.txt'], ['stories.db.exe'], ['stories']])('refuses the name %s with the spec message', async (name) => {
    const response = await upload('import-db-file', { name, bytes: Buffer.from('SQLite format 3\0') });
    expect(response.status).toBe(415);
    expect((await response.json()).error.message).toBe('Invalid file type. Accepted types: db, sqlite, sqlite3, sql');
  });

  it('answers "No stories found in the database file." for a file with no story table', async () => {
    const file = await sqliteFile((db) => db.exec('create table settings (key text, value text)'));
    expect(await (await upload('analyze-db-file', file)).json()).toMatchObject({ success: false, message: 'No stories found in the database file.', total: 0 });
    const response = await upload('import-db-file', file);
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toBe('No stories found in the database file.');
  });

  it('refuses a stream of 1,025 MB and more at the limit, without reading the rest, and closes the connection', async () => {
    const boundary = 'x-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dbFile"; filename="big.db"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let sent = 0;
    let cancelled = false;
    // Twice the limit: a server that read it all before refusing would show it.
    const total = 2048;
    const body = new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent++;
        controller.enqueue(chunk);
      },
    });
    const response = await ctx.app.request('/api/admin/import-db-file', {
      method: 'POST',
      body,
      // @ts-expect-error Node's fetch needs duplex for a streamed body
      duplex: 'half',
      headers: { Origin: ctx.config.APP_URL, Cookie: cookies.admin!, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect((await response.json()).error.message).toBe('File is too large. Maximum size: 1024MB');
    // Read up to the limit (and what buffers held), then the server stopped reading: the stream was cancelled, not drained.
    expect(sent).toBeGreaterThanOrEqual(1024);
    expect(sent).toBeLessThan(1025 + 16);
    expect(cancelled).toBe(true);
  }, 120_000);

  it('refuses a declared size past the limit before reading any of it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(Buffer.alloc(1024));
      },
    });
    const response = await ctx.app.request('/api/admin/import-db-file', {
      method: 'POST',
      body,
      // @ts-expect-error Node's fetch needs duplex for a streamed body
      duplex: 'half',
      headers: { Origin: ctx.config.APP_URL, Cookie: cookies.admin!, 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': String(1025 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });
});

describe('where imported stories came from', () => {
  it('is recorded by the intake: the import producer, the file and its job, when the import read it', async () => {
    const at = new Date('2026-04-05T06:07:08.000Z');
    ctx.clock.set(at);
    try {
      const file = await sqliteFile((db) => storiesTable(db, [{ title: doc(7).title, url: 'https://www.gov.cn/origin/1/', content: doc(7).chineseText }]), 'origin.db');
      const answer = await (await upload('import-db-file', file)).json();
      expect(answer).toMatchObject({ imported: 1, status: 'succeeded' });
      const [story] = await ctx.db.select().from(pendingStories).where(eq(pendingStories.url, 'https://www.gov.cn/origin/1'));
      expect(story).toMatchObject({ producer: 'import', source: `origin.db (import #${answer.jobId})`, fetchedAt: at });
    } finally {
      ctx.clock.set(null);
    }
  });
});

describe('a long import', () => {
  it('killed half-way resumes from its last batch when the same file is uploaded again: nothing twice, nothing lost', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => ({ title: `${doc(index).title} ${index}`, url: `https://www.gov.cn/resume/${index}`, content: doc(index).chineseText.slice(0, 300) }));
    const file = await sqliteFile((db) => storiesTable(db, rows));
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    // The import as the call runs it, stopped dead after its first batch committed: no cleanup, its job left running.
    const [job] = await ctx.db.insert(importJobs).values({ filename: 'stories.db', fileHash: sha256, total: rows.length, updatedAt: new Date() }).returning();
    const stored = path.join(dir, 'killed.db');
    await writeFile(stored, file.bytes);
    const source = (await openStoryFile({ path: stored, filename: 'stories.db', kind: 'sqlite', bytes: file.bytes.length, sha256, discard: async () => {} }, readLimitsOf(ctx.config)))!;
    const kill = new AbortController();
    const watcher = setInterval(() => {
      void ctx.db.select({ rowsDone: importJobs.rowsDone }).from(importJobs).where(eq(importJobs.id, job!.id)).then(([row]) => {
        if ((row?.rowsDone ?? 0) >= 1000) kill.abort();
      });
    }, 5);
    await expect(runImport(ctx.db, source, job!, { now: () => new Date(), signal: kill.signal })).rejects.toThrow();
    clearInterval(watcher);
    await source.close();
    const [killed] = await ctx.db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(killed!.status).toBe('running');
    expect(killed!.rowsDone).toBeGreaterThanOrEqual(1000);
    expect(killed!.rowsDone).toBeLessThan(rows.length);
    const written = await ctx.db.$count(pendingStories, like(pendingStories.url, 'https://www.gov.cn/resume/%'));
    expect(written).toBe(killed!.rowsDone);
    // Its row goes quiet, as a dead process's does.
    await ctx.db.update(importJobs).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(importJobs.id, job!.id));

    const answer = await (await upload('import-db-file', file)).json();
    expect(answer).toMatchObject({ success: true, jobId: job!.id, total: rows.length, imported: rows.length, duplicates: 0, status: 'succeeded' });
    expect(await ctx.db.$count(pendingStories, like(pendingStories.url, 'https://www.gov.cn/resume/%'))).toBe(rows.length);
  });

  it('answers with its job when it outlasts the answer time, and the job reaches its end', async () => {
    const own = await createTestContext({ IMPORT_ANSWER_SECONDS: '0.1' });
    try {
      const { cookies: theirs } = await signInEveryRole(own);
      const file = await sqliteFile((db) => storiesTable(db, Array.from({ length: 3000 }, (_, index) => ({ title: `长 ${index}`, url: `https://www.gov.cn/slow/${index}`, content: doc(index).chineseText }))));
      const response = await own.app.request('/api/admin/import-db-file', { method: 'POST', body: formOf({ ...file, name: 'slow.db' }), headers: { Origin: own.config.APP_URL, Cookie: theirs.admin! } });
      expect(response.status).toBe(202);
      const started = await response.json();
      expect(started).toMatchObject({ status: 'running', total: 3000 });
      const done = await eventually(async () => {
        const job = await (await own.request(`/api/admin/import-jobs/${started.jobId}`, { cookie: theirs.admin })).json();
        return job.status === 'succeeded' ? job : undefined;
      });
      expect(done).toMatchObject({ imported: 3000, message: 'Imported 3000 stories of 3000; 0 duplicates skipped' });
    } finally {
      await own.close();
    }
  });
});



describe('temporary files', () => {
  it('are all removed once the calls above have ended, refused ones included', async () => {
    // An import answered 202 removes its file just after its job row says it ended: a moment's grace.
    const leftovers = async () => (await readdir(uploadDirectory).catch(() => [])).filter((name) => !before.includes(name));
    await eventually(async () => (await leftovers()).length === 0, { what: 'the uploads to be removed', timeoutMs: 5_000 }).catch(() => {});
    expect(await leftovers()).toEqual([]);
  });
});
