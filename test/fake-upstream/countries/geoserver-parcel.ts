import type { LonLat } from '../../../core/model/index.js';
import { json, type FakeRoute } from './fake-server.js';

/**
 * One hand-written parcel of a GeoServer WFS 2.0 asked with `outputFormat=application/json`, as
 * the countries' fakes play it (EE, LV, LT, SI: core/countries/<cc>/test/fake.ts).
 *
 * Every answer is WRITTEN BY HAND in the documented format, a GeoJSON FeatureCollection (RFC
 * 7946) as GeoServer writes it (`features[]` with `id`, `geometry`, `geometry_name`,
 * `properties`, then totalFeatures/numberMatched/numberReturned/timeStamp/crs). The parcel is a
 * made-up square (about 30 m) at a real place; the property names are the ones the client code
 * filters on (SOURCES.md 15). A GetFeature whose CQL_FILTER is the parcel's, or whose BBOX
 * (latitude first, URN of EPSG:4326) meets the square, answers the parcel; any other answers an
 * empty FeatureCollection.
 */
export interface FakeGeoJsonParcel {
  ref: string;
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
  return [
    [r(lon - dLon), r(lat - dLat)],
    [r(lon + dLon), r(lat - dLat)],
    [r(lon + dLon), r(lat + dLat)],
    [r(lon - dLon), r(lat + dLat)],
    [r(lon - dLon), r(lat - dLat)],
  ];
};

/** A query parameter whatever the case of its name (OGC parameter names are case-insensitive). */
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
      type: 'Feature',
      id: `${layer}.${i + 1}`,
      geometry: { type: 'MultiPolygon', coordinates: [[p.ring]] },
      geometry_name: 'geom',
      properties: p.properties,
    })),
    totalFeatures: 'unknown',
    numberMatched: parcels.length,
    numberReturned: parcels.length,
    timeStamp: '2026-11-24T09:00:00.000Z',
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
  });
}

/** True when a `lat,lon,lat,lon,urn:ogc:def:crs:EPSG::4326` box meets the ring's extent. */
export function boxMeets(bbox: string | undefined, ring: LonLat[]): boolean {
  const [minLat, minLon, maxLat, maxLon, urn] = (bbox ?? '').split(',');
  if (urn !== 'urn:ogc:def:crs:EPSG::4326') return false;
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return (
    Number(minLat) <= Math.max(...lats) && Number(maxLat) >= Math.min(...lats) && Number(minLon) <= Math.max(...lons) && Number(maxLon) >= Math.min(...lons)
  );
}

/** The fake service at the parcel's path: the parcel to its CQL filter or a box meeting it, nothing otherwise. */
export const geoServerParcelRoute =
  (parcel: FakeGeoJsonParcel): FakeRoute =>
  (url) => {
    if (url.pathname !== parcel.path) return undefined;
    if (parameter(url, 'typeNames') !== parcel.typeName || parameter(url, 'outputFormat') !== 'application/json') {
      return json('{"error":"hand-written fake: unexpected request"}', 400);
    }
    const ring = square(parcel.centre);
    const cql = parameter(url, 'CQL_FILTER');
    const hit = cql !== undefined ? cql === parcel.cql : boxMeets(parameter(url, 'bbox'), ring);
    return json(geoServerCollection(parcel.typeName, hit ? [{ properties: parcel.properties, ring }] : []));
  };
