import Database from 'better-sqlite3';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatBytes, progress, request } from '../../indexer/bench/environment.ts';
import { table } from '../../indexer/bench/measure.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { signInAsAdmin } from './admin.ts';
import type { ApiBenchContext } from './search.ts';

const section = 'imports';
const storyCount = 100_000;
/** Each story's text: real documents cut to this many characters, so 100,000 stories make a file of about 1 GB (just under the 1024 MB limit). */
const textCharacters = 3_450;

export type ImportBenchContext = ApiBenchContext & { apiPid: number; dataDir: string };

/** The bench's stories file, built once and kept beside the data set: real documents, unique addresses. */
async function storiesFile(dataDir: string): Promise<{ file: string; bytes: number }> {
  const file = path.join(dataDir, `stories-${storyCount}.sqlite`);
  const existing = await stat(file).catch(() => null);
  if (existing) return { file, bytes: existing.size };
  progress(section, `building ${file} (${storyCount.toLocaleString('en')} stories)`);
  const documents = loadLabelledSet().map((document) => document.story);
  const db = new Database(`${file}.part`);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec('create table stories (id integer primary key, title text not null, url text, content text)');
  const insert = db.prepare('insert into stories (title, url, content) values (?, ?, ?)');
  db.transaction(() => {
    for (let index = 0; index < storyCount; index++) {
      const story = documents[index % documents.length]!;
      const text = story.chineseText.repeat(2).slice((index * 7) % 2000, ((index * 7) % 2000) + textCharacters);
      insert.run(`${story.title}（第${index}篇）`, `${story.url}?bench=${index}`, text);
    }
  })();
  db.close();
  await import('node:fs/promises').then(({ rename }) => rename(`${file}.part`, file));
  return { file, bytes: (await stat(file)).size };
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(status)![1]) * 1024;
}

/** Streams the file to import-db-file as the card does (multipart, field dbFile); resolves when the API answers. */
function uploadFile(context: ImportBenchContext, cookie: string, file: string, bytes: number, onSent: () => void): Promise<{ status: number; body: string; sentAt: number }> {
  const boundary = `bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dbFile"; filename="stories.sqlite"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let sentAt = 0;
    const outgoing = http.request(
      `${context.apiUrl}/api/admin/import-db-file`,
      {
        method: 'POST',
        headers: {
          Cookie: cookie,
          Origin: context.appUrl,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + bytes + tail.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sentAt }));
      },
    );
    outgoing.on('error', reject);
    outgoing.write(head);
    const stream = createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.pipe(outgoing, { end: false });
    stream.on('end', () => {
      outgoing.end(tail, () => {
        sentAt = performance.now();
        onSent();
      });
    });
  });
}

/**
 * The database import (issue 17): a generated stories file of about 1 GB (100,000 stories of real
 * text) uploaded to the real API: upload throughput, the API's memory during the upload, import
 * rows/s and the whole import end to end.
 */
export async function benchImports(context: ImportBenchContext): Promise<string> {
  const { file, bytes } = await storiesFile(context.dataDir);
  const cookie = await signInAsAdmin(context);
  await context.sql`delete from pending_stories`;
  await context.sql`delete from import_jobs`;

  const idle = await residentBytes(context.apiPid);
  // The peak while the file arrives, and the peak while it is imported, apart.
  const peaks = { upload: idle, import: idle };
  let phase: keyof typeof peaks = 'upload';
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peaks[phase] = Math.max(peaks[phase], await residentBytes(context.apiPid).catch(() => peaks[phase]));
      await sleep(50);
    }
  })();
  progress(section, `uploading ${formatBytes(bytes)} to POST /api/admin/import-db-file`);
  const started = performance.now();
  const answer = await uploadFile(context, cookie, file, bytes, () => {
    phase = 'import';
  });
  const answeredAt = performance.now();
  let job = JSON.parse(answer.body) as { status: string; jobId: number; imported: number; duplicates: number; rowsDone: number; total: number; message: string };
  if (answer.status !== 200 && answer.status !== 202) throw new Error(`import-db-file answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  while (job.status === 'running') {
    await sleep(200);
    job = (await request(`${context.apiUrl}/api/admin/import-jobs/${job.jobId}`, { headers: { Cookie: cookie } })).json();
  }
  const finished = performance.now();
  sampling = false;
  await sampler;
  if (job.status !== 'succeeded' || job.imported !== storyCount) throw new Error(`the import ended ${job.status}: ${job.message}`);
  const [timing] = await context.sql<{ seconds: number }[]>`select extract(epoch from max(created_at) - min(created_at))::float8 as seconds from pending_stories`;
  const importSeconds = timing!.seconds;
  const uploadSeconds = (answer.sentAt - started) / 1000;
  const endToEnd = (finished - started) / 1000;
  await context.sql`delete from pending_stories`;


  return [
    '## Database import (issue 17)',
    '',
    `A generated stories file: ${storyCount.toLocaleString('en')} stories of real document text (${textCharacters.toLocaleString('en')} characters each), ${formatBytes(bytes)}, streamed to \`POST /api/admin/import-db-file\` as the card sends it, from the same machine.`,
    '',
    table(
      ['Measure', 'Result', 'Target'],
      [
        ['Upload (the request body sent)', `${uploadSeconds.toFixed(1)} s, ${(bytes / 1024 / 1024 / uploadSeconds).toFixed(0)} MB/s`, '-'],
        ['API memory during the upload', `idle ${formatBytes(idle)}, peak ${formatBytes(peaks.upload)}: +${formatBytes(peaks.upload - idle)}`, '< 200 MB over idle'],
        ['API memory during the import that follows', `peak ${formatBytes(peaks.import)}: +${formatBytes(peaks.import - idle)} over idle`, '-'],
        ['Import (first to last story written)', `${importSeconds.toFixed(1)} s, ${Math.round(storyCount / importSeconds).toLocaleString('en')} rows/s`, '-'],
        [`${storyCount.toLocaleString('en')} stories end to end (upload, checks, import)`, `${endToEnd.toFixed(1)} s (answered after ${((answeredAt - started) / 1000).toFixed(1)} s, HTTP ${answer.status})`, '< 60 s'],
      ],
    ),
  ].join('\n');
}
