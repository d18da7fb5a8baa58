import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { importJobs, users } from '../../../../db/schema/index.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import { analyseUpload, importUpload, type ImportJob } from '../../../imports/start.ts';
import { readLimitsOf } from '../../../imports/story-file.ts';
import { receiveUpload } from '../../../imports/upload.ts';
import { noStoriesMessage } from '../../../shared/admin-schemas.ts';
import { idParam } from '../../../shared/params.ts';
import { countOf } from '../../../shared/plural.ts';

/** How many imports the upload card's history lists: the newest. */
const importHistoryLength = 20;

/** A job as the card reads it: the spec's answer fields, and where the import stands. */
function jobAnswer(job: ImportJob) {
  const noun = job.kind === 'policies' ? 'policy' : 'story';
  const running = job.status === 'running';
  const message =
    job.status === 'failed'
      ? `Import failed: ${job.failure ?? 'unknown error'}`
      : `${running ? 'Importing' : 'Imported'} ${countOf(job.imported, noun)} of ${job.total}; ${countOf(job.duplicates, 'duplicate')} skipped${job.errorCount ? `; ${countOf(job.errorCount, 'row')} refused` : ''}${running ? ` (${countOf(job.rowsDone, 'row')} read so far)` : ''}`;
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

/**
 * The Database File Upload card's calls (spec section 7): analyse a file, import it, follow an
 * import. The upload is streamed to a temporary file (api/imports/upload.ts) that is removed when
 * the call, or the import it started, ends.
 */
export function adminImportRoutes(deps: AppDeps) {
  const limits = { maxMegabytes: deps.config.IMPORT_MAX_MEGABYTES };
  const readLimits = readLimitsOf(deps.config);
  return new Hono<SignedInEnv>()
    .post('/analyze-db-file', async (c) => {
      const analysed = await analyseUpload(deps.db, await receiveUpload(c.req.raw, limits), readLimits);
      if (!analysed) return c.json({ success: false, message: noStoriesMessage, total: 0, duplicates: 0, kind: 'stories' as const, usedColumns: [] as string[], ignoredColumns: [] as string[], notes: [] as string[] });
      const { counts, kind, table, usedColumns, ignoredColumns } = analysed;
      const noun = kind === 'policies' ? 'policy' : 'story';
      return c.json({
        success: true,
        message: `${countOf(counts.total, noun)} in table "${table}": ${counts.duplicates} already imported${counts.errorCount ? `, ${countOf(counts.errorCount, 'row')} that can't be imported` : ''}`,
        total: counts.total,
        duplicates: counts.duplicates,
        kind,
        usedColumns,
        ignoredColumns,
        notes: counts.notes ?? [],
      });
    })
    .post('/import-db-file', async (c) => {
      const upload = await receiveUpload(c.req.raw, limits);
      const { job, finished } = await importUpload({ db: deps.db, now: deps.now, answerSeconds: deps.config.IMPORT_ANSWER_SECONDS, limits: readLimits }, upload, { userId: c.get('user').id, ip: clientIp(c) });
      if (!finished) return c.json(jobAnswer(job), 202);
      return c.json(jobAnswer(job), job.status === 'failed' ? 422 : 200);
    })
    // The upload card's history: which file, who, when, and what came of it (issue 30).
    .get('/import-jobs', async (c) => {
      const rows = await deps.db
        .select({ job: importJobs, by: { id: users.id, name: users.name } })
        .from(importJobs)
        .leftJoin(users, eq(users.id, importJobs.createdBy))
        .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
        .limit(importHistoryLength);
      return c.json({
        imports: rows.map(({ job, by }) => ({
          ...jobAnswer(job),
          filename: job.filename,
          createdAt: job.createdAt.toISOString(),
          finishedAt: job.finishedAt?.toISOString() ?? null,
          createdBy: by?.id ? { id: by.id, name: by.name } : null,
        })),
      });
    })
    .get('/import-jobs/:id', validate('param', z.object({ id: idParam('an import') })), async (c) => {
      const [job] = await deps.db.select().from(importJobs).where(eq(importJobs.id, c.req.valid('param').id));
      if (!job) throw notFound('Import not found');
      return c.json(jobAnswer(job));
    });
}
