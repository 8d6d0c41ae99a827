import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_BATCH_BYTES } from '../../model/input-schemas.js';
import type { BatchBodyT, BatchParamsT, BatchResultParamsT, BatchResultQueryT } from '../../model/http-schemas.js';
import type { BatchColumns, FeatureFormat } from '../../model/index.js';
import { operationRoutes } from '../operation-route.js';
import type { CatastroService } from '../../service.js';
import type { ApiCaller } from '../plugins/caller.js';
import { ParseSlots } from '../parse-slots.js';
import { useStreamedJsonBody } from '../streamed-json-body.js';
import { answerBatchResult } from './batch-result.js';

/** Whose batches a caller sees: a key's own, an address's own (free tier); the local user all of them. */
export function batchOwnerOf(caller: ApiCaller): string | undefined {
  if (caller.kind === 'key') return `key:${caller.key.id}`;
  if (caller.kind === 'ip') return `ip:${caller.ip}`;
  return undefined;
}

/**
 * Batch lookups (beyond the spec's list): a CSV of references or coordinates answered in the
 * background, polled for progress, resumed after an interruption. Quota: starting, polling and
 * resuming are free; the result file costs one unit per parcel found in it, as the same lookups
 * one by one would (rows not found or failed are free, as their 404/4xx/5xx would be), checked
 * before it is built (batch-result.ts); a byte range of it costs its share.
 */
export async function batchRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  const bodyLimit = MAX_BATCH_BYTES * 2;
  // The 20 MiB CSV bodies of preview and start, decoded a slice per turn of the event loop.
  useStreamedJsonBody(app);

  // The CSVs this server reads at once, and each caller (parse-slots.ts): over either bound, 429 or 503 with Retry-After.
  const parses = new ParseSlots();
  const parseOf =
    (request: FastifyRequest) =>
    <T>(parse: () => Promise<T>) =>
      parses.run(batchOwnerOf(request.apiCaller) ?? 'local', parse);

  const [previewRoute] = operationRoutes('batchPreview');
  app.route<{ Body: BatchBodyT }>({
    ...previewRoute,
    bodyLimit,
    handler: async (request, reply) => {
      reply.quotaCost = 0;
      const preview = await parseOf(request)(() => service.batches.preview(request.body.csv, request.body.columns as BatchColumns | undefined));
      return { success: true, data: preview };
    },
  });

  const [startRoute] = operationRoutes('batchStart');
  app.route<{ Body: BatchBodyT }>({
    ...startRoute,
    bodyLimit,
    handler: async (request, reply) => {
      reply.quotaCost = 0;
      const state = await parseOf(request)(() =>
        service.batches.start(
          { csv: request.body.csv, name: request.body.name, columns: request.body.columns as BatchColumns | undefined, country: request.body.country },
          batchOwnerOf(request.apiCaller),
        ),
      );
      return reply.status(202).send({ success: true, data: state });
    },
  });

  const [listRoute] = operationRoutes('batchList');
  app.route({
    ...listRoute,
    handler: async (request, reply) => {
      reply.quotaCost = 0;
      await service.batches.catchUpAll(batchOwnerOf(request.apiCaller));
      return { success: true, data: service.batches.list(batchOwnerOf(request.apiCaller)) };
    },
  });

  const [stateRoute] = operationRoutes('batchState');
  app.route<{ Params: BatchParamsT }>({
    ...stateRoute,
    handler: async (request, reply) => {
      reply.quotaCost = 0;
      await service.batches.catchUp(request.params.id, batchOwnerOf(request.apiCaller));
      return { success: true, data: service.batches.state(request.params.id, batchOwnerOf(request.apiCaller)) };
    },
  });

  for (const action of ['resume', 'cancel'] as const) {
    const [route] = operationRoutes(action === 'resume' ? 'batchResume' : 'batchCancel');
    app.route<{ Params: BatchParamsT }>({
      ...route,
      handler: async (request, reply) => {
        reply.quotaCost = 0;
        const owner = batchOwnerOf(request.apiCaller);
        return {
          success: true,
          data: action === 'resume' ? service.batches.resume(request.params.id, owner) : service.batches.cancel(request.params.id, owner),
        };
      },
    });
  }

  const [resultRoute] = operationRoutes('batchResult');
  app.route<{ Params: BatchResultParamsT; Querystring: BatchResultQueryT }>({
    ...resultRoute,
    handler: async (request, reply) => {
      await service.batches.catchUp(request.params.id, batchOwnerOf(request.apiCaller));
      const { params, query } = request;
      const result = service.batches.resultFile(params.id, params.format as FeatureFormat, batchOwnerOf(request.apiCaller), query.lang);
      return answerBatchResult(request, reply, result, () => service.batches.writeResult(result));
    },
  });
}
