import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CatastroService } from '../../service.js';
import contentDisposition from 'content-disposition';
import { ExportQuery, SELECTION_BODY_LIMIT, SelectionExportQuery, type ExportQueryT, type SelectionExportQueryT } from '../schemas.js';

function sendFile(reply: FastifyReply, body: string, refcat: string, extension: 'kml' | 'gpx', mime: string) {
  const filename = `${refcat.replace(/[^0-9A-Za-zÑñ_-]/g, '_')}.${extension}`;
  return reply
    .type(`${mime}; charset=utf-8`)
    .header('Content-Disposition', contentDisposition(filename))
    .send(body);
}

/** Endpoint 11 of the spec: KML 2.2 and GPX 1.1 files of the outline. */
export async function exportRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  app.get<{ Querystring: ExportQueryT }>('/api/export/kml', {
    schema: { tags: ['Export'], summary: 'KML 2.2 document with the outline', querystring: ExportQuery },
  }, async (request, reply) => {
    const kml = await service.exportKml(request.query.refcat, request.query.country);
    return sendFile(reply, kml, request.query.refcat!, 'kml', 'application/vnd.google-earth.kml+xml');
  });

  app.get<{ Querystring: ExportQueryT }>('/api/export/gpx', {
    schema: { tags: ['Export'], summary: 'GPX 1.1 waypoint and outline track', querystring: ExportQuery },
  }, async (request, reply) => {
    const gpx = await service.exportGpx(request.query.refcat, request.query.country);
    return sendFile(reply, gpx, request.query.refcat!, 'gpx', 'application/gpx+xml');
  });

  // GeoJSON and GeoPackage of one parcel or a selection (`refcat=A,B,C`), beyond the spec's two
  // formats. Each parcel in the file is one answered lookup: the file costs one unit per parcel.
  // The same selection can be POSTed as a JSON body: a full selection's references do not fit in
  // a URL (Node refuses request heads over 16 KB with a 431 at about 1,000 references, and proxies
  // often at 8 KB).
  for (const format of ['geojson', 'gpkg'] as const) {
    const summary = format === 'geojson' ? 'GeoJSON FeatureCollection of one or more parcels (WGS84)' : 'GeoPackage 1.3 with one feature layer of one or more parcels (EPSG:4326)';
    const answer = async (reply: FastifyReply, { refcat, country }: SelectionExportQueryT) => {
      const file = await service.exportParcels(refcat, format, country);
      reply.quotaCost = file.count;
      return reply
        .type(file.mime)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .send(file.bytes);
    };
    app.get<{ Querystring: SelectionExportQueryT }>(`/api/export/${format}`, {
      schema: { tags: ['Export'], summary, querystring: SelectionExportQuery },
    }, async (request, reply) => answer(reply, request.query));
    app.post<{ Body: SelectionExportQueryT }>(`/api/export/${format}`, {
      bodyLimit: SELECTION_BODY_LIMIT,
      schema: { tags: ['Export'], summary: `${summary}; the selection as a JSON body (for selections too long for a URL)`, body: SelectionExportQuery },
    }, async (request, reply) => answer(reply, request.body));
  }
}
