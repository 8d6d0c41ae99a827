import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import { operationRoutes } from '../operation-route.js';
import type { TurnBatch } from '../turn-batch.js';

/** Endpoint 4 of the spec: the reference at a coordinate pair; and the app's point lookup, the whole parcel there. */
export async function searchRoutes(app: FastifyInstance, { service, lookups }: { service: CatastroService; lookups: TurnBatch }): Promise<void> {
  for (const name of ['parcelAt', 'parcelAtPoint'] as const)
    for (const route of operationRoutes(name))
      app.route<{ Body: { latitude?: unknown; longitude?: unknown; country?: unknown } }>({
        ...route,
        handler: (request, reply) => {
          // Point lookups of one turn run together, as lookups by reference do.
          lookups.answer(reply, async () => ({ success: true, data: await service[name](request.body ?? {}) }));
        },
      });
}
