import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { importJobs } from '../../../../db/schema/index.ts';
import { recordAudit } from '../../../auth/audit.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, conflict, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import { analyseStoryFile, runImport } from '../../../imports/import.ts';
import { openStoryFile } from '../../../imports/story-file.ts';
import { receiveUpload } from '../../../imports/upload.ts';
import { noStoriesMessage } from '../../../shared/admin-schemas.ts';
import { idParam } from '../../../shared/params.ts';


type Job = typeof importJobs.$inferSelect;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A job as the card reads it: the spec's answer fields, and where the import stands. */
function jobAnswer(job: Job) {
  const noun = job.kind === 'policies' ? 'policies' : 'stories';
  const running = job.status === 'running';
  const message =
    job.status === 'failed'
      ? `Import failed: ${job.failure ?? 'unknown error'}`
      : `${running ? 'Importing' : 'Imported'} ${job.imported} ${noun} of ${job.total}; ${plural(job.duplicates, 'duplicate')} skipped${job.errorCount ? `; ${plural(job.errorCount, 'row')} refused` : ''}${running ? ` (${plural(job.rowsDone, 'row')} read so far)` : ''}`;
  return {
    success: job.status !== 'failed',
    message,
    total: job.total,
    imported: job.imported,
    duplicates: job.duplicates,
    errors: job.errors,
    errorCount: job.errorCount,
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    rowsDone: job.rowsDone,
  };
}

/** A running job whose row has not moved for this long belongs to a process that died: it may be resumed. */
const staleSeconds = 30;

/**
 * The Database File Upload card's calls (spec section 7): analyse a file, import it, follow an
 * import. The upload is streamed to a temporary file (api/imports/upload.ts) that is removed when
 * the call, or the import it started, ends.
 */
export function adminImportRoutes(deps: AppDeps) {
  const limits = { maxMegabytes: deps.config.IMPORT_MAX_MEGABYTES };
  return new Hono<SignedInEnv>()
    .post('/analyze-db-file', async (c) => {
      const upload = await receiveUpload(c.req.raw, limits);
      try {
        const file = await openStoryFile(upload);
        if (!file) return c.json({ success: false, message: noStoriesMessage, total: 0, duplicates: 0, kind: 'stories' as const });
        try {
          const counts = await analyseStoryFile(deps.db, file);
          const noun = file.kind === 'policies' ? 'policies' : 'stories';
          return c.json({
            success: true,
            message: `${counts.total} ${noun} in table "${file.table}": ${counts.duplicates} already imported${counts.errorCount ? `, ${plural(counts.errorCount, 'row')} that can't be imported` : ''}`,
            total: counts.total,
            duplicates: counts.duplicates,
            kind: file.kind,
          });
        } finally {
          file.close();
        }
      } finally {
        await upload.discard();
      }
    })
    .post('/import-db-file', async (c) => {
      const upload = await receiveUpload(c.req.raw, limits);
      let handedOver = false;
      try {
        const file = await openStoryFile(upload);
        if (!file) throw new AppError('unprocessable', noStoriesMessage);
        const at = deps.now();
        let job: Job;
        try {
          job = await deps.db.transaction(async (tx) => {
            // One import of a file at a time: the same file sent twice at once waits for the lock.
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
              .values({ filename: upload.filename, fileHash: upload.sha256, kind: file.kind, total: file.total, createdBy: c.get('user').id, updatedAt: at })
              .returning();
            await recordAudit(tx, {
              action: 'file_imported',
              actorId: c.get('user').id,
              subject: `import:${created!.id}`,
              ip: clientIp(c),
              details: { filename: upload.filename, bytes: upload.bytes, sha256: upload.sha256, kind: file.kind, rows: file.total },
              at,
            });
            return created!;
          });
        } catch (error) {
          file.close();
          throw error;
        }

        // The import outlives this request when it must: the job row is its state, and the file
        // stays until it ends.
        handedOver = true;
        const importing = runImport(deps.db, file, job, { now: deps.now })
          .catch(async (error: unknown) => {
            const failure = error instanceof Error ? error.message : String(error);
            const [failed] = await deps.db
              .update(importJobs)
              .set({ status: 'failed', failure: failure.slice(0, 500), finishedAt: deps.now(), updatedAt: deps.now() })
              .where(eq(importJobs.id, job.id))
              .returning();
            return failed ?? job;
          })
          // The file goes before the import counts as ended: an answer given after this saw it gone.
          .finally(async () => {
            file.close();
            await upload.discard();
          });
        const answerBy = new Promise<'later'>((resolve) => setTimeout(() => resolve('later'), deps.config.IMPORT_ANSWER_SECONDS * 1000).unref());
        const outcome = await Promise.race([importing, answerBy]);
        if (outcome === 'later') {
          const [now] = await deps.db.select().from(importJobs).where(eq(importJobs.id, job.id));
          return c.json(jobAnswer(now ?? job), 202);
        }
        return c.json(jobAnswer(outcome), outcome.status === 'failed' ? 422 : 200);
      } finally {
        if (!handedOver) await upload.discard();
      }
    })
    .get('/import-jobs/:id', validate('param', z.object({ id: idParam('an import') })), async (c) => {
      const [job] = await deps.db.select().from(importJobs).where(eq(importJobs.id, c.req.valid('param').id));
      if (!job) throw notFound('Import not found');
      return c.json(jobAnswer(job));
    });
}
