import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { z } from 'zod';
import { loadPolicyRecords } from '../../db/policy-records.ts';
import type { AppDeps } from '../app-deps.ts';
import { toPolicyDetails } from '../policies/detail.ts';
import { maxRecordId, optionalParam, wholeNumber } from '../shared/params.ts';
import { toPolicyDetail } from './shapes.ts';
import type { SyncChange } from './sync.ts';

/**
 * The bulk download (docs/public-api.md, "Bulk data"): every live policy the key's user may read,
 * in id order, one JSON object a line (the sync's change shape), gzipped. It is streamed: the
 * policies are read a batch at a time, and the next batch only when gzip and the socket have
 * taken the last (a Readable pulls from the generator as it is read), so neither the corpus nor
 * its compressed form is ever held in memory. `after` resumes it after the last whole line's id.
 */

const batchSize = 200;

export const bulkQuerySchema = z.object({ after: optionalParam(wholeNumber(0, maxRecordId)).default(0) });

async function* lines(deps: Pick<AppDeps, 'db'>, options: { after: number; entitled: boolean }): AsyncGenerator<string> {
  let after = options.after;
  for (;;) {
    const records = await loadPolicyRecords(deps.db, { afterId: after, limit: batchSize });
    if (records.length === 0) return;
    const details = await toPolicyDetails(deps, records, options.entitled);
    let text = '';
    records.forEach((record, index) => {
      const line: SyncChange = {
        id: record.id,
        deleted: false,
        changedAt: record.updatedAt.toISOString(),
        addedAt: record.createdAt.toISOString(),
        policy: toPolicyDetail(details[index]!),
      };
      text += `${JSON.stringify(line)}\n`;
    });
    yield text;
    after = records.at(-1)!.id;
  }
}

/** The gzipped JSON Lines as a web stream, for a Response. */
export function bulkDownload(deps: Pick<AppDeps, 'db'>, options: { after: number; entitled: boolean }): ReadableStream<Uint8Array> {
  const gzip = createGzip();
  // A reader who hangs up destroys the gzip stream, and pipeline then stops the reading; a failed
  // read ends the download early, which the reader sees as a cut gzip stream and resumes.
  pipeline(Readable.from(lines(deps, options), { objectMode: false, highWaterMark: 1 }), gzip, (error) => {
    if (error && error.name !== 'AbortError' && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') console.warn(`Bulk download stopped: ${error.message}`);
  });
  return Readable.toWeb(gzip) as ReadableStream<Uint8Array>;
}
