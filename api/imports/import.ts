import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { PolicyWriteError, savePolicy } from '../../db/policies.ts';
import { parsePolicyFullContent, type PolicyFullContent } from '../../db/policy-content.ts';
import { importJobs, policies, policyArrivals } from '../../db/schema/index.ts';
import { knownStoryKeys, normaliseUrl, prepareStory, takeInStories, type PreparedStory, type StoryOrigin } from '../stories/intake.ts';
import type { StoryFile } from './story-file.ts';
import { storyDate, storyDepartment } from './story-facts.ts';
import { isBinary, maxTextCharacters } from './story-table.ts';

/**
 * Bringing a file's rows in: stories into the queue (pending, for Process Stories), or policies
 * directly (a migration). Rows go in batches, each one transaction that also moves the import
 * job's progress, so a crash loses at most the batch in hand and the same file uploaded again
 * resumes after the last batch written. Duplicates are skipped, within the file and against what
 * the database holds: by normalised URL, else by the hash of title and text.
 */

export const batchSize = 1000;
/** A batch also ends at this much text (characters), so a batch of long rows holds the API's memory to about this. */
const batchCharacters = 32 * 1024 * 1024;
const listedErrors = 100;
/** Ids are Postgres integers: a larger one names no row (and Postgres would refuse the query). */
const maxId = 2_147_483_647;

/** A row's story, and what of its cells was left out (a date or department that names none). */
type RowOutcome = { story: PreparedStory; notes: string[] } | { error: string };

/** A cell as text: null for a blob, '' for an empty cell. */
const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : isBinary(value) ? null : '');
const hasNul = (...texts: (string | null | undefined)[]) => texts.some((text) => text?.includes('\u0000'));

/** One row of a story table, checked: a title, and a text or a web address, within the limits. */
export function readStoryRow(values: Record<string, unknown>, rowNumber: number): RowOutcome {
  const title = asText(values.title)?.trim() ?? null;
  const text = asText(values.text)?.trim() ?? '';
  const rawUrl = asText(values.url)?.trim() ?? '';
  if (title === null || asText(values.text) === null || asText(values.url) === null) return { error: `row ${rowNumber}: holds binary data, not text` };
  if (!title) return { error: `row ${rowNumber}: no title` };
  if (title.length > 500) return { error: `row ${rowNumber}: title over 500 characters` };
  if (text.length > maxTextCharacters) return { error: `row ${rowNumber}: text over ${maxTextCharacters.toLocaleString('en')} characters` };
  // Postgres text can't hold a NUL, and cutting the value there would change it (and a URL's key).
  if (hasNul(text, title, rawUrl)) return { error: `row ${rowNumber}: holds NUL characters` };
  const publishedOn = storyDate(values.date);
  const departmentId = storyDepartment(values.department);
  const notes: string[] = [];
  const said = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : typeof value === 'number' || typeof value === 'bigint');
  if (!publishedOn && said(values.date)) notes.push(`row ${rowNumber}: date "${String(values.date).slice(0, 40)}" is not a date; ignored`);
  if (!departmentId && said(values.department)) notes.push(`row ${rowNumber}: department "${String(values.department).slice(0, 40)}" is no known department; ignored`);
  const story = prepareStory({ title, url: rawUrl || null, chineseText: text, publishedOn, departmentId });
  if ('error' in story) return { error: `row ${rowNumber}: "${rawUrl.slice(0, 80)}" is ${story.error}` };
  if (!story.url && !text) return { error: `row ${rowNumber}: neither a text nor a URL` };
  return { story, notes };
}

/** `notes`: cells the import leaves out without refusing the row (the analysis says them). */
export type ImportCounts = { total: number; imported: number; duplicates: number; errorCount: number; errors: string[]; notes?: string[] };

/** What the file would bring: its rows, and how many the database (or the file itself) already holds. */
export async function analyseStoryFile(db: Database, file: StoryFile): Promise<ImportCounts> {
  const counts: ImportCounts = { total: file.total, imported: 0, duplicates: 0, errorCount: 0, errors: [], notes: [] };
  const seen = new Set<string>();
  let batch: string[] = [];
  const flush = async () => {
    const known = await knownKeys(db, batch);
    for (const key of batch) if (known.has(key)) counts.duplicates++;
    batch = [];
  };
  let rowNumber = 0;
  for await (const values of file.rows(0)) {
    rowNumber++;
    const read = readRow(file, values, rowNumber);
    if ('error' in read) {
      noteError(counts, read.error);
      continue;
    }
    const { key } = read;
    for (const note of read.notes ?? []) if (counts.notes!.length < listedErrors) counts.notes!.push(note);
    if (seen.has(key)) {
      counts.duplicates++;
      continue;
    }
    seen.add(key);
    batch.push(key);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return counts;
}

type Candidate = { key: string; row: PreparedStory | PolicyRow; notes?: string[] };

/**
 * A row of the file checked and keyed as duplicates are told apart: stories by URL else by the
 * hash of title and text, policies by source URL else by title and date. The one reader of rows
 * for both analysing and importing.
 */
function readRow(file: StoryFile, values: Record<string, unknown>, rowNumber: number): Candidate | { error: string } {
  if (file.kind === 'stories') {
    const outcome = readStoryRow(values, rowNumber);
    if ('error' in outcome) return outcome;
    return { key: outcome.story.key, row: outcome.story, notes: outcome.notes };
  }
  const outcome = readPolicyRow(values, rowNumber);
  if ('error' in outcome) return outcome;
  const { policy } = outcome;
  return { key: policy.sourceUrl ? `url:${policy.sourceUrl}` : `title:${policy.title}|${policy.publishedOn}`, row: policy };
}

function noteError(counts: ImportCounts, error: string) {
  counts.errorCount++;
  if (counts.errors.length < listedErrors) counts.errors.push(error);
}

/** Which of these keys the database holds already: stories by URL or hash (the intake's rule), policies by source URL or title and date. */
async function knownKeys(db: Pick<Database, 'select'>, keys: string[]): Promise<Set<string>> {
  const titles = keys.filter((key) => key.startsWith('title:')).map((key) => key.slice(6));
  const known = await knownStoryKeys(db, keys);
  if (titles.length) {
    const rows = await db
      .select({ key: sql<string>`${policies.title} || '|' || ${policies.publishedOn}` })
      .from(policies)
      .where(inArray(sql`${policies.title} || '|' || ${policies.publishedOn}`, titles));
    for (const row of rows) known.add(`title:${row.key}`);
  }
  return known;
}

type PolicyRow = {
  title: string;
  publishedOn: string;
  departmentId: number;
  description: string;
  impact: number;
  sourceUrl: string | null;
  chineseOriginal: string | null;
  englishTranslation: string | null;
  fullContent: PolicyFullContent;
};

/** Whether Postgres can store this in jsonb: no string (or key) holding a NUL or half of a surrogate pair. */
function storableInJson(value: unknown): boolean {
  if (typeof value === 'string') return !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
  if (Array.isArray(value)) return value.every(storableInJson);
  if (typeof value === 'object' && value !== null) return Object.entries(value).every(([key, field]) => storableInJson(key) && storableInJson(field));
  return true;
}

/** One row of a policies table in the spec's data model. */
export function readPolicyRow(values: Record<string, unknown>, rowNumber: number): { policy: PolicyRow } | { error: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? null : String(value));
  if (Object.values(values).some(isBinary)) return { error: `row ${rowNumber}: holds binary data, not text` };
  if (hasNul(...Object.values(values).map(text))) return { error: `row ${rowNumber}: holds NUL characters` };
  const title = text(values.title)?.trim();
  if (!title) return { error: `row ${rowNumber}: no title` };
  const date = text(values.date)?.trim().slice(0, 10) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return { error: `row ${rowNumber}: "${date}" is not a date` };
  const departmentId = Number(values.department);
  if (!Number.isInteger(departmentId) || departmentId < 1) return { error: `row ${rowNumber}: no department id` };
  if (departmentId > maxId) return { error: `row ${rowNumber}: Unknown department id ${String(values.department)}` };
  const impact = values.impact === null || values.impact === undefined ? 5 : Number(values.impact);
  if (!Number.isInteger(impact) || impact < 1 || impact > 10) return { error: `row ${rowNumber}: impact "${String(values.impact)}" is not 1-10` };
  for (const field of ['chineseOriginal', 'englishTranslation'] as const) {
    if ((text(values[field])?.length ?? 0) > maxTextCharacters) return { error: `row ${rowNumber}: ${field} over ${maxTextCharacters.toLocaleString('en')} characters` };
  }
  const rawUrl = text(values.url)?.trim();
  const sourceUrl = rawUrl ? normaliseUrl(rawUrl) : null;
  if (rawUrl && !sourceUrl) return { error: `row ${rowNumber}: "${rawUrl.slice(0, 80)}" is not a web address` };
  const fullContent = parsePolicyFullContent(values.fullContent ?? {});
  if (!storableInJson(fullContent)) return { error: `row ${rowNumber}: its analysis (full_content) holds NUL characters or broken Unicode` };
  for (const [label, ids] of [
    ['industry', (fullContent.impact_analysis ?? []).map((impact) => impact.industry_id)],
    ['topic', (fullContent.topic_analysis ?? []).map((impact) => impact.topic_id)],
  ] as const) {
    const tooLarge = ids.find((id) => id > maxId);
    if (tooLarge !== undefined) return { error: `row ${rowNumber}: Unknown ${label} id ${tooLarge}` };
  }
  return {
    policy: {
      title,
      publishedOn: date,
      departmentId,
      description: text(values.description) ?? '',
      impact,
      sourceUrl,
      chineseOriginal: text(values.chineseOriginal),
      englishTranslation: text(values.englishTranslation),
      fullContent,
    },
  };
}

/** The Postgres error code behind a failed query (drizzle keeps the driver's error as its cause). */
function postgresCode(error: unknown): string | null {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { name, code } = current as { name?: string; code?: unknown };
    if (name === 'PostgresError' && typeof code === 'string') return code;
  }
  return null;
}

type Job = typeof importJobs.$inferSelect;

/**
 * Imports `file` under `job`, from the row after the last one the job wrote; the job's row moves
 * with each committed batch, which is what the card follows.
 */
export async function runImport(db: Database, file: StoryFile, job: Job, options: { now: () => Date; signal?: AbortSignal }): Promise<Job> {
  // Keys this run has seen: the rows before a resumed job's start are in the database already.
  const seen = new Set<string>();
  const origin: StoryOrigin = { producer: 'import', source: `${job.filename} (import #${job.id})`, fetchedAt: options.now(), importJobId: job.id };
  let rowNumber = job.rowsDone;
  let pending: { rowNumber: number; values: Record<string, unknown> }[] = [];
  let pendingCharacters = 0;
  let current = job;

  const writeBatch = async (rows: typeof pending) => {
    const counts: ImportCounts = { total: file.total, imported: 0, duplicates: 0, errorCount: 0, errors: [] };
    const candidates: (Candidate & { rowNumber: number })[] = [];
    for (const { rowNumber: number, values } of rows) {
      const read = readRow(file, values, number);
      if ('error' in read) noteError(counts, read.error);
      else candidates.push({ ...read, rowNumber: number });
    }
    current = await db.transaction(async (tx) => {
      if (file.kind === 'stories') {
        const intake = await takeInStories(tx, candidates.map(({ row }) => row as PreparedStory), origin, seen);
        counts.imported += intake.storedIds.length;
        // A document the product has from another site is, to a file's reader, already imported.
        counts.duplicates += intake.duplicates + intake.knownFromOtherSite;
      } else {
        const known = await knownKeys(tx, candidates.map((candidate) => candidate.key));
        const fresh = candidates.filter((candidate) => {
          if (known.has(candidate.key) || seen.has(candidate.key)) {
            counts.duplicates++;
            return false;
          }
          seen.add(candidate.key);
          return true;
        });
        for (const candidate of fresh) {
          const policy = candidate.row as PolicyRow;
          const content = policy.fullContent;
          try {
            // A savepoint per row: a row the write rules refuse is an error of that row alone.
            await tx.transaction(async (row) => {
              const { id } = await savePolicy(
                row,
                null,
                {
                  ...policy,
                  fullContent: content,
                  industryIds: (content.impact_analysis ?? []).map((impact) => impact.industry_id),
                  topicIds: (content.topic_analysis ?? []).map((impact) => impact.topic_id),
                },
                { kind: 'analyser', at: options.now() },
              );
              // A policy a database import brings is a record of the past, not news: its arrival is
              // written now as matched, so the indexer finds it there and no alert announces it.
              await row.insert(policyArrivals).values({ policyId: id, matchedAt: options.now() });
            });
            counts.imported++;
          } catch (error) {
            // A value Postgres refuses (class 22, data exceptions) is this row's fault too: listed, never its SQL.
            if (error instanceof PolicyWriteError) noteError(counts, `row ${candidate.rowNumber}: ${error.message}`);
            else if (postgresCode(error)?.startsWith('22')) noteError(counts, `row ${candidate.rowNumber}: holds a value the database can't store`);
            else throw error;
          }
        }
      }
      const [updated] = await tx
        .update(importJobs)
        .set({
          rowsDone: sql`${importJobs.rowsDone} + ${rows.length}`,
          imported: sql`${importJobs.imported} + ${counts.imported}`,
          duplicates: sql`${importJobs.duplicates} + ${counts.duplicates}`,
          errorCount: sql`${importJobs.errorCount} + ${counts.errorCount}`,
          errors: sql`(${importJobs.errors} || ${JSON.stringify(counts.errors)}::jsonb)`,
          updatedAt: options.now(),
        })
        .where(eq(importJobs.id, job.id))
        .returning();
      return updated!;
    });
  };

  // The next batch is read from the file while the last one is written: one batch in flight at a
  // time, so batches still commit in the file's order.
  let writing: Promise<void> = Promise.resolve();
  for await (const values of file.rows(job.rowsDone)) {
    rowNumber++;
    pending.push({ rowNumber, values });
    for (const value of Object.values(values)) if (typeof value === 'string') pendingCharacters += value.length;
    if (pending.length >= batchSize || pendingCharacters >= batchCharacters) {
      const batch = pending;
      pending = [];
      pendingCharacters = 0;
      await writing;
      options.signal?.throwIfAborted();
      writing = writeBatch(batch);
    }
  }
  await writing;
  await writeBatch(pending);
  // Only the first reasons are kept on the row: a file of a million bad rows stays readable.
  const [finished] = await db
    .update(importJobs)
    .set({ status: 'succeeded', finishedAt: options.now(), updatedAt: options.now(), errors: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from (select e from jsonb_array_elements(${importJobs.errors}) e limit ${listedErrors}) first)` })
    .where(eq(importJobs.id, job.id))
    .returning();
  return finished ?? current;
}
