import { OSM_TILES } from './map-style.js';

/**
 * Online means the basemap answers, not merely navigator.onLine (which is true on any LAN
 * without internet). An opaque no-cors answer is enough: it proves the host is reachable.
 */
export async function probeBasemap(timeoutMs = 4000, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const url = OSM_TILES.replace('{z}/{x}/{y}', '0/0/0');
  try {
    await fetchImpl(url, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}
