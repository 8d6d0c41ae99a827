import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import type { TileParamsT } from '../../model/http-schemas.js';
import { operationRoutes } from '../operation-route.js';
import { CopyGenerationCache } from '../copy-generation-cache.js';
import { bboxFromText } from '../../input.js';

/** Kept tiles, in bytes: about 3,000 z13 tiles of a dense town, far more of a rural one. */
const TILE_CACHE_BYTES = 64 * 1024 * 1024;
/** An empty tile, kept too: a map panning over the copy's edge asks for many. */
const EMPTY_TILE = Buffer.alloc(0);

/** `a,b,c,d` as numbers (an empty text as none); the facade checks the box (core/input.ts requireBBox). */
/**
 * Endpoints for the map (beyond the spec's list): parcel vector tiles from the local copy, hazard
 * overlays. Tiles and overlays hold the copy's references and outlines, so with keys
 * on they need a key and cost like any call: 1 unit per tile or overlay with data, nothing for an
 * empty one (204 tile, no features).
 */
export async function mapRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  // A tile is a pure function of the copy's data: kept until the copy changes (an import, a live answer cached).
  const tiles = new CopyGenerationCache<Buffer>({
    generation: () => service.store.dataGeneration(),
    maxSize: TILE_CACHE_BYTES,
    sizeOf: (tile) => tile.byteLength,
  });
  const [tileRoute] = operationRoutes('parcelTile');
  app.route<{ Params: TileParamsT }>({
    ...tileRoute,
    handler: async (request, reply) => {
      const { z, x, y } = request.params;
      const key = `${z}/${x}/${y}`;
      let tile = tiles.get(key);
      if (tile === undefined) {
        const builtAt = tiles.currentGeneration();
        const made = await service.parcelTileOfCopy(z, x, y);
        tile = made ? Buffer.from(made) : EMPTY_TILE; // a copy of exactly its bytes: the encoder's buffer may be larger
        tiles.set(key, tile, builtAt);
      }
      if (tile.byteLength === 0) {
        reply.quotaCost = 0; // an empty tile carries no data (spec Limits: 2xx without data is free)
        return reply.status(204).send();
      }
      return reply.type('application/vnd.mapbox-vector-tile').header('Cache-Control', 'no-cache').send(tile);
    },
  });

  const [overlayRoute] = operationRoutes('overlay');
  app.route<{ Params: { kind: string }; Querystring: { bbox?: string; limit?: string } }>({
    ...overlayRoute,
    handler: async (request, reply) => {
      const data = service.overlay(request.params.kind, bboxFromText(request.query.bbox), request.query.limit);
      if (data.features.length === 0) reply.quotaCost = 0;
      return { success: true, data };
    },
  });

  const [buildingRoute] = operationRoutes('copyBuilding');
  app.route<{ Params: { refcat: string } }>({
    ...buildingRoute,
    handler: async (request) => ({ success: true, data: await service.copyBuilding(request.params.refcat) }),
  });

  const [extentsRoute] = operationRoutes('extents');
  app.route({
    ...extentsRoute,
    handler: async (_request, reply) => {
      const data = service.extents();
      if (data.length === 0) reply.quotaCost = 0;
      return { success: true, data };
    },
  });
}
