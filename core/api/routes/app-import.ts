import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORTABLE_EXTENSIONS, isServiceError, unavailable, validationError, type ImportProgress, type ImportResult } from '../../model/index.js';
import type { CatastroService } from '../../service.js';
import { APP_SESSION_ROUTE } from '../plugins/route-access.js';
import { streamRun } from './ndjson-run.js';

/** One upload's bound: above any file the Catastro publishes per municipality, below a disk filled by a wrong pick. */
export const MAX_IMPORT_FILE_BYTES = 8 * 1024 ** 3;
/** Files in one pick (the desktop dialog's multi-selection: a municipality's zips, or a GML and its metadata). */
export const MAX_IMPORT_FILES = 100;

/** A file name the import may be given: the name alone, nothing that climbs out of the upload folder. */
function uploadName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/'));
  const extension = /\.([a-z]+)$/i.exec(base)?.[1]?.toLowerCase();
  if (!base || base === '.' || base === '..' || base.length > 255 || !extension || !(IMPORTABLE_EXTENSIONS as readonly string[]).includes(extension)) {
    throw validationError(`"${name.slice(0, 120)}" is not a file the import reads: INSPIRE GML (.gml, .xml, .gml.gz), CAT (.cat) or a Catastro zip (.zip).`);
  }
  return base;
}

/**
 * Imports cadastre files picked in the browser app of `catastro start` (the desktop's File → Import
 * cadastre files, whose OS dialog gives paths; a browser can only send the files). One multipart
 * request holds the pick: its files are written as they arrive into a folder of their own under
 * `<data>/uploads` (together, so a GML finds its metadata file beside it, as from the desktop's
 * dialog), then imported with the facade's importFiles, progress streamed as NDJSON (ndjson-run.ts),
 * and the folder removed whatever happened. Session routes only (route-access.ts).
 */
export async function appImportRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { files: MAX_IMPORT_FILES, fileSize: MAX_IMPORT_FILE_BYTES, fields: 0, parts: MAX_IMPORT_FILES, headerPairs: 100 },
  });

  app.post('/api/app/imports', { config: APP_SESSION_ROUTE, schema: { hide: true } }, async (request, reply) => {
    const folder = path.join(service.dataDir, 'uploads', randomUUID());
    try {
      const files = await receiveFiles(request, folder);
      const shown = (file: string) => path.relative(folder, file);
      return await streamRun<ImportProgress, ImportResult[]>(request, reply, async (onProgress) => {
        try {
          const results = await service.importFiles(files, (progress) => onProgress({ ...progress, file: shown(progress.file) }));
          return results.map((result) => ({ ...result, file: shown(result.file) }));
        } catch (error) {
          throw importRefusal(error, folder);
        }
      }, 'The import');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
}

async function receiveFiles(request: FastifyRequest, folder: string): Promise<string[]> {
  if (!request.isMultipart()) throw validationError('Send the files to import as multipart/form-data.');
  await mkdir(folder, { recursive: true });
  const files: string[] = [];
  try {
    for await (const part of request.files()) {
      const file = path.join(folder, uploadName(part.filename));
      if (files.includes(file)) throw validationError(`${path.basename(file)} is in the pick twice.`);
      await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
      files.push(file);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError(`A file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 ** 3} GiB, more than any file the Catastro publishes per municipality; import it with \`catastro import\`.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw validationError(`At most ${MAX_IMPORT_FILES} files at once.`);
    if (code === 'FST_FIELDS_LIMIT') throw validationError('Send only files: the import takes no other form fields.');
    if (code === 'ENOSPC') throw unavailable('The disk of the data folder is full: nothing was imported.');
    throw error;
  }
  if (files.length === 0) throw validationError('Pick at least one file to import.');
  return files;
}

/**
 * The importer's refusal as the spec's error: its messages name the file and what is wrong with it
 * (not a readable zip, not INSPIRE GML…), the user's file being the cause, so 400; a copy another
 * process is writing is 503 (retry later). The upload folder's path is left out of the message.
 */
function importRefusal(error: unknown, folder: string): unknown {
  if (isServiceError(error) || !(error instanceof Error)) return error;
  const message = error.message.replaceAll(`${folder}${path.sep}`, '');
  return /another process is writing/.test(message) ? unavailable(message) : validationError(message);
}
