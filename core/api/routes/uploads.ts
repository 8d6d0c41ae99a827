import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { isServiceError, ServiceError, unavailable, validationError } from '../../model/index.js';
import { importFailure } from '../../store/import-failure.js';
import { firstBytesCheck } from './upload-signatures.js';

/** One upload's bound: above any file the Catastro or EGMS publish per area, below a disk filled by a wrong pick. */
export const MAX_UPLOAD_FILE_BYTES = 8 * 1024 ** 3;
/** Files in one pick (a desktop dialog's multi-selection: a municipality's zips, a shapefile and its sidecars). */
export const MAX_UPLOAD_FILES = 100;

/** @fastify/multipart's limits for the session routes that take picked files: files only, no other fields. */
const UPLOAD_LIMITS = { files: MAX_UPLOAD_FILES, fileSize: MAX_UPLOAD_FILE_BYTES, fields: 0, parts: MAX_UPLOAD_FILES, headerPairs: 100 };

/**
 * Makes a scope of upload routes ready: multipart with UPLOAD_LIMITS, and a refusal sent before the
 * upload was read whole (a wrong kind, a file the import does not read) closes the connection. Node
 * drops the rest of such a body and closes the socket; a client that meanwhile reused the kept-alive
 * connection for its next request got ECONNRESET instead of an answer.
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Where picks are written, one folder each: `<data>/uploads`. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** How old a pick's folder must be before a starting server takes it for one a stopped server left. */
const STALE_UPLOAD_MS = 24 * 3600_000;

/**
 * Removes the pick folders a stopped server left (killed mid-upload or mid-import, a layer pick
 * never imported). Only those a day old: another app on the same data folder may be using its own.
 */
export async function removeStaleUploads(dataDir: string): Promise<void> {
  const dir = uploadsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const folder = path.join(dir, name);
    const modified = await stat(folder).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > STALE_UPLOAD_MS) await rm(folder, { recursive: true, force: true });
  }
}

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();

/** A picked file's name as stored: the name alone, nothing that climbs out of the upload folder, an ending the importer reads. */
function uploadName(name: string, accepted: readonly string[], what: string): string {
  const base = path.basename(name.replaceAll('\\', '/'));
  const extension = extensionOf(base);
  // Control characters (a NUL made the file system call throw: a 500) are in no name a file dialog gives.
  if (!base || base === '.' || base === '..' || base.length > 255 || /[\u0000-\u001f\u007f]/.test(base) || !extension || !accepted.includes(extension)) {
    throw validationError(`"${name.slice(0, 120)}" is not a file the import reads: ${what}.`);
  }
  return base;
}

/** The body's declared length arrived, but its last file did not end (no closing multipart boundary). */
const uploadCutShort = () =>
  validationError(
    'The upload was cut short: its last file did not end (the multipart body has no closing boundary). Nothing was imported; send the files again.',
  );

/**
 * Writes the files of one multipart request, as they arrive, into `folder` (created), under their
 * own names, together: a GML finds its metadata file and a shapefile its .dbf beside it, as from
 * a desktop dialog's pick. Never held in memory. Returns their paths in the order sent.
 */
export async function receivePickedFiles(request: FastifyRequest, folder: string, accepted: readonly string[], what: string): Promise<string[]> {
  if (!request.isMultipart()) throw validationError('Send the files to import as multipart/form-data.');
  await mkdir(folder, { recursive: true });
  const files: string[] = [];
  try {
    for await (const part of request.files()) {
      const file = path.join(folder, uploadName(part.filename, accepted, what));
      if (files.includes(file)) throw validationError(`${path.basename(file)} is in the pick twice.`);
      // A part the parser gave up on before we got it (the body ended inside it) is destroyed
      // without an error and never ends: piping it waited forever, the request never answered.
      if (part.file.destroyed && !part.file.readableEnded) throw uploadCutShort();
      // Its first bytes are checked as they arrive: a wrong file is refused before the rest is read.
      await pipeline(part.file, firstBytesCheck(path.basename(file), extensionOf(file) ?? ''), createWriteStream(file, { flags: 'wx' }));
      files.push(file);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (/terminated early|Unexpected end of multipart data/.test((error as Error).message ?? '')) throw uploadCutShort();
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw validationError(
        `A file is larger than ${MAX_UPLOAD_FILE_BYTES / 1024 ** 3} GiB; import it with the command line (catastro import, catastro import-layers).`,
      );
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw validationError(`At most ${MAX_UPLOAD_FILES} files at once.`);
    if (code === 'FST_FIELDS_LIMIT') throw validationError('Send only files: the import takes no other form fields.');
    if (code === 'ENOSPC') throw unavailable('The disk of the data folder is full: nothing was imported.');
    throw error;
  }
  if (files.length === 0) throw validationError('Pick at least one file to import.');
  return files;
}

/** A value with every path inside `folder` said relative to it (a picked file: its name as picked). */
function relativeTo(folder: string, value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(`${folder}${path.sep}`, '');
  if (Array.isArray(value)) return value.map((item) => relativeTo(folder, item));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, relativeTo(folder, item)]));
  return value;
}

/**
 * The importer's refusal as the spec's error (importFailure: 400 for the user's file, 503 for a
 * copy another process is writing), the upload folder's path (inside the data folder) left out of
 * the message and of its data (`file`, `imported[].file`): files are named as they were picked.
 */
export function importRefusal(error: unknown, folder: string): unknown {
  const refusal = importFailure(error);
  if (!isServiceError(refusal)) return refusal;
  return new ServiceError(refusal.code, relativeTo(folder, refusal.message) as string, relativeTo(folder, refusal.data) as Record<string, unknown> | undefined);
}
