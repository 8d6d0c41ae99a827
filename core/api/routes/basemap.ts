import { createReadStream, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { OPEN_ROUTE } from '../plugins/route-access.js';

/**
 * The offline basemap given on the command line (`catastro start|serve --basemap FILE.pmtiles`),
 * served by byte ranges as PMTiles readers ask for it. Open like the app's own files: it holds
 * OpenStreetMap background, no cadastral data. Hand-written Range handling (one range, which is
 * all PMTiles readers send) because @fastify/static serves folders, not one chosen file.
 */
export async function basemapRoutes(app: FastifyInstance, { file }: { file?: string }): Promise<void> {
  // Fastify answers HEAD from this GET route by itself (exposeHeadRoutes).
  app.route({
    method: 'GET', url: '/api/basemap.pmtiles', config: OPEN_ROUTE,
    schema: { tags: ['Map'], summary: 'The offline basemap (PMTiles) given to the server, by byte ranges; 404 when none' },
    handler: async (request, reply) => {
      if (!file) return reply.status(404).send({ success: false, error: 'No offline basemap: start the server with --basemap FILE.pmtiles.', code: 'NOT_FOUND' });
      const size = statSync(file).size;
      reply.header('Accept-Ranges', 'bytes').type('application/vnd.pmtiles');
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
      if (!range) return reply.header('Content-Length', size).send(createReadStream(file));
      const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
      const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      reply.status(206).header('Content-Range', `bytes ${start}-${end}/${size}`).header('Content-Length', end - start + 1);
      return reply.send(createReadStream(file, { start, end }));
    },
  });
}
