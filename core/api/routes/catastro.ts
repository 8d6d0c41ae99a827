import type { FastifyInstance } from 'fastify';
import type { CatastroService } from '../../service.js';
import contentDisposition from 'content-disposition';
import { KEY_ROUTE, ORGANISATION_ROUTE } from '../plugins/route-access.js';
import { ParcelAnswerCache, answerKey } from '../parcel-answer-cache.js';
import type { TurnBatch } from '../turn-batch.js';
import {
  CountryQuery, RefcatParams, ReportQuery, RusticParcelQuery, UnitsQuery, type CountryQueryT, type RefcatParamsT, type ReportQueryT, type RusticParcelQueryT, type UnitsQueryT,
} from '../schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Endpoints 2, 3 and 6 of the spec: parcel or unit by reference, units of a finca, outline. */
export async function catastroRoutes(app: FastifyInstance, { service, lookups }: { service: CatastroService; lookups: TurnBatch }): Promise<void> {
  const answers = new ParcelAnswerCache({ generation: () => service.copy.dataGeneration() });

  // Not in the spec: the rustic parcel a farm's spreadsheet names by polígono and parcela. A key
  // as for a lookup by reference, and its price: one parcel answered, 1 unit (quota-cost.ts default).
  app.get<{ Querystring: RusticParcelQueryT }>('/api/catastro/rustic', {
    config: KEY_ROUTE,
    schema: {
      tags: ['Parcels'],
      summary: 'Spanish rustic parcel by province, municipality, polígono and parcela (the Parcel of its reference)',
      querystring: RusticParcelQuery,
    },
  }, async (request) => ({ success: true, data: await service.rusticParcel(request.query) }));

  app.get<{ Params: RefcatParamsT; Querystring: CountryQueryT }>('/api/catastro/:refcat', {
    schema: { tags: ['Parcels'], summary: 'Parcel or unit by reference', params: RefcatParams, querystring: CountryQuery },
  }, (request, reply) => {
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
  });

  app.get<{ Params: RefcatParamsT; Querystring: UnitsQueryT }>('/api/catastro/:refcat/units', {
    config: ORGANISATION_ROUTE,
    schema: { tags: ['Parcels'], summary: 'All units of a finca, 200 per page', params: RefcatParams, querystring: UnitsQuery },
  }, async (request) => ({
    success: true,
    data: await service.units(request.params.refcat, { cursor: request.query.cursor, country: request.query.country }),
  }));

  // The printable report (the spec announces a PDF export without its path). Quota: one unit, as
  // any 2xx file export: it answers one parcel. Its units summary (counts and areas by use) serves
  // no unit objects, so the per-unit price of /units does not apply; its analyses are only those
  // already at hand, never a new call to a source.
  app.get<{ Params: RefcatParamsT; Querystring: ReportQueryT }>('/api/catastro/:refcat/report.pdf', {
    schema: { tags: ['Parcels'], summary: 'One-page A4 PDF report of the parcel: map with neighbours, fields, outline, units summary, analyses at hand', params: RefcatParams, querystring: ReportQuery },
  }, async (request, reply) => {
    const pdf = await service.parcelReport(request.params.refcat, request.query.country, undefined, request.query.lang);
    reply.quotaCost = 1;
    return reply
      .type('application/pdf')
      .header('Content-Disposition', contentDisposition(`${request.params.refcat.replace(/[^0-9A-Za-z_-]/g, '_')}.pdf`, { type: 'inline' }))
      .send(pdf);
  });

  app.get<{ Params: RefcatParamsT; Querystring: CountryQueryT }>('/api/catastro/:refcat/polygon', {
    schema: { tags: ['Parcels'], summary: 'GeoJSON outline', params: RefcatParams, querystring: CountryQuery },
  }, (request, reply) => {
    lookups.answer(reply, async () => ({ success: true, data: await service.polygon(request.params.refcat, request.query.country) }));
  });
}
