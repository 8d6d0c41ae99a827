import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMPORTABLE_EXTENSIONS, type ImportProgress, type ImportResult } from '../../model/index.js';
import type { CatastroService } from '../../service.js';
import { APP_SESSION_ROUTE } from '../plugins/route-access.js';
import { streamRun } from './ndjson-run.js';
import { acceptUploads, importRefusal, receivePickedFiles, uploadsDir } from './uploads.js';

/**
 * Imports cadastre files picked in the browser app of `catastro start` (the desktop's File → Import
 * cadastre files, whose OS dialog gives paths; a browser can only send the files). One multipart
 * request holds the pick: its files are written as they arrive into a folder of their own under
 * `<data>/uploads` (together, so a GML finds its metadata file beside it, as from the desktop's
 * dialog), then imported with the facade's importFiles, progress streamed as NDJSON (ndjson-run.ts),
 * and the folder removed whatever happened. Session routes only (route-access.ts).
 */
export async function appImportRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  await acceptUploads(app);

  app.post('/api/app/imports', { config: APP_SESSION_ROUTE, schema: { hide: true } }, async (request, reply) => {
    const folder = path.join(uploadsDir(service.dataDir), randomUUID());
    try {
      const files = await receivePickedFiles(request, folder, IMPORTABLE_EXTENSIONS, 'INSPIRE GML (.gml, .xml, .gml.gz), CAT (.cat) or a Catastro zip (.zip)');
      const shown = (file: string) => path.basename(file);
      return await streamRun<ImportProgress, ImportResult[]>(
        request,
        reply,
        async (onProgress) => {
          try {
            const results = await service.importFiles(files, (progress) => onProgress({ ...progress, file: shown(progress.file) }));
            return results.map((result) => ({ ...result, file: shown(result.file) }));
          } catch (error) {
            throw importRefusal(error, folder);
          }
        },
        'The import',
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
}
