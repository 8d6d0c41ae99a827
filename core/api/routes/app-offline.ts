import { PassThrough } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isServiceError, type OfflineDownloadResult, type OfflineProgress } from '../../model/index.js';
import type { CatastroService } from '../../service.js';
import { errorBody } from '../envelope.js';
import { APP_SESSION_ROUTE } from '../plugins/route-access.js';

/** The longest silence of a running download's stream: well under the server's idle cut (60 s). */
const KEEP_ALIVE_MS = 15_000;

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
 * (renderer/client/app-session-client.ts reads it back into that shape). A refusal before the work
 * starts (a bad choice, a download already running) is a plain error answer with its status.
 */
export async function appOfflineRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  const offline = service.offline;
  const hidden = { hide: true } as const;

  app.get('/api/app/offline/areas', { config: APP_SESSION_ROUTE, schema: hidden }, async () => ({ success: true, data: offline.list() }));

  app.post('/api/app/offline/downloads', { config: APP_SESSION_ROUTE, schema: hidden }, (request, reply) =>
    streamRun(request, reply, (onProgress) => offline.download(request.body, onProgress)));

  app.post<{ Body: Static<typeof UpdateBody> }>('/api/app/offline/updates', { config: APP_SESSION_ROUTE, schema: { ...hidden, body: UpdateBody } }, (request, reply) =>
    streamRun(request, reply, (onProgress) => offline.update(request.body.ids, onProgress)));

  app.post('/api/app/offline/cancel', { config: APP_SESSION_ROUTE, schema: hidden }, async () => ({ success: true, data: { cancelled: offline.cancel() } }));

  app.delete<{ Params: Static<typeof AreaParams> }>('/api/app/offline/areas/:id', { config: APP_SESSION_ROUTE, schema: { ...hidden, params: AreaParams } }, async (request) =>
    ({ success: true, data: offline.remove(request.params.id) }));
}

/**
 * Runs a download and streams its progress. The answer's status is decided by what happens
 * first: the first progress (200 and the stream) or a refusal (its error answer).
 */
async function streamRun(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onProgress: (progress: OfflineProgress) => void) => Promise<OfflineDownloadResult>,
): Promise<FastifyReply> {
  let stream: PassThrough | undefined;
  let last: OfflineProgress | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  const write = (line: unknown) => { if (stream && !stream.destroyed) stream.write(`${JSON.stringify(line)}\n`); };
  const begin = () => {
    stream = new PassThrough();
    reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);
    keepAlive = setInterval(() => write({ progress: last }), KEEP_ALIVE_MS);
  };
  // The download goes on when the page that asked goes away (a reload): the areas list shows its result.
  const work = run((progress) => {
    last = progress;
    if (!stream) begin();
    write({ progress });
  });
  try {
    const result = await work;
    if (!stream) return reply.send({ success: true, data: result });
    write({ success: true, data: result });
  } catch (error) {
    if (!stream) throw error;
    request.log.warn({ err: error }, 'offline download failed');
    write(isServiceError(error)
      ? errorBody(error.code, error.message, error.data)
      : errorBody('INTERNAL_ERROR', 'The download stopped on an unexpected error; what was imported stays. Retry, and report it if it persists.'));
  } finally {
    clearInterval(keepAlive);
    stream?.end();
  }
  return reply;
}
