import { centroid, parcelAreaM2 } from '../../geo/polygon.js';
import { unavailable, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import { parseLuxembourgReference } from './reference.js';

export const LU_WFS_SOURCE = 'ACT Luxembourg INSPIRE CP WFS';

/**
 * GetFeature of `cp:CP.CadastralParcel` as GeoJSON in WGS84 (lon, lat). Around a point the box
 * must be written `lat,lon` with the URN of EPSG:4326 (SOURCES.md 15: a bare `EPSG:4326` box is
 * read otherwise); the recorded requests asked `count=30`.
 */
export function parcelsAroundUrl(base: string, [lon, lat]: [number, number]): string {
  const d = 0.0002; // about 20 m: features come in id order, not by distance, so the box stays small
  return getFeatureUrl(base, { bbox: `${lat - d},${lon - d},${lat + d},${lon + d},urn:ogc:def:crs:EPSG::4326`, count: '30' });
}

/** One parcel by reference: GeoServer's CQL filter on the flat property (attribute filters UNCERTAIN in SOURCES.md). */
export const parcelByReferenceUrl = (base: string, ref: string) => getFeatureUrl(base, { CQL_FILTER: `national_cadastral_reference='${ref}'`, count: '2' });

function getFeatureUrl(base: string, extra: Record<string, string>): string {
  const query = new URLSearchParams({
    service: 'WFS',
    version: '2.0.0',
    request: 'GetFeature',
    typeNames: 'cp:CP.CadastralParcel',
    outputFormat: 'application/json',
    srsName: 'EPSG:4326',
    ...extra,
  });
  return `${base}?${query}`;
}

interface LuFeature {
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: { national_cadastral_reference?: unknown; area?: unknown; area_uom?: unknown };
}

/** The parcels of an answer; a body that is not a FeatureCollection is the source failing (503). */
export function parseLuParcels(body: string, dataDate: string): StoredParcel[] {
  let parsed: { type?: unknown; features?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    throw unavailable(`${LU_WFS_SOURCE} sent an unreadable answer (not JSON); retry later.`);
  }
  if (parsed?.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) {
    throw unavailable(`${LU_WFS_SOURCE} sent an unexpected answer (no FeatureCollection); retry later.`);
  }
  return (parsed.features as LuFeature[]).flatMap((feature) => {
    const ref = parseLuxembourgReference(String(feature.properties?.national_cadastral_reference ?? ''));
    const type = feature.geometry?.type;
    if (!ref || (type !== 'Polygon' && type !== 'MultiPolygon')) return [];
    const geometry = feature.geometry as ParcelGeometry;
    const area = Number(feature.properties?.area);
    return [
      {
        ref,
        country: 'LU' as const,
        geometry,
        centroid: centroid(geometry),
        areaM2: parcelAreaM2(feature.properties?.area_uom === 'm2' ? area : undefined, geometry),
        source: 'live' as const,
        dataDate,
      },
    ];
  });
}
