import { fromWgs84, isLatitudeFirst } from '../../geo/crs.js';
import type { LonLat } from '../../model/index.js';
import { withQuery } from '../national/sources-config.js';
import type { InspireWfsProfile } from './profile.js';

export const urnOf = (epsg: number) => `urn:ogc:def:crs:EPSG::${epsg}`;

/** `BBOX=` of a small box around a point, in the profile's CRS and that CRS's axis order, URN last. */
export function bboxAround(profile: InspireWfsProfile, point: LonLat): string {
  const [lon, lat] = point;
  const dLat = profile.pointBoxMetres / 111_320;
  const dLon = profile.pointBoxMetres / (111_320 * Math.cos((lat * Math.PI) / 180));
  const corners = [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
    [lon + dLon, lat - dLat],
  ].map(([x, y]) => fromWgs84(profile.bboxEpsg, x, y));
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [minX, minY, maxX, maxY] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const urn = urnOf(profile.bboxEpsg);
  const geographic = profile.bboxEpsg === 4326 || profile.bboxEpsg === 4258 || profile.bboxEpsg === 6706;
  const digits = geographic ? 7 : 2;
  const ordered = isLatitudeFirst(urn) ? [minY, minX, maxY, maxX] : [minX, minY, maxX, maxY];
  return [...ordered.map((v) => v.toFixed(digits)), urn].join(',');
}

/** A WFS 2.0 GetFeature of the profile's parcels in its CRS; `extra` narrows it (BBOX, COUNT, a filter). */
export function getFeatureUrl(base: string, profile: InspireWfsProfile, extra: Record<string, string>): string {
  return withQuery(
    base,
    new URLSearchParams({
      SERVICE: 'WFS',
      VERSION: '2.0.0',
      REQUEST: 'GetFeature',
      TYPENAMES: profile.typeName,
      SRSNAME: urnOf(profile.srsEpsg),
      ...extra,
    }),
  );
}

export const parcelsAroundUrl = (base: string, profile: InspireWfsProfile, point: LonLat) =>
  getFeatureUrl(base, profile, { BBOX: bboxAround(profile, point), COUNT: '100' });

export function parcelByReferenceUrl(base: string, profile: InspireWfsProfile, ref: string): string | undefined {
  const query = profile.byReference?.(ref);
  return query && getFeatureUrl(base, profile, query);
}
