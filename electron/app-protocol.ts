import { net, protocol } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

/** Serves files under `rootDir` only; anything resolving outside it answers 404. */
export function serveRenderer(rootDir: string): void {
  const root = path.resolve(rootDir);
  protocol.handle(APP_SCHEME, (request) => {
    const { host, pathname } = new URL(request.url);
    const file = path.resolve(root, `.${decodeURIComponent(pathname)}`);
    if (host !== 'catastro' || (file !== root && !file.startsWith(root + path.sep))) {
      return new Response('Not found', { status: 404 });
    }
    return net.fetch(pathToFileURL(file).toString());
  });
}
