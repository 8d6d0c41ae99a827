import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import { operationRoutes } from '../operation-route.js';
import { OPEN_ROUTE } from '../plugins/route-access.js';
import { renderStatusPage } from '../status-page.js';

/**
 * The spec's public status page: the service and its cadastral sources, each checked on a
 * schedule. Open (no key) and free; it shows health, last check, latency, breaker and recent
 * history per source, and nothing of the installation (no paths, no addresses of sources).
 */
export async function statusRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  const [statusRoute] = operationRoutes('status');
  app.route({ ...statusRoute, handler: async () => ({ success: true, data: service.status() }) });

  app.get('/status', { config: OPEN_ROUTE, schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    return reply.type('text/html; charset=utf-8').send(renderStatusPage(service.status()));
  });
}
