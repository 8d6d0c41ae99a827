import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  HAZARD_LAYER_EXTENSIONS,
  HAZARD_LAYER_KINDS,
  SHAPEFILE_SIDECAR_EXTENSIONS,
  validationError,
  type HazardLayerKind,
  type HazardLayerProgress,
  type HazardLayerResult,
  type PickedLayerFiles,
} from '../../model/index.js';
import type { CatastroService } from '../../service.js';
import { APP_SESSION_ROUTE } from '../plugins/route-access.js';
import { streamRun } from './ndjson-run.js';
import { acceptUploads, importRefusal, receivePickedFiles, uploadsDir } from './uploads.js';

const PickQuery = Type.Object({ kind: Type.Union(HAZARD_LAYER_KINDS.map((kind) => Type.Literal(kind))) });
const ImportBody = Type.Object({
  selection: Type.String({ minLength: 1, maxLength: 64 }),
  mapping: Type.Optional(Type.Unknown()),
  country: Type.Optional(Type.Unknown()),
});

/**
 * Hazard layers picked in the browser app of `catastro start`, the same two steps as the desktop's
 * (electron/layer-files.ts): the pick is uploaded and kept under an id, with the first file's field
 * names for a national layer's mapping form; the import then names that id with the mapping, and
 * its progress is streamed as NDJSON (ndjson-run.ts). One pick is kept at a time; it stays after
 * a failed import so a corrected mapping needs no new upload, and goes after a successful one.
 * The facade checks the mapping and the files as for the desktop and the CLI.
 */
export async function appLayerRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  await acceptUploads(app);
  type Pick = { id: string; kind: HazardLayerKind; folder: string; files: string[] };
  let picked: Pick | null = null;
  // A pick being imported keeps its files until its import ends, even when another pick replaced it meanwhile.
  const importing = new Set<Pick>();
  const drop = async (pick: Pick | null) => {
    if (pick && !importing.has(pick)) await rm(pick.folder, { recursive: true, force: true });
  };
  app.addHook('onClose', async () => {
    await drop(picked);
  });

  app.post<{ Querystring: Static<typeof PickQuery> }>(
    '/api/app/layer-picks',
    { config: APP_SESSION_ROUTE, schema: { hide: true, querystring: PickQuery } },
    async (request) => {
      const { kind } = request.query;
      const id = randomUUID();
      const folder = path.join(uploadsDir(service.dataDir), id);
      try {
        const accepted = [...HAZARD_LAYER_EXTENSIONS[kind], ...(HAZARD_LAYER_EXTENSIONS[kind].includes('shp') ? SHAPEFILE_SIDECAR_EXTENSIONS : [])];
        const endings = HAZARD_LAYER_EXTENSIONS[kind].map((e) => `.${e}`).join(', ');
        const sent = await receivePickedFiles(
          request,
          folder,
          accepted,
          accepted.length > HAZARD_LAYER_EXTENSIONS[kind].length ? `${endings} (a shapefile with its .dbf, .shx and .prj)` : endings,
        );
        const files = sent.filter((file) => !SHAPEFILE_SIDECAR_EXTENSIONS.includes(path.extname(file).slice(1).toLowerCase()));
        if (files.length === 0) throw validationError("A shapefile's .shp is missing from the pick.");
        // Only a national layer needs a mapping; its fields come from the first file, as the importer checks them.
        const fields = kind === 'designated-areas' ? await service.hazardLayerFields(files[0]) : [];
        const previous = picked;
        picked = { id, kind, folder, files };
        await drop(previous);
        const answer: PickedLayerFiles = { selection: id, kind, files: files.map((file) => path.basename(file)), fields };
        return { success: true, data: answer };
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw importRefusal(error, folder);
      }
    },
  );

  app.post<{ Body: Static<typeof ImportBody> }>(
    '/api/app/layer-imports',
    { config: APP_SESSION_ROUTE, schema: { hide: true, body: ImportBody } },
    (request, reply) => {
      const pick = picked;
      if (!pick || pick.id !== request.body.selection) throw validationError('Those files are no longer picked; choose them again.');
      const { mapping, country } = request.body;
      return streamRun<HazardLayerProgress, HazardLayerResult[]>(
        request,
        reply,
        async (onProgress) => {
          importing.add(pick);
          try {
            const shown = <T extends { file: string }>(item: T): T => ({ ...item, file: path.basename(item.file) });
            const results = await service.importHazardLayers({ kind: pick.kind, files: pick.files, mapping, country }, (progress) =>
              onProgress(shown(progress)),
            );
            if (picked === pick) picked = null;
            return results.map(shown);
          } catch (error) {
            throw importRefusal(error, pick.folder);
          } finally {
            importing.delete(pick);
            if (picked !== pick) await drop(pick);
          }
        },
        'The layer import',
      );
    },
  );
}
