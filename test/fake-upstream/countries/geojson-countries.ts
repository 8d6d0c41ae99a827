import type { LonLat } from '../../../core/model/index.js';
import { json, type FakeRoute } from './fake-server.js';

/**
 * The GeoJSON parcel services of EE, LV, LT and SI (GeoServer WFS 2.0 with
 * `outputFormat=application/json`) as the fake plays them.
 *
 * NO RECORDING OF ANY OF THESE SERVICES EXISTS (SOURCES.md 15, "Recorded answers found"): every
 * answer here is WRITTEN BY HAND in the documented format, a GeoJSON FeatureCollection (RFC 7946)
 * as GeoServer writes it (`features[]` with `id`, `geometry`, `geometry_name`, `properties`, then
 * totalFeatures/numberMatched/numberReturned/timeStamp/crs). The parcels are made-up squares
 * (about 30 m) at a real place of each capital; the property names are the ones the client
 * code filters on (SOURCES.md 15). A GetFeature whose CQL_FILTER is the parcel's, or whose BBOX
 * (latitude first, URN of EPSG:4326) meets the square, answers the parcel; any other answers
 * an empty FeatureCollection.
 */
export interface FakeGeoJsonParcel {
  /** Path of the fake service. */
  path: string;
  typeName: string;
  /** The CQL_FILTER the adapter sends for this parcel. */
  cql: string;
  /** Centre of the square outline. */
  centre: LonLat;
  properties: Record<string, unknown>;
}

export const square = ([lon, lat]: LonLat, metres = 15): LonLat[] => {
  const dLat = metres / 111_320;
  const dLon = metres / (111_320 * Math.cos((lat * Math.PI) / 180));
  const r = (v: number) => Math.round(v * 1e7) / 1e7;
  return [[r(lon - dLon), r(lat - dLat)], [r(lon + dLon), r(lat - dLat)], [r(lon + dLon), r(lat + dLat)], [r(lon - dLon), r(lat + dLat)], [r(lon - dLon), r(lat - dLat)]];
};

export const GEOJSON_PARCELS: Record<'EE' | 'LV' | 'LT' | 'SI', FakeGeoJsonParcel & { ref: string }> = {
  EE: {
    ref: '78401:114:0086', path: '/ee-wfs', typeName: 'CP_katastriyksused:CP.CadastralParcel', cql: "nationalcadastralreference='78401:114:0086'",
    centre: [24.7453, 59.4372], properties: { nationalcadastralreference: '78401:114:0086', label: '78401:114:0086', areavalue: 1234 },
  },
  LV: {
    ref: '01000070162', path: '/lv-wfs', typeName: 'vraa:parcel', cql: "code='01000070162'",
    centre: [24.1052, 56.9496], properties: { code: '01000070162' },
  },
  LT: {
    ref: '0101/0039:1406', path: '/lt-wfs', typeName: 'cp:CP.CadastralParcel', cql: "label='0101/0039:1406'",
    centre: [25.2797, 54.6872], properties: { label: '0101/0039:1406', areavalue: 987.5 },
  },
  SI: {
    ref: '1725-3274/13', path: '/si-wfs', typeName: 'SI.GURS.KN:PARCELE', cql: "KO_ID=1725 AND ST_PARCELE='3274/13'",
    centre: [14.5058, 46.0569], properties: { KO_ID: 1725, ST_PARCELE: '3274/13' },
  },
};

/** A query parameter by name whatever its case (services read `typeNames` and `TYPENAMES` alike). */
export const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

/** A GeoServer GeoJSON FeatureCollection (hand-written shape of its documented output). */
export function geoServerCollection(typeName: string, parcels: { properties: Record<string, unknown>; ring: LonLat[] }[]): string {
  const layer = typeName.split(':').pop();
  return JSON.stringify({
    type: 'FeatureCollection',
    features: parcels.map((p, i) => ({
      type: 'Feature', id: `${layer}.${i + 1}`, geometry: { type: 'MultiPolygon', coordinates: [[p.ring]] }, geometry_name: 'geom', properties: p.properties,
    })),
    totalFeatures: 'unknown', numberMatched: parcels.length, numberReturned: parcels.length, timeStamp: '2026-11-24T09:00:00.000Z',
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
  });
}

/** True when a `lat,lon,lat,lon,urn:ogc:def:crs:EPSG::4326` box meets the ring's extent. */
export function boxMeets(bbox: string | undefined, ring: LonLat[]): boolean {
  const [minLat, minLon, maxLat, maxLon, urn] = (bbox ?? '').split(',');
  if (urn !== 'urn:ogc:def:crs:EPSG::4326') return false;
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return Number(minLat) <= Math.max(...lats) && Number(maxLat) >= Math.min(...lats) && Number(minLon) <= Math.max(...lons) && Number(maxLon) >= Math.min(...lons);
}

export const geoJsonCountryRoutes: FakeRoute = (url) => {
  const parcel = Object.values(GEOJSON_PARCELS).find((p) => p.path === url.pathname);
  if (!parcel) return undefined;
  if (parameter(url, 'typeNames') !== parcel.typeName || parameter(url, 'outputFormat') !== 'application/json') {
    return json('{"error":"hand-written fake: unexpected request"}', 400);
  }
  const ring = square(parcel.centre);
  const cql = parameter(url, 'CQL_FILTER');
  const hit = cql !== undefined ? cql === parcel.cql : boxMeets(parameter(url, 'bbox'), ring);
  return json(geoServerCollection(parcel.typeName, hit ? [{ properties: parcel.properties, ring }] : []));
};

export const geoJsonCountrySources = (base: string) => ({
  ee: { cpWfsUrl: `${base}/ee-wfs`, geocoderUrl: `${base}/nominatim` },
  lv: { cpWfsUrl: `${base}/lv-wfs`, geocoderUrl: `${base}/nominatim` },
  lt: { cpWfsUrl: `${base}/lt-wfs`, geocoderUrl: `${base}/nominatim` },
  si: { cpWfsUrl: `${base}/si-wfs`, geocoderUrl: `${base}/nominatim` },
});
