import busboy from 'busboy';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError, badRequest } from '../http/errors.ts';
import { fileTooLargeMessage, importFileRules, invalidFileTypeMessage } from '../shared/admin-schemas.ts';

/**
 * Receiving the Database File Upload card's file: the multipart field `dbFile`, streamed to a
 * temporary file as it arrives (never held in memory), hashed on the way, and refused the moment
 * it passes the limit: what was received is dropped and the connection closed, the rest never
 * read. The caller removes the file (`discard`) whatever happens next.
 */

export type UploadKind = 'sqlite' | 'sql';

export type Upload = { path: string; filename: string; kind: UploadKind; bytes: number; sha256: string; discard: () => Promise<void> };

/** Where uploads wait while they are read. */
export const uploadDirectory = path.join(os.tmpdir(), 'policy-tracker-uploads');

/**
 * Removes what a crashed process left (a file a day old is no upload in progress); called at the
 * API's start. Other API processes on the machine may be receiving uploads: theirs are newer.
 */
export async function removeLeftoverUploads(): Promise<void> {
  const names = await readdir(uploadDirectory).catch(() => [] as string[]);
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of names) {
    const file = path.join(uploadDirectory, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < dayAgo) await rm(file, { force: true });
  }
}

function kindOf(filename: string): UploadKind | null {
  const extension = path.extname(filename).slice(1).toLowerCase();
  if (!(importFileRules.extensions as readonly string[]).includes(extension)) return null;
  return extension === 'sql' ? 'sql' : 'sqlite';
}

/** Multipart headers and the other fields: a generous allowance above the file's own limit. */
const envelopeBytes = 64 * 1024;

export async function receiveUpload(request: Request, options: { maxMegabytes: number }): Promise<Upload> {
  const maxBytes = options.maxMegabytes * 1024 * 1024;
  const tooLarge = () => new AppError('payload_too_large', fileTooLargeMessage(options.maxMegabytes), { Connection: 'close' });
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field dbFile');
  // A declared size past the limit is refused before a byte of it is read.
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + envelopeBytes) throw tooLarge();
  if (!request.body) throw badRequest('Choose a file to upload (field dbFile)');

  await mkdir(uploadDirectory, { recursive: true, mode: 0o700 });
  const target = path.join(uploadDirectory, randomUUID());
  const discard = () => rm(target, { force: true });
  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  // The temporary file's stream: closed (its handle with it) before the file is removed, whatever ended the upload.
  let output = null as WriteStream | null;

  try {
    const upload = await new Promise<Omit<Upload, 'discard' | 'path'>>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 12 } });
      } catch {
        reject(badRequest('The upload is not valid multipart/form-data'));
        return;
      }
      let received: Promise<Omit<Upload, 'discard' | 'path'>> | null = null;
      const fail = (error: unknown) => {
        // Stop reading the request: what is left of it is never read.
        body.unpipe(parser);
        body.destroy();
        output?.destroy();
        reject(error);
      };
      parser.on('file', (field, file, info) => {
        if (field !== 'dbFile' || received) {
          file.resume();
          return;
        }
        const kind = kindOf(info.filename ?? '');
        if (!kind) {
          file.resume();
          fail(new AppError('unsupported_media_type', invalidFileTypeMessage));
          return;
        }
        const hash = createHash('sha256');
        let bytes = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            hash.update(chunk);
            done(null, chunk);
          },
        });
        // busboy cuts the file at the limit and says so here: the upload is refused at once, the rest never read.
        file.on('limit', () => fail(tooLarge()));
        output = createWriteStream(target, { mode: 0o600 });
        received = pipeline(file, counter, output).then(() => ({
          filename: path.basename(info.filename),
          kind,
          bytes,
          sha256: hash.digest('hex'),
        }));
        received.catch(fail);
      });
      parser.on('error', () => fail(badRequest('The upload is not valid multipart/form-data')));
      parser.on('close', () => {
        if (!received) {
          reject(badRequest('Choose a file to upload (field dbFile)'));
          return;
        }
        received.then(resolve, reject);
      });
      // The client went away half-way (closed the socket): nobody waits for an answer, and the upload is no fault of ours.
      body.on('error', () => fail(badRequest('The upload was cut off before its end')));
      body.pipe(parser);
    });
    if (upload.bytes === 0) throw badRequest('The file is empty');
    return { ...upload, path: target, discard };
  } catch (error) {
    if (output && !output.closed) {
      const closing = output;
      await new Promise<void>((resolve) => {
        closing.once('close', () => resolve());
        closing.destroy();
      });
    }
    await discard();
    throw error;
  }
}
