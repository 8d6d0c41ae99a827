import { createReadStream, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { byteRange } from '../../map/byte-range.js';
import { OPEN_ROUTE } from '../plugins/route-access.js';

/**
 * The offline basemap given on the command line (`catastro start|serve --basemap FILE.pmtiles`),
 * served by byte ranges as PMTiles readers ask for it. Open like the app's own files: it holds
 * OpenStreetMap background, no cadastral data. Hand-written Range handling (core/map/byte-range.ts)
 * because @fastify/static serves folders, not one chosen file.
 */
export async function basemapRoutes(app: FastifyInstance, { file }: { file?: string }): Promise<void> {
  // Fastify answers HEAD from this GET route by itself (exposeHeadRoutes).
  app.route({
    method: 'GET',
    url: '/api/basemap.pmtiles',
    config: OPEN_ROUTE,
    schema: { tags: ['Map'], summary: 'The offline basemap (PMTiles) given to the server, by byte ranges; 404 when none' },
    handler: async (request, reply) => {
      if (!file)
        return reply.status(404).send({ success: false, error: 'No offline basemap: start the server with --basemap FILE.pmtiles.', code: 'NOT_FOUND' });
      const size = statSync(file).size;
      reply.header('Accept-Ranges', 'bytes').type('application/vnd.pmtiles');
      const range = byteRange(request.headers.range, size);
      if (!range) return reply.header('Content-Length', size).send(createReadStream(file));
      if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      const { start, end } = range;
      reply
        .status(206)
        .header('Content-Range', `bytes ${start}-${end}/${size}`)
        .header('Content-Length', end - start + 1);
      return reply.send(createReadStream(file, { start, end }));
    },
  });
}
