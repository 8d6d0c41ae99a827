import { toWgs84 } from '../../geo/crs.js';
import { todayIso, unavailable, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import { liveParcelOf, ProfiledParcelSource, type ParcelServiceProfile } from './profiled-source.js';
import { jsonObject } from './answer-fields.js';

export type FeatureProperties = Readonly<Record<string, unknown>>;

/**
 * One country's parcel service that answers GeoJSON (RFC 7946 Features: GeoServer's WFS and WMS
 * GetFeatureInfo `application/json`, ArcGIS REST `f=geojson`, geo.admin.ch `geometryFormat=geojson`),
 * as data: the URLs it is asked with and where the reference and facts sit in a feature's properties.
 */
export interface GeoJsonParcelProfile extends ParcelServiceProfile<FeatureProperties> {
  /** EPSG of the answer's coordinates, x = easting or longitude (GeoJSON order); default 4326. */
  answerEpsg?: number;
  /** The features of an answer; default: a FeatureCollection's `features` (undefined: not this service's answer). */
  featuresOf?(answer: unknown): unknown[] | undefined;
}

const JSON_ACCEPT = 'application/geo+json, application/json';

/** A GeoJSON position list in the answer's CRS → WGS84 [lon, lat] (Z dropped). */
function ringsToWgs84(rings: unknown, epsg: number): LonLat[][] | undefined {
  if (!Array.isArray(rings)) return undefined;
  const out: LonLat[][] = [];
  for (const ring of rings) {
    if (!Array.isArray(ring)) return undefined;
    const points: LonLat[] = [];
    for (const position of ring) {
      if (!Array.isArray(position) || typeof position[0] !== 'number' || typeof position[1] !== 'number') return undefined;
      points.push(toWgs84(epsg, position[0], position[1]));
    }
    out.push(points);
  }
  return out;
}

export function geometryOf(value: unknown, epsg: number): ParcelGeometry | undefined {
  const geometry = jsonObject(value);
  if (geometry.type === 'Polygon') {
    const rings = ringsToWgs84(geometry.coordinates, epsg);
    return rings && rings.length > 0 ? { type: 'Polygon', coordinates: rings } : undefined;
  }
  if (geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
    const polygons = geometry.coordinates.map((p) => ringsToWgs84(p, epsg));
    return polygons.length > 0 && polygons.every((p) => p && p.length > 0) ? { type: 'MultiPolygon', coordinates: polygons as LonLat[][][] } : undefined;
  }
  return undefined;
}

/**
 * The parcels of an answer. A body that is not JSON, or not this service's kind of answer, is
 * the source failing (503); features without a polygon or a reference are left out (a query
 * that finds nothing is an empty collection, which the caller turns into a 404).
 */
export function parseGeoJsonParcels(body: string, profile: GeoJsonParcelProfile, dataDate = todayIso()): StoredParcel[] {
  let answer: unknown;
  try {
    answer = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch {
    throw unavailable(`${profile.source} sent an answer that is not JSON; retry later.`);
  }
  const features = profile.featuresOf
    ? profile.featuresOf(answer)
    : jsonObject(answer).type === 'FeatureCollection' && Array.isArray(jsonObject(answer).features)
      ? (jsonObject(answer).features as unknown[])
      : undefined;
  if (!features) {
    const said = JSON.stringify(jsonObject(answer).error ?? jsonObject(answer).exceptions ?? '').slice(0, 200);
    throw unavailable(`${profile.source} sent an unexpected answer (no features${said && said !== '""' ? `: ${said}` : ''}); retry later.`);
  }
  const epsg = profile.answerEpsg ?? 4326;
  return features.flatMap((raw) => {
    const feature = jsonObject(raw);
    const parcel = liveParcelOf(profile, jsonObject(feature.properties ?? feature.attributes), geometryOf(feature.geometry, epsg), dataDate);
    return parcel ? [parcel] : [];
  });
}

/** Text of a property (numbers written as text), trimmed; undefined when empty. */
export function textOf(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  return text === '' ? undefined : text;
}

/** A number property (also written as text), undefined otherwise. */
export function numberOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A live source speaking a profile's GeoJSON service at configured URLs. */
export class GeoJsonParcelSource extends ProfiledParcelSource {
  constructor(
    readonly profile: GeoJsonParcelProfile,
    byPointOnlyHint?: string,
  ) {
    super(profile, { accept: JSON_ACCEPT, parse: (body) => parseGeoJsonParcels(body, profile) }, byPointOnlyHint);
  }
}
