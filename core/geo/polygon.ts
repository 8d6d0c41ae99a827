// turf's modules one by one, not the @turf/turf bundle: loading the bundle took about 0.6 s of CPU
// and 20 MB at every start (a tenth of an import of Segovia x25), for functions this file never uses.
import { area as turfArea } from '@turf/area';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
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
 * A parcel's area as the copy keeps it: the official figure when the source gives a positive
 * one, else the outline's. One rule for every country's files and live answers.
 */
export function parcelAreaM2(officialArea: number | undefined, geometry: ParcelGeometry): number {
  return isOfficialArea(officialArea) ? officialArea : areaM2(geometry);
}

/** Whether a source's area is one the copy keeps rather than the outline's (`parcelAreaM2`). */
export const isOfficialArea = (area: number | undefined): area is number => area !== undefined && Number.isFinite(area) && area > 0;

/**
 * Area-weighted centroid of the polygon(s). turf's centerOfMass is the true polygon centroid for
 * one Polygon but falls back to a convex hull for MultiPolygons, so parts are weighted here.
 */
export function centroid(geometry: ParcelGeometry): LonLat {
  const parts = polygonsOf(geometry);
  if (parts.length === 1) return centerOfMass(parts[0]);
  let sumArea = 0,
    sumLon = 0,
    sumLat = 0;
  for (const rings of parts) {
    const weight = turfArea({ type: 'Polygon', coordinates: rings });
    const [lon, lat] = centerOfMass(rings);
    sumArea += weight;
    sumLon += lon * weight;
    sumLat += lat * weight;
  }
  return sumArea > 0 ? [sumLon / sumArea, sumLat / sumArea] : (parts[0][0][0] as LonLat);
}

/**
 * turf's `centerOfMass` of one Polygon, the same operations in the same order, so the same
 * doubles (property-tested against turf): the vertex mean without each ring's closing point
 * (turf's `centroid`), then the shoelace sums over every ring's points in one run, relative to
 * that mean. Hand-written because turf's builds a Feature, a list of all points and a translated
 * copy of each per polygon: garbage that was a tenth of a bulk import's time, with its module
 * chain (convex hull, concaveman) loaded at every start for the MultiPolygon case unused here.
 */
function centerOfMass(rings: Ring[]): LonLat {
  // In the stored outline's layout, where the bulk import computes it.
  let length = 1;
  for (const ring of rings) length += 1 + 2 * ring.length;
  const values = new Float64Array(length);
  writeRings(rings, values, 0);
  return polygonCenterOfMass(values, 0);
}

/**
 * One polygon's rings as the stored outline holds them (geometry-codec.ts) from `at`: their count,
 * then per ring its points' count and lon, lat pairs. Returns the index after them.
 */
export function writeRings(rings: Ring[], values: Float64Array, at: number): number {
  let i = at;
  values[i++] = rings.length;
  for (const ring of rings) {
    values[i++] = ring.length;
    for (const [lon, lat] of ring) {
      values[i++] = lon;
      values[i++] = lat;
    }
  }
  return i;
}

/**
 * `centerOfMass` of one polygon held as the stored outline holds it (geometry-codec.ts) from
 * `at`: its rings' count, then per ring its points' count and lon, lat pairs.
 */
export function polygonCenterOfMass(values: ArrayLike<number>, at: number): LonLat {
  const ringCount = values[at];
  let sumX = 0,
    sumY = 0,
    count = 0;
  let i = at + 1;
  for (let r = 0; r < ringCount; r++) {
    const points = values[i++];
    for (let k = 0; k < points - 1; k++) {
      sumX += values[i + 2 * k];
      sumY += values[i + 2 * k + 1];
      count++;
    }
    i += 2 * points;
  }
  const tx = sumX / count,
    ty = sumY / count;
  let sx = 0,
    sy = 0,
    sArea = 0;
  let first = true,
    xi = 0,
    yi = 0;
  i = at + 1;
  for (let r = 0; r < ringCount; r++) {
    const points = values[i++];
    for (let k = 0; k < points; k++, i += 2) {
      const xj = values[i] - tx,
        yj = values[i + 1] - ty;
      if (!first) {
        const a = xi * yj - xj * yi;
        sArea += a;
        sx += (xi + xj) * a;
        sy += (yi + yj) * a;
      }
      first = false;
      xi = xj;
      yi = yj;
    }
  }
  const center: LonLat = sArea === 0 ? [tx, ty] : [tx + (1 / (6 * (sArea * 0.5))) * sx, ty + (1 / (6 * (sArea * 0.5))) * sy];
  // turf refuses a point that is not numbers (an empty or broken outline): so does this, with its words.
  if (Number.isNaN(center[0]) || Number.isNaN(center[1])) throw new Error('coordinates must contain numbers');
  return center;
}

/** turf's `bbox`, the same comparisons in the same order, without its per-point callback (bulk imports). */
export function bboxOf(geometry: ParcelGeometry): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rings of polygonsOf(geometry)) {
    for (const ring of rings) {
      for (const [x, y] of ring) {
        if (box[0] > x) box[0] = x;
        if (box[1] > y) box[1] = y;
        if (box[2] < x) box[2] = x;
        if (box[3] < y) box[3] = y;
      }
    }
  }
  return box;
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
    if (a > bestArea) {
      bestArea = a;
      best = rings;
    }
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
