import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import { CoordinatesBody } from '../schemas.js';

/** Endpoint 4 of the spec: parcel at a coordinate pair. */
export async function searchRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  app.post<{ Body: { latitude?: unknown; longitude?: unknown; country?: unknown } }>('/api/search/coordinates', {
    schema: { tags: ['Search'], summary: 'Parcel at a coordinate pair', body: CoordinatesBody },
  }, async (request) => ({
    success: true,
    data: await service.parcelAt(request.body ?? {}),
  }));
}
