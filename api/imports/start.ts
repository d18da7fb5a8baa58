import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { importJobs } from '../../db/schema/index.ts';
import { recordAudit } from '../auth/audit.ts';
import { AppError, conflict } from '../http/errors.ts';
import { noStoriesMessage } from '../shared/admin-schemas.ts';
import { analyseStoryFile, runImport, type ImportCounts } from './import.ts';
import { openStoryFile, type ReadLimits, type StoryFile } from './story-file.ts';
import type { Upload } from './upload.ts';

/**
 * What the Database File Upload card's calls do with an upload (api/routes/admin/imports/): analyse
 * it, or import it as a job that outlives the request when it must. Each takes the upload over and
 * removes it when it is done with it (for an import, when the import ends).
 */

export type ImportJob = typeof importJobs.$inferSelect;

/** A running job whose row has not moved for this long belongs to a process that died: it may be resumed. */
const staleSeconds = 30;

export type UploadAnalysis = {
  counts: ImportCounts;
  kind: StoryFile['kind'];
  table: string;
  /** The file's columns the import reads (the file's names), and those it leaves out. */
  usedColumns: string[];
  ignoredColumns: string[];
};

/** What the file would bring, read without writing; null when it holds no table of stories or policies. */
export async function analyseUpload(db: Database, upload: Upload, limits: ReadLimits): Promise<UploadAnalysis | null> {
  try {
    const file = await openStoryFile(upload, limits);
    if (!file) return null;
    try {
      const used = new Set(Object.values(file.columns).filter((column): column is string => column !== null));
      return {
        counts: await analyseStoryFile(db, file),
        kind: file.kind,
        table: file.table,
        usedColumns: file.fileColumns.filter((column) => used.has(column)),
        ignoredColumns: file.fileColumns.filter((column) => !used.has(column)),
      };
    } finally {
      await file.close();
    }
  } finally {
    await upload.discard();
  }
}

/**
 * Imports the upload under a job: a new one (with its audit row), or the unfinished job of the same
 * file, resumed after its last batch written. One import of a file at a time: the same file sent
 * twice at once waits for the lock, and a file whose import is alive is refused. Answers with the
 * finished job, or, when the import is still running after `answerSeconds`, with the job as it
 * stands (`finished: false`) while the import goes on; a failed import is a failed job.
 */
export async function importUpload(
  deps: { db: Database; now: () => Date; answerSeconds: number; limits: ReadLimits },
  upload: Upload,
  actor: { userId: number; ip: string | null },
): Promise<{ job: ImportJob; finished: boolean }> {
  let handedOver = false;
  try {
    const file = await openStoryFile(upload, deps.limits);
    if (!file) throw new AppError('unprocessable', noStoriesMessage);
    let job: ImportJob;
    try {
      job = await openJob(deps, upload, file, actor);
    } catch (error) {
      await file.close();
      throw error;
    }

    // The import outlives this request when it must: the job row is its state, and the file
    // stays until it ends.
    handedOver = true;
    const importing = runImport(deps.db, file, job, { now: deps.now })
      .catch(async (error: unknown) => {
        const failure = failureMessage(error, job);
        const [failed] = await deps.db
          .update(importJobs)
          .set({ status: 'failed', failure: failure.slice(0, 500), finishedAt: deps.now(), updatedAt: deps.now() })
          .where(eq(importJobs.id, job.id))
          .returning();
        return failed ?? job;
      })
      // The file goes before the import counts as ended: an answer given after this saw it gone.
      .finally(async () => {
        await file.close();
        await upload.discard();
      });
    const answerBy = new Promise<'later'>((resolve) => setTimeout(() => resolve('later'), deps.answerSeconds * 1000).unref());
    const outcome = await Promise.race([importing, answerBy]);
    if (outcome === 'later') {
      const [now] = await deps.db.select().from(importJobs).where(eq(importJobs.id, job.id));
      return { job: now ?? job, finished: false };
    }
    return { job: outcome, finished: true };
  } finally {
    if (!handedOver) await upload.discard();
  }
}

/**
 * What a failed import's job says: a refusal's own reason (a bound the file passed, a file that
 * can't be read); anything else is ours, logged whole, and said without its detail (never a
 * query and its parameters).
 */
function failureMessage(error: unknown, job: ImportJob): string {
  if (error instanceof AppError) return error.message;
  console.error(`Import #${job.id} (${job.filename}) failed`, error);
  return fromDatabase(error) ? 'a database error (see the server log)' : 'an unexpected error (see the server log)';
}

/** A failed query: drizzle's error (it carries the query) or the driver's, in the chain of causes. */
function fromDatabase(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { name?: string }).name === 'PostgresError' || 'query' in current) return true;
  }
  return false;
}

/** The job this upload runs under: the file's unfinished one resumed, or a new one with its audit row. */
async function openJob(deps: { db: Database; now: () => Date }, upload: Upload, file: StoryFile, actor: { userId: number; ip: string | null }): Promise<ImportJob> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import:${upload.sha256}`}, 0))`);
    const [unfinished] = await tx
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.fileHash, upload.sha256), inArray(importJobs.status, ['running', 'failed'])))
      .orderBy(desc(importJobs.createdAt))
      .limit(1)
      .for('update');
    if (unfinished?.status === 'running' && unfinished.updatedAt > new Date(at.getTime() - staleSeconds * 1000)) {
      throw conflict('This file is being imported: follow its progress');
    }
    if (unfinished) {
      // A crash or a failure half-way: this upload resumes after the last batch written.
      const [resumed] = await tx
        .update(importJobs)
        .set({ status: 'running', failure: null, finishedAt: null, total: file.total, updatedAt: at })
        .where(eq(importJobs.id, unfinished.id))
        .returning();
      return resumed!;
    }
    const [created] = await tx
      .insert(importJobs)
      .values({ filename: upload.filename, fileHash: upload.sha256, kind: file.kind, total: file.total, createdBy: actor.userId, updatedAt: at })
      .returning();
    await recordAudit(tx, {
      action: 'file_imported',
      actorId: actor.userId,
      subject: `import:${created!.id}`,
      ip: actor.ip,
      details: { filename: upload.filename, bytes: upload.bytes, sha256: upload.sha256, kind: file.kind, rows: file.total },
      at,
    });
    return created!;
  });
}
