import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import { APP_SESSION_ROUTE } from '../plugins/route-access.js';

/**
 * The status page's "Check the sources" for the app when `catastro start` serves it to a browser:
 * the desktop's IPC call (service.checkSourcesLive) under the session token, so a `catastro serve`
 * has no such route and no API key opens it (route-access.ts). Not in the spec: a check of every
 * country sends about ninety requests to the official services, which the public API must not let
 * any caller start.
 */
export async function appSourcesCheckRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  app.post('/api/app/sources-check', { config: APP_SESSION_ROUTE, schema: { hide: true } }, async () => ({
    success: true,
    data: await service.checkSourcesLive(),
  }));
}
