import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import { CoordinatesBody } from '../schemas.js';
import { TurnBatch } from '../turn-batch.js';

/** Endpoint 4 of the spec: parcel at a coordinate pair. */
export async function searchRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  // Point lookups of one turn run together, as lookups by reference do (turn-batch.ts).
  const pointLookups = new TurnBatch((error) => app.log.error({ err: error }, 'a batched point lookup threw'));
  app.post<{ Body: { latitude?: unknown; longitude?: unknown; country?: unknown } }>('/api/search/coordinates', {
    schema: { tags: ['Search'], summary: 'Parcel at a coordinate pair', body: CoordinatesBody },
  }, (request, reply) => {
    pointLookups.add(() => {
      service.parcelAt(request.body ?? {}).then((data) => reply.send({ success: true, data }), (error) => reply.send(error));
    });
  });
}
