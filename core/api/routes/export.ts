import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CatastroService } from '../../service.js';
import contentDisposition from 'content-disposition';
import { SELECTION_BODY_LIMIT, SelectionExportQuery, type ExportQueryT, type SelectionExportQueryT } from '../../model/http-schemas.js';
import { operationRoutes } from '../operation-route.js';
import { referenceFileName } from '../../model/index.js';

function sendFile(reply: FastifyReply, body: string, refcat: string, extension: 'kml' | 'gpx', mime: string) {
  const filename = referenceFileName(refcat, extension);
  return reply.type(`${mime}; charset=utf-8`).header('Content-Disposition', contentDisposition(filename)).send(body);
}

/** Endpoint 11 of the spec: KML 2.2 and GPX 1.1 files of the outline. */
export async function exportRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  for (const route of operationRoutes('exportFile')) {
    const kml = route.segment.format === 'kml';
    app.route<{ Querystring: ExportQueryT }>({
      ...route,
      handler: async (request, reply) => {
        const { refcat, country } = request.query;
        if (kml) return sendFile(reply, await service.exportKml(refcat, country), refcat!, 'kml', 'application/vnd.google-earth.kml+xml');
        return sendFile(reply, await service.exportGpx(refcat, country), refcat!, 'gpx', 'application/gpx+xml');
      },
    });
  }

  // GeoJSON and GeoPackage of one parcel or a selection (`refcat=A,B,C`), beyond the spec's two
  // formats. Each parcel in the file is one answered lookup: the file costs one unit per parcel.
  // The same selection can be POSTed as a JSON body: a full selection's references do not fit in
  // a URL (Node refuses request heads over 16 KB with a 431 at about 1,000 references, and proxies
  // often at 8 KB).
  for (const route of operationRoutes('exportSelection')) {
    const format = route.segment.format as 'geojson' | 'gpkg';
    const summary =
      format === 'geojson'
        ? 'GeoJSON FeatureCollection of one or more parcels (WGS84)'
        : 'GeoPackage 1.3 with one feature layer of one or more parcels (EPSG:4326)';
    const answer = async (reply: FastifyReply, { refcat, country }: SelectionExportQueryT) => {
      const file = await service.exportParcels(refcat, format, country);
      reply.quotaCost = file.count;
      return reply.type(file.mime).header('Content-Disposition', contentDisposition(file.fileName)).send(file.bytes);
    };
    // The same selection in the query string: HTTP only, for links and scripts (short selections).
    const { body: _body, ...byQuery } = route.schema;
    app.route<{ Querystring: SelectionExportQueryT }>({
      ...route,
      method: 'GET',
      schema: { ...byQuery, summary, querystring: SelectionExportQuery },
      handler: async (request, reply) => answer(reply, request.query),
    });
    app.route<{ Body: SelectionExportQueryT }>({
      ...route,
      bodyLimit: SELECTION_BODY_LIMIT,
      schema: { ...route.schema, summary: `${summary}; the selection as a JSON body (for selections too long for a URL)` },
      handler: async (request, reply) => answer(reply, request.body),
    });
  }
}
