import { format } from 'date-fns';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthEnv } from '../../auth/session.ts';
import { countExport, requireExporter } from '../../exports/access.ts';
import { attachmentName } from '../../exports/file-name.ts';
import { csvStream, xlsxStream } from '../../exports/list-files.ts';
import { collectionPolicyIds, exportRows, searchResultIds } from '../../exports/list-rows.ts';
import { checkExportLength, loadPolicyExport } from '../../exports/policy-content.ts';
import { validate } from '../../http/validation.ts';
import { idParam } from '../../shared/params.ts';
import { listExportQuerySchema, policyExportQuerySchema, searchExportQuerySchema, type ListExportFormat } from '../../shared/export-schemas.ts';
import { policyIdParamSchema } from '../../shared/search.ts';

const contentTypes = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const collectionParamSchema = z.object({ id: idParam('a collection') });

/**
 * The export calls: a policy as PDF or Word, a search or a collection as CSV or Excel. Each asks,
 * in order: may this reader export at all (403, the call to subscribe), is there such a thing for
 * them (404) and not too large (422), then counts the export (429 past the hourly limit) and
 * sends the file as a download named after its title. A policy's file is made in a worker thread,
 * at most WORK_TASKS_PER_USER of a user's at once (429 past it).
 */
export function exportRoutes(deps: AppDeps) {
  const policyUrl = (id: number) => `${deps.config.APP_URL}/policy/${id}`;

  const sendList = (c: Context, ids: number[], fileTitle: string, fallback: string, fileFormat: ListExportFormat) => {
    const rows = exportRows(deps.db, ids);
    const body = fileFormat === 'csv' ? csvStream(rows, policyUrl) : xlsxStream(rows, policyUrl, 'Policies');
    return c.body(body, 200, {
      'Content-Type': contentTypes[fileFormat],
      'Content-Disposition': attachmentName(fileTitle, fallback, fileFormat),
      'X-Export-Rows': String(ids.length),
    });
  };

  return new Hono<AuthEnv>()
    .get('/policies/:id/export', validate('param', policyIdParamSchema), validate('query', policyExportQuerySchema), async (c) => {
      const reader = await requireExporter(deps, c.var.user);
      const { id } = c.req.valid('param');
      const options = c.req.valid('query');
      const policy = await loadPolicyExport(deps, id, reader, options.layout);
      checkExportLength(policy, deps.config.EXPORT_MAX_CHARACTERS);
      await countExport(deps, reader);
      // Rendered in a worker thread: a long policy takes seconds of CPU (decision 021).
      const file = await deps.threads.run(options.format === 'pdf' ? 'renderPdf' : 'renderDocx', { policy, paper: options.paper }, `user:${reader.id}`);
      return c.body(file, 200, {
        'Content-Type': contentTypes[options.format],
        'Content-Disposition': attachmentName(policy.title, `policy-${id}`, options.format),
      });
    })
    .get('/search/export', validate('query', searchExportQuerySchema), async (c) => {
      const reader = await requireExporter(deps, c.var.user);
      const { format: fileFormat, ...criteria } = c.req.valid('query');
      const ids = await searchResultIds(deps, criteria, { entitled: true });
      await countExport(deps, reader);
      const name = `Policies ${criteria.q ? `${criteria.q} ` : ''}${format(deps.now(), 'yyyy-MM-dd')}`;
      return sendList(c, ids, name, `policies-${format(deps.now(), 'yyyy-MM-dd')}`, fileFormat);
    })
    .get('/collections/:id/export', validate('param', collectionParamSchema), validate('query', listExportQuerySchema), async (c) => {
      const reader = await requireExporter(deps, c.var.user);
      const collection = await collectionPolicyIds(deps.db, c.req.valid('param').id, reader.id);
      await countExport(deps, reader);
      return sendList(c, collection.ids, collection.name, `collection-${c.req.valid('param').id}`, c.req.valid('query').format);
    });
}
