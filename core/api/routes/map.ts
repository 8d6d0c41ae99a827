import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import { TileParams, type TileParamsT } from '../schemas.js';
import { Type } from '@sinclair/typebox';
import { OVERLAY_KINDS } from '../../model/index.js';
import { CopyGenerationCache } from '../copy-generation-cache.js';

/** Kept tiles, in bytes: about 3,000 z13 tiles of a dense town, far more of a rural one. */
const TILE_CACHE_BYTES = 64 * 1024 * 1024;
/** An empty tile, kept too: a map panning over the copy's edge asks for many. */
const EMPTY_TILE = Buffer.alloc(0);

/** `a,b,c,d` as numbers (an empty text as none); the facade checks the box (core/input.ts requireBBox). */
const bboxNumbers = (text: string | undefined): number[] => (text ?? '').split(',').map((v) => (v.trim() === '' ? Number.NaN : Number(v)));

/**
 * Endpoints for the map (beyond the spec's list): parcel vector tiles from the local copy, hazard
 * overlays. Tiles and overlays hold the copy's references and outlines, so with keys
 * on they need a key and cost like any call: 1 unit per tile or overlay with data, nothing for an
 * empty one (204 tile, no features).
 */
export async function mapRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  // A tile is a pure function of the copy's data: kept until the copy changes (an import, a live answer cached).
  const tiles = new CopyGenerationCache<Buffer>({ generation: () => service.copy.dataGeneration(), maxSize: TILE_CACHE_BYTES, sizeOf: (tile) => tile.byteLength });
  app.get<{ Params: TileParamsT }>('/api/tiles/parcels/:z/:x/:y.pbf', {
    schema: { tags: ['Map'], summary: 'Mapbox Vector Tile of the local copy (layer "parcels", property "ref"); 204 when empty', params: TileParams },
  }, async (request, reply) => {
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
    return reply
      .type('application/vnd.mapbox-vector-tile')
      .header('Cache-Control', 'no-cache')
      .send(tile);
  });

  app.get<{ Params: { kind: string }; Querystring: { bbox?: string; limit?: string } }>('/api/overlays/:kind', {
    schema: {
      tags: ['Map'],
      summary: 'Hazard overlay for a box: protected areas or ground-motion cells (GeoJSON FeatureCollection)',
      params: Type.Object({ kind: Type.Union(OVERLAY_KINDS.map((kind) => Type.Literal(kind))) }),
      querystring: Type.Object({
        bbox: Type.Optional(Type.String({ maxLength: 200, description: 'minLon,minLat,maxLon,maxLat (WGS84)' })),
        limit: Type.Optional(Type.String({ maxLength: 6 })),
      }),
    },
  }, async (request, reply) => {
    const data = service.overlay(request.params.kind, bboxNumbers(request.query.bbox), request.query.limit);
    if (data.features.length === 0) reply.quotaCost = 0;
    return { success: true, data };
  });

  app.get<{ Params: { refcat: string } }>('/api/copy/buildings/:refcat', {
    schema: {
      tags: ['Map'],
      summary: "What the local copy records of a Spanish parcel's building: use, built area, year, declared dwellings and units (404 when the copy lacks the parcel)",
      params: Type.Object({ refcat: Type.String({ maxLength: 64 }) }),
    },
  }, async (request) => ({ success: true, data: service.copyBuilding(request.params.refcat) }));

  app.get('/api/extents', { schema: { tags: ['Map'], summary: 'Boxes of the local copy by offline area or municipality (map first view, low-zoom outlines)' } }, async (_request, reply) => {
    const data = service.extents();
    if (data.length === 0) reply.quotaCost = 0;
    return { success: true, data };
  });

}
