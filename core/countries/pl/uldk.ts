import wkx from 'wkx';
import { toWgs84 } from '../../geo/crs.js';
import { areaM2, centroid } from '../../geo/polygon.js';
import { unavailable, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';

export const ULDK_SOURCE = 'GUGiK ULDK';

/**
 * The fields asked of ULDK, in this order: the answer's `|`-separated columns follow the
 * order of `result=` (fixtures README "Poland"). This is the order of the answers recorded live
 * on 2026-09-01 (core/countries/pl/test/recordings/pl_uldk_*_recorded_2026-09-01.txt).
 */
export const ULDK_RESULT_FIELDS = ['id', 'voivodeship', 'county', 'commune', 'region', 'parcel', 'geom_wkt'] as const;
/** GetParcelByIdOrNr lists every precinct's parcel of a number: id, number, county and outline are enough to choose. */
export const ULDK_SEARCH_FIELDS = ['id', 'parcel', 'county', 'geom_wkt'] as const;
export type UldkField = (typeof ULDK_RESULT_FIELDS)[number];
export type UldkRecord = Partial<Record<UldkField, string>> & { id: string; geom_wkt: string };

/**
 * `GetParcelById` / `GetParcelByIdOrNr` (`id=`), `GetParcelByXY` (`xy=`, see `uldkPointValue`).
 * Geometry in the default EPSG:2180; the slash of ids like `161/8` is percent-encoded by URLSearchParams.
 */
export function uldkUrl(base: string, request: 'GetParcelById' | 'GetParcelByIdOrNr' | 'GetParcelByXY', value: string, fields: readonly UldkField[]): string {
  const query = new URLSearchParams({ request, [request === 'GetParcelByXY' ? 'xy' : 'id']: value, result: fields.join(',') });
  return `${base}/?${query}`;
}

/**
 * The point of `GetParcelByXY`: longitude, latitude and SRID 4326, as clients that measured it
 * ask (a client's live probe of 2026-09-01: `21.0061,52.2317,4326` answered parcel
 * 146510_8.0309.24/35, whose recorded outline holds that point; the swapped pair lies in the sea
 * and answers `-1 brak wyników`). In EPSG:2180 no recording shows which axis ULDK reads first,
 * and a wrong order is a silent 404. 7 decimals: about a centimetre.
 */
export const uldkPointValue = ([lon, lat]: LonLat) => `${lon.toFixed(7)},${lat.toFixed(7)},4326`;

export type UldkAnswer = { kind: 'records'; records: UldkRecord[] } | { kind: 'none' };

/**
 * Reads ULDK's plain-text protocol by its status line:
 * - `0` (GetParcelById, GetParcelByXY) or a count `N` (GetParcelByIdOrNr): records follow, one per line;
 * - `-1 …` (`-1 brak wyników`, followed by a line of upstream noise): nothing found. The same
 *   bytes come back for an unknown id and for coordinates outside Poland, so both are a 404;
 * - anything else (a bare sentence such as `niepoprawny parametr …`, no status line): the service
 *   refused a request this client built from validated input, i.e. our protocol and theirs
 *   disagree. That is the source failing, not the caller: 503 with the service's own words.
 */
export function parseUldkAnswer(body: string, fields: readonly UldkField[]): UldkAnswer {
  const lines = body.replace(/^\uFEFF/, '').split(/\r?\n/);
  const status = lines[0].trim();
  if (/^-1(\s|$)/.test(status)) return { kind: 'none' };
  if (!/^\d+$/.test(status)) {
    throw unavailable(`${ULDK_SOURCE} refused the request: ${status.slice(0, 160) || 'an empty answer'}.`);
  }
  const expected = Number(status);
  const records = lines
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const values = line.split('|');
      if (values.length !== fields.length) {
        throw unavailable(`${ULDK_SOURCE} sent a record with ${values.length} fields instead of ${fields.length}; retry later.`);
      }
      return Object.fromEntries(fields.map((field, i) => [field, values[i].trim()])) as UldkRecord;
    });
  // `0` announces one record; a count announces that many (a cut answer has fewer).
  if ((expected === 0 && records.length !== 1) || (expected > 0 && records.length !== expected)) {
    throw unavailable(`${ULDK_SOURCE} announced ${expected || 1} record(s) and sent ${records.length}; retry later.`);
  }
  return { kind: 'records', records };
}

/** EWKT `SRID=2180;POLYGON((x y,…))` (x = easting) → WGS84 geometry. */
export function geometryFromEwkt(ewkt: string): ParcelGeometry {
  let parsed: ReturnType<typeof wkx.Geometry.parse>;
  try {
    parsed = wkx.Geometry.parse(ewkt);
  } catch (error) {
    throw unavailable(`${ULDK_SOURCE} sent an unreadable outline (${(error as Error).message}); retry later.`);
  }
  const srid = parsed.srid || 2180;
  const geojson = parsed.toGeoJSON() as { type: string; coordinates: unknown };
  const reproject = (ring: number[][]) => ring.map(([x, y]) => toWgs84(srid, x, y) as LonLat);
  if (geojson.type === 'Polygon') return { type: 'Polygon', coordinates: (geojson.coordinates as number[][][]).map(reproject) };
  if (geojson.type === 'MultiPolygon') {
    return { type: 'MultiPolygon', coordinates: (geojson.coordinates as number[][][][]).map((p) => p.map(reproject)) };
  }
  throw unavailable(`${ULDK_SOURCE} sent a ${geojson.type} where a parcel outline was expected; retry later.`);
}

export function parcelFromRecord(record: UldkRecord, dataDate: string): StoredParcel {
  const geometry = geometryFromEwkt(record.geom_wkt);
  return {
    ref: record.id,
    country: 'PL',
    geometry,
    centroid: centroid(geometry),
    // ULDK gives no area: the outline's (the EGiB bulk file carries the official one).
    areaM2: areaM2(geometry),
    municipio: record.commune || undefined,
    provincia: record.voivodeship || undefined,
    source: 'live',
    dataDate,
  };
}
