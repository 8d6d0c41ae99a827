import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import { APP_SESSION_ROUTE } from '../plugins/route-access.js';
import { streamRun } from './ndjson-run.js';

const AreaParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 120 }) });
const UpdateBody = Type.Object({ ids: Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { minItems: 1, maxItems: 200 }) });

/**
 * Offline areas for the app when `catastro start` serves it to a browser (no Electron): the same
 * OfflineAreasService calls as the desktop's IPC, registered only with a session token, so a
 * `catastro serve` has none of these routes and no API key opens them (route-access.ts).
 *
 * A download or update answers NDJSON: `{"progress":…}` lines as it goes, then one line that is the
 * spec's envelope (`{"success":true,"data":result}` or the error body). A stream, not a job to
 * poll, because the desktop capability it stands in for is one call with progress callbacks
 * (renderer/client/http-offline-areas.ts reads it back into that shape). A refusal before the work
 * starts (a bad choice, a download already running) is a plain error answer with its status.
 */
export async function appOfflineRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  const offline = service.offline;
  const hidden = { hide: true } as const;

  app.get('/api/app/offline/areas', { config: APP_SESSION_ROUTE, schema: hidden }, async () => ({ success: true, data: offline.list() }));

  app.post('/api/app/offline/downloads', { config: APP_SESSION_ROUTE, schema: hidden }, (request, reply) =>
    streamRun(request, reply, (onProgress) => offline.download(request.body, onProgress), 'The download'),
  );

  app.post<{ Body: Static<typeof UpdateBody> }>(
    '/api/app/offline/updates',
    { config: APP_SESSION_ROUTE, schema: { ...hidden, body: UpdateBody } },
    (request, reply) => streamRun(request, reply, (onProgress) => offline.update(request.body.ids, onProgress), 'The update'),
  );

  app.get('/api/app/offline/interrupted', { config: APP_SESSION_ROUTE, schema: hidden }, async () => ({ success: true, data: offline.interrupted() }));

  app.post('/api/app/offline/interrupted/resume', { config: APP_SESSION_ROUTE, schema: hidden }, (request, reply) =>
    streamRun(request, reply, (onProgress) => offline.resume(onProgress), 'The resumed download'),
  );

  app.delete('/api/app/offline/interrupted', { config: APP_SESSION_ROUTE, schema: hidden }, async () => ({
    success: true,
    data: await offline.discardInterrupted(),
  }));

  app.post('/api/app/offline/cancel', { config: APP_SESSION_ROUTE, schema: hidden }, async () => ({ success: true, data: { cancelled: offline.cancel() } }));

  app.delete<{ Params: Static<typeof AreaParams> }>(
    '/api/app/offline/areas/:id',
    { config: APP_SESSION_ROUTE, schema: { ...hidden, params: AreaParams } },
    async (request) => ({ success: true, data: offline.remove(request.params.id) }),
  );
}
