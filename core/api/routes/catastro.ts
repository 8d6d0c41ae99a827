import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import contentDisposition from 'content-disposition';
import { operationRoutes } from '../operation-route.js';
import { referenceFileName } from '../../model/index.js';
import { ParcelAnswerCache, answerKey } from '../parcel-answer-cache.js';
import type { TurnBatch } from '../turn-batch.js';
import type { CountryQueryT, RefcatParamsT, ReportQueryT, RusticParcelQueryT, UnitsQueryT } from '../../model/http-schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Endpoints 2, 3 and 6 of the spec: parcel or unit by reference, units of a finca, outline. */
export async function catastroRoutes(app: FastifyInstance, { service, lookups }: { service: CatastroService; lookups: TurnBatch }): Promise<void> {
  const answers = new ParcelAnswerCache({ generation: () => service.store.dataGeneration() });

  // Not in the spec: the rustic parcel a farm's spreadsheet names by polígono and parcela. A key
  // as for a lookup by reference, and its price: one parcel answered, 1 unit (quota-cost.ts default).
  for (const route of operationRoutes('rusticParcel')) {
    app.route<{ Querystring: RusticParcelQueryT }>({
      ...route,
      handler: async (request) => ({ success: true, data: await service.rusticParcel(request.query) }),
    });
  }

  for (const route of operationRoutes('parcel'))
    app.route<{ Params: RefcatParamsT; Querystring: CountryQueryT }>({
      ...route,
      handler: (request, reply) => {
        const { refcat } = request.params;
        const { country } = request.query;
        const key = answerKey(refcat, country);
        // A kept answer is sent in this turn: no promise for the answers asked again and again.
        const kept = answers.get(key);
        if (kept !== undefined) return void reply.type(JSON_TYPE).send(kept);
        // A new one waits for the turn's other lookups and runs with them (turn-batch.ts: a third less CPU each).
        lookups.answer(reply, async () => {
          const json = await answers.answer(key, () => service.parcel(refcat, country));
          reply.type(JSON_TYPE);
          return json;
        });
      },
    });

  for (const route of operationRoutes('units')) {
    app.route<{ Params: RefcatParamsT; Querystring: UnitsQueryT }>({
      ...route,
      handler: async (request) => ({
        success: true,
        data: await service.units(request.params.refcat, { cursor: request.query.cursor, country: request.query.country }),
      }),
    });
  }

  // The printable report (the spec announces a PDF export without its path). Quota: one unit, as
  // any 2xx file export: it answers one parcel. Its units summary (counts and areas by use) serves
  // no unit objects, so the per-unit price of /units does not apply; its analyses are only those
  // already at hand, never a new call to a source.
  for (const route of operationRoutes('report'))
    app.route<{ Params: RefcatParamsT; Querystring: ReportQueryT }>({
      ...route,
      handler: async (request, reply) => {
        const pdf = await service.parcelReport(request.params.refcat, request.query.country, undefined, request.query.lang);
        reply.quotaCost = 1;
        return reply
          .type('application/pdf')
          .header('Content-Disposition', contentDisposition(referenceFileName(request.params.refcat, 'pdf'), { type: 'inline' }))
          .send(pdf);
      },
    });

  for (const route of operationRoutes('polygon'))
    app.route<{ Params: RefcatParamsT; Querystring: CountryQueryT }>({
      ...route,
      handler: (request, reply) => {
        lookups.answer(reply, async () => ({ success: true, data: await service.polygon(request.params.refcat, request.query.country) }));
      },
    });
}
