import { shell, type Session, type WebContents } from 'electron';

/** Remote hosts the renderer may load: the OSM basemap and the Catastro WMS (both optional). */
export const REMOTE_MAP_HOSTS = ['https://tile.openstreetmap.org', 'https://ovc.catastro.meh.es'] as const;

/** Same policy as renderer/index.html's meta tag; MapLibre needs blob: workers and data:/blob: images. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "worker-src 'self' blob:",
  "child-src 'self' blob:",
  `img-src 'self' data: blob: ${REMOTE_MAP_HOSTS.join(' ')}`,
  `connect-src 'self' ${REMOTE_MAP_HOSTS.join(' ')}`,
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
].join('; ');

/** Adds the CSP header to every response of the app's session and refuses all permission prompts. */
export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  // A map viewer needs no camera, microphone, notifications or geolocation prompts.
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
}

function isExternalWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The window never navigates away from the app or opens windows; web links go to the browser. */
export function lockNavigation(contents: WebContents, appUrl: string): void {
  contents.on('will-navigate', (event, url) => {
    if (url === appUrl) return;
    event.preventDefault();
    if (isExternalWebLink(url)) void shell.openExternal(url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
