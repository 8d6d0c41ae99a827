import { unavailable } from '../../model/index.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';
import { getJson } from '../../upstream/get-json.js';

/** SOURCES.md 13.2: the SIGPAC consultation service (FEGA). */
export const SIGPAC_BASE_URL = 'https://sigpac-hubcloud.es/servicioconsultassigpac/query/';
export const SIGPAC_SOURCE = 'SIGPAC';
/** ETRS89 geographic, the service's official CRS: x = longitude, y = latitude. */
export const SIGPAC_SRID = 4258;

/** One enclosure (recinto) of a `recinfobypoint` answer: the documented fields we read. */
export interface SigpacRecinto {
  provincia: number;
  municipio: number;
  agregado?: number;
  zona?: number;
  poligono: number;
  parcela: number;
  recinto: number;
  superficie?: number;
  pendiente_media?: number;
  coef_regadio?: number;
  uso_sigpac: string;
  altitud?: number;
}

const isRecinto = (v: unknown): v is SigpacRecinto => {
  const r = v as Record<string, unknown>;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.uso_sigpac === 'string' &&
    ['provincia', 'municipio', 'poligono', 'parcela', 'recinto'].every((k) => typeof r[k] === 'number')
  );
};

/**
 * `recinfobypoint/{srid}/{x}/{y}.json`: the enclosures at a point (a JSON array, possibly empty).
 * Throws SERVICE_UNAVAILABLE when SIGPAC is down or answers something else than that array.
 */
export async function recintosAt(http: UpstreamClient, baseUrl: string, lon: number, lat: number, signal?: AbortSignal): Promise<SigpacRecinto[]> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = new URL(`recinfobypoint/${SIGPAC_SRID}/${lon.toFixed(7)}/${lat.toFixed(7)}.json`, base);
  const { status, json: body } = await getJson(http, url.toString(), { source: SIGPAC_SOURCE, signal });
  if (status !== 200 || !Array.isArray(body)) throw unavailable(`SIGPAC answered HTTP ${status} without the enclosure list; retry later.`);
  return body.filter(isRecinto);
}
