import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import { TileParams, type TileParamsT } from '../schemas.js';
import { isValidTile } from '../../map/parcel-tiles.js';
import { validationError } from '../../model/index.js';

/** Endpoints for the map (beyond the spec's list): parcel vector tiles from the local copy, and status. */
export async function mapRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  app.get<{ Params: TileParamsT }>('/api/tiles/parcels/:z/:x/:y.pbf', {
    schema: { tags: ['Map'], summary: 'Mapbox Vector Tile of the local copy (layer "parcels", property "ref"); 204 when empty', params: TileParams },
  }, async (request, reply) => {
    const { z, x, y } = request.params;
    if (!isValidTile(z, x, y)) throw validationError(`Tile ${z}/${x}/${y} does not exist.`);
    const tile = service.parcelTile(z, x, y);
    if (!tile) return reply.status(204).send();
    return reply
      .type('application/vnd.mapbox-vector-tile')
      .header('Cache-Control', 'no-cache')
      .send(Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength));
  });

  app.get('/api/status', { schema: { tags: ['Map'], summary: 'Service status and size of the local copy' } }, async () => ({
    success: true,
    data: service.status(),
  }));
}
