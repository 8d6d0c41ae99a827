import { fromWgs84, toWgs84 } from '../../geo/crs.js';
import { areaM2, centroid, containsPoint } from '../../geo/polygon.js';
import { isServiceError, noCoverage, unavailable, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../store/types.js';
import type { AdapterContext } from '../adapter.js';
import { DK_CREDENTIALS_HINT, type DatafordelerCredentials } from './config.js';
import { parseDanishReference, splitDanishReference } from './reference.js';

export const DATAFORDELER_SOURCE = 'Datafordeler (Matriklen)';

/**
 * Matriklen2's REST service on Datafordeler, as its documentation publishes it (confluence.sdfi.dk,
 * "REST (MAT2)"): `<base>/Matriklen2/Matrikel/2.0.0/rest/SamletFastEjendom` with the method's
 * parameters `Ejerlavskode` + `Matrikelnr`, or `Point` (a UTM32 / ETRS89 point, EPSG:25832,
 * written `POINT(x y)` as in the documented example), and the service user as `username` and
 * `password` query parameters (the documented form for users without a certificate). The answer
 * is a GeoJSON FeatureCollection of SamletFastEjendom whose `properties.jordstykke` lists the
 * property's jordstykker, each with `properties.ejerlavskode`, `ejerlavsnavn`, `matrikelnummer`
 * (read this way by OS2Forms' client). No answer was recorded: the other names read here
 * (`registreretAreal`, `kommunenavn`, `geometry` in EPSG:25832) follow the MAT2 data model and
 * are UNCERTAIN; a jordstykke without a polygon is not answered.
 */
const METHOD = 'Matriklen2/Matrikel/2.0.0/rest/SamletFastEjendom';

function withUser(base: string, query: Record<string, string>, user: DatafordelerCredentials): string {
  return `${base}/${METHOD}?${new URLSearchParams({ ...query, username: user.username, password: user.password })}`;
}

export function samletFastEjendomByParcelUrl(base: string, ref: string, user: DatafordelerCredentials): string {
  const { ejerlav, matrikelnr } = splitDanishReference(ref);
  return withUser(base, { Ejerlavskode: ejerlav, Matrikelnr: matrikelnr }, user);
}

export function samletFastEjendomAtUrl(base: string, point: LonLat, user: DatafordelerCredentials): string {
  const [x, y] = fromWgs84(25832, point[0], point[1]).map((v) => v.toFixed(2));
  return withUser(base, { Point: `POINT(${x} ${y})` }, user);
}

const node = (value: unknown) => (typeof value === 'object' && value !== null ? value as Record<string, unknown> : {});
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A GeoJSON polygon in EPSG:25832 (or already in degrees), as WGS84. */
function wgs84Polygon(value: unknown): ParcelGeometry | undefined {
  const geometry = node(value);
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return undefined;
  const projected = (pair: unknown): LonLat => {
    const [x, y] = pair as number[];
    return Math.abs(x) > 180 ? toWgs84(25832, x, y) : [x, y];
  };
  const ring = (r: unknown) => (r as unknown[]).map(projected);
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: (geometry.coordinates as unknown[]).map(ring) }
    : { type: 'MultiPolygon', coordinates: (geometry.coordinates as unknown[][]).map((p) => p.map(ring)) };
}

/** Every jordstykke with an outline in a SamletFastEjendom answer; [] when the answer lists none. */
export function parseSamletFastEjendom(body: string, dataDate: string): StoredParcel[] {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${DATAFORDELER_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  const features = node(answer).features;
  if (!Array.isArray(features)) throw unavailable(`${DATAFORDELER_SOURCE} sent an unexpected document (no features); retry later.`);
  return features.flatMap((feature) => {
    const jordstykker = node(node(feature).properties).jordstykke;
    return Array.isArray(jordstykker) ? jordstykker : [];
  }).flatMap((jordstykke): StoredParcel[] => {
    const props = node(node(jordstykke).properties);
    const ref = parseDanishReference(`${text(props.ejerlavskode)}-${text(props.matrikelnummer)}`);
    const geometry = wgs84Polygon(node(jordstykke).geometry);
    if (!ref || !geometry) return [];
    const area = Number(text(props.registreretAreal));
    return [{
      ref,
      country: 'DK',
      geometry,
      centroid: centroid(geometry),
      areaM2: Number.isFinite(area) && area > 0 ? area : areaM2(geometry),
      municipio: text(props.kommunenavn) || undefined,
      source: 'live',
      dataDate,
    }];
  });
}

/**
 * One request to Datafordeler. The URL carries the service user, so nothing of the request goes
 * into an error: a failure is re-raised as a new error with no cause (the server logs causes).
 * 401/403 is the service user refused: said so, with the variables to check.
 */
export async function askDatafordeler(url: string, ctx: AdapterContext): Promise<string> {
  let answer;
  try {
    answer = await ctx.http.getText(url, { source: DATAFORDELER_SOURCE, signal: ctx.signal, accept: 'application/json' });
  } catch (error) {
    if (isServiceError(error)) throw unavailable(error.message);
    throw unavailable(`${DATAFORDELER_SOURCE} does not answer; retry later.`);
  }
  if (answer.status === 401 || answer.status === 403) {
    throw noCoverage(`${DATAFORDELER_SOURCE} refused the configured service user (HTTP ${answer.status}). ${DK_CREDENTIALS_HINT}`);
  }
  if (answer.status === 404) return '{"type":"FeatureCollection","features":[]}';
  if (answer.status !== 200) throw unavailable(`${DATAFORDELER_SOURCE} answered HTTP ${answer.status}; retry later.`);
  return answer.body;
}

/** The jordstykke of a reference in a SamletFastEjendom answer (the property may list several). */
export const jordstykkeOf = (parcels: StoredParcel[], ref: string) => parcels.find((p) => p.ref === ref);

/** The jordstykke containing a point (the property at a point lists all of its jordstykker). */
export const jordstykkeAt = (parcels: StoredParcel[], point: LonLat) => parcels.find((p) => containsPoint(p.geometry, point));
