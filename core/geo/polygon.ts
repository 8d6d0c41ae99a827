// The four turf modules one by one, not the @turf/turf bundle: loading the bundle took about 0.6 s of
// CPU and 20 MB at every start (a tenth of an import of Segovia x25), for functions this file never uses.
import { area as turfArea } from '@turf/area';
import { bbox as turfBbox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { centerOfMass } from '@turf/center-of-mass';
import type { BBox, LonLat, ParcelGeometry, PolygonGeometry, Ring } from '../model/index.js';

/** Polygons of a geometry as a list, whatever its type. */
export function polygonsOf(geometry: ParcelGeometry): Ring[][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Geodesic area in m² (turf). */
export function areaM2(geometry: ParcelGeometry): number {
  return turfArea(geometry);
}

/**
 * Area-weighted centroid of the polygon(s). turf's centerOfMass is the true polygon centroid for
 * one Polygon but falls back to a convex hull for MultiPolygons, so parts are weighted here.
 */
export function centroid(geometry: ParcelGeometry): LonLat {
  const parts = polygonsOf(geometry);
  if (parts.length === 1) return centerOfMass({ type: 'Polygon', coordinates: parts[0] }).geometry.coordinates as LonLat;
  let sumArea = 0, sumLon = 0, sumLat = 0;
  for (const rings of parts) {
    const polygon: PolygonGeometry = { type: 'Polygon', coordinates: rings };
    const weight = turfArea(polygon);
    const [lon, lat] = centerOfMass(polygon).geometry.coordinates;
    sumArea += weight; sumLon += lon * weight; sumLat += lat * weight;
  }
  return sumArea > 0 ? [sumLon / sumArea, sumLat / sumArea] : (parts[0][0][0] as LonLat);
}

export function bboxOf(geometry: ParcelGeometry): BBox {
  return turfBbox(geometry) as BBox;
}

export function containsPoint(geometry: ParcelGeometry, point: LonLat): boolean {
  return booleanPointInPolygon(point, geometry);
}

/** The outer ring of the largest polygon: the spec's `poligono` is one ring of [lon, lat] pairs. */
export function outerRing(geometry: ParcelGeometry): Ring {
  const parts = polygonsOf(geometry);
  if (parts.length === 1) return parts[0][0];
  let best = parts[0];
  let bestArea = -1;
  for (const rings of parts) {
    const a = turfArea({ type: 'Polygon', coordinates: rings });
    if (a > bestArea) { bestArea = a; best = rings; }
  }
  return best[0];
}

/** The largest polygon as a GeoJSON Polygon (the spec's polygon endpoint returns a Polygon). */
export function largestPolygon(geometry: ParcelGeometry): PolygonGeometry {
  if (geometry.type === 'Polygon') return geometry;
  const ring = outerRing(geometry);
  const rings = geometry.coordinates.find((p) => p[0] === ring) ?? [ring];
  return { type: 'Polygon', coordinates: rings };
}
