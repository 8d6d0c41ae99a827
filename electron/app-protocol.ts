import { net, protocol } from 'electron';
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { byteRange } from '../core/map/byte-range.js';

/**
 * The renderer is served from `app://catastro/` rather than file://: module scripts and workers
 * behave as on the web, and CSP 'self' means the bundled files only.
 */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://catastro`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

/** Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Where the renderer asks for the offline basemap, as it does from the local HTTP server. */
const BASEMAP_PATH = '/api/basemap.pmtiles';

/**
 * `catastro start --basemap FILE` in the desktop app: the file by byte ranges (PMTiles readers ask
 * for ranges), 404 when none was given, as the HTTP server's /api/basemap.pmtiles answers.
 */
function basemapResponse(request: Request, file: string | undefined): Response {
  if (!file) return new Response('No offline basemap', { status: 404 });
  const size = statSync(file).size;
  const headers = { 'Accept-Ranges': 'bytes', 'Content-Type': 'application/vnd.pmtiles' };
  const range = byteRange(request.headers.get('range'), size);
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const body = request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(
    body,
    range
      ? { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) } }
      : { status: 200, headers: { ...headers, 'Content-Length': String(size) } },
  );
}

/** Serves files under `rootDir` only (anything resolving outside it answers 404), and the basemap given at start. */
export function serveRenderer(rootDir: string, basemapFile?: string): void {
  const root = path.resolve(rootDir);
  protocol.handle(APP_SCHEME, (request) => {
    const { host, pathname } = new URL(request.url);
    if (host === 'catastro' && pathname === BASEMAP_PATH) return basemapResponse(request, basemapFile);
    const file = path.resolve(root, `.${decodeURIComponent(pathname)}`);
    if (host !== 'catastro' || (file !== root && !file.startsWith(root + path.sep))) {
      return new Response('Not found', { status: 404 });
    }
    return net.fetch(pathToFileURL(file).toString());
  });
}
