import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { sourceRuns } from '../../../../db/schema/index.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { recordAudit } from '../../../auth/audit.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validation.ts';
import {
  sourceChangeSchema,
  sourceCodeParamSchema,
  sourcePreviewSchema,
  sourceRunsQuerySchema,
  type SourceRunsAnswer,
  type SourcesAnswer,
  listPageLine,
} from '../../../shared/source-schemas.ts';
import { sourceForUrl } from '../../../sources/catalogue.ts';
import { autoProcess } from '../../../sources/config.ts';
import { toSourceRun, summariseSources } from '../../../sources/health.ts';
import { previewPage } from '../../../sources/preview.ts';
import { queueRuns } from '../../../sources/run-status.ts';
import { loadSource, loadSources, saveSourceSettings } from '../../../sources/sources.ts';

/**
 * The Sources tab (issue 31): the 14 sources with how each stands, an admin's change of one (enabled,
 * list pages; audit-logged), Run now, a source's runs, and a preview of what the extractors read from
 * a page (nothing written). The role guard is the admin app's.
 */
export function adminSourceRoutes(deps: AppDeps) {
  const sourceOr404 = async (code: string) => {
    const source = await loadSource(deps.db, code);
    if (!source) throw notFound('Source not found');
    return source;
  };
  const sourceOfUrl = async (url: string) => {
    const watched = sourceForUrl(url);
    return watched ? loadSource(deps.db, watched.code) : undefined;
  };
  return new Hono<SignedInEnv>()
    .get('/', async (c) => {
      const sources = await loadSources(deps.db);
      const answer: SourcesAnswer = {
        scrapersEnabled: deps.config.SCRAPERS_ENABLED,
        autoProcess: autoProcess(deps.config),
        schedule: deps.config.SOURCES_CRON,
        sources: await summariseSources(deps.db, sources, deps.config, deps.now()),
      };
      return c.json(answer);
    })
    .post('/preview', jsonBodyLimit, validate('json', sourcePreviewSchema), async (c) => {
      const request = c.req.valid('json');
      // Without a source named, a page of a watched site is read with that site's readers.
      const source = request.source === undefined ? await sourceOfUrl(request.url) : await sourceOr404(request.source);
      return c.json(await previewPage(deps.fetcher, request, source));
    })
    .patch('/:code', jsonBodyLimit, validate('param', sourceCodeParamSchema), validate('json', sourceChangeSchema), async (c) => {
      const { code } = c.req.valid('param');
      const change = c.req.valid('json');
      const before = await sourceOr404(code);
      // The guard the runs fetch through judges each list page now (DNS included), not only when a
      // run reaches it: named by its line in the editor, 1-based.
      const refused = await Promise.all((change.listUrls ?? []).map((url) => deps.fetcher.refusedHost(url)));
      const line = refused.findIndex((why) => why !== null);
      if (line >= 0) throw new AppError('unprocessable', `${listPageLine(line)} must point at a public internet address (not this network, a private or a special one)`);
      const at = deps.now();
      await deps.db.transaction(async (tx) => {
        await saveSourceSettings(tx, code, change, c.get('user').id, at);
        await recordAudit(tx, {
          action: 'source_updated',
          actorId: c.get('user').id,
          subject: `source:${code}`,
          ip: clientIp(c),
          details: { before: { enabled: before.enabled, listUrls: before.lists.map((list) => list.url) }, after: change },
          at,
        });
      });
      const [summary] = await summariseSources(deps.db, [(await loadSource(deps.db, code))!], deps.config, deps.now());
      return c.json({ source: summary!, message: `${before.name} saved` });
    })
    .post('/:code/run', jsonBodyLimit, validate('param', sourceCodeParamSchema), async (c) => {
      const { code } = c.req.valid('param');
      const source = await sourceOr404(code);
      const at = deps.now();
      const run = await deps.db.transaction(async (tx) => {
        const [queued] = await queueRuns(tx, [code], { trigger: 'manual', requestedBy: c.get('user').id, now: at });
        if (!queued) throw new AppError('conflict', 'The run of this source could not be queued; try again');
        if (queued.queued) {
          await deps.jobs.enqueue(tx, [{ name: 'run-source', data: { runId: queued.runId } }]);
          await recordAudit(tx, { action: 'source_run_requested', actorId: c.get('user').id, subject: `source:${code}`, ip: clientIp(c), details: { runId: queued.runId }, at });
        }
        return queued;
      });
      const message = run.queued ? `Run of ${source.name} queued` : `A run of ${source.name} is already in progress`;
      return c.json({ runId: run.runId, queued: run.queued, message }, 202);
    })
    .get('/:code/runs', validate('param', sourceCodeParamSchema), validate('query', sourceRunsQuerySchema), async (c) => {
      const { code } = c.req.valid('param');
      const { page, pageSize } = c.req.valid('query');
      await sourceOr404(code);
      const [rows, [total]] = await Promise.all([
        deps.db
          .select()
          .from(sourceRuns)
          .where(eq(sourceRuns.sourceCode, code))
          .orderBy(desc(sourceRuns.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        deps.db.select({ runs: count() }).from(sourceRuns).where(eq(sourceRuns.sourceCode, code)),
      ]);
      const answer: SourceRunsAnswer = { runs: rows.map(toSourceRun), total: total?.runs ?? 0, page, pageSize };
      return c.json(answer);
    });
}
