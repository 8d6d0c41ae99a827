import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CatastroService } from '../../service.js';
import { ExportQuery, type ExportQueryT } from '../schemas.js';

function sendFile(reply: FastifyReply, body: string, refcat: string, extension: 'kml' | 'gpx', mime: string) {
  const filename = `${refcat.replace(/[^0-9A-Za-zÑñ_-]/g, '_')}.${extension}`;
  return reply
    .type(`${mime}; charset=utf-8`)
    .header('Content-Disposition', `attachment; filename="${filename}"`)
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
}
