import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CatastroService } from '../../service.js';
import { contentDisposition } from '../content-disposition.js';
import { ExportQuery, SelectionExportQuery, type ExportQueryT, type SelectionExportQueryT } from '../schemas.js';

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
  for (const format of ['geojson', 'gpkg'] as const) {
    app.get<{ Querystring: SelectionExportQueryT }>(`/api/export/${format}`, {
      schema: {
        tags: ['Export'],
        summary: format === 'geojson' ? 'GeoJSON FeatureCollection of one or more parcels (WGS84)' : 'GeoPackage 1.3 with one feature layer of one or more parcels (EPSG:4326)',
        querystring: SelectionExportQuery,
      },
    }, async (request, reply) => {
      const file = await service.exportParcels(request.query.refcat, format, request.query.country);
      reply.quotaCost = file.count;
      return reply
        .type(file.mime)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .send(file.bytes);
    });
  }
}
