import { writeRings } from '../geo/polygon.js';
import type { LonLat, ParcelGeometry, Ring } from '../model/index.js';

/**
 * Outlines are stored as a flat Float64 blob instead of GeoJSON text: decoding is a copy, not
 * a JSON parse, and the point test runs on the blob without building arrays. That is what keeps
 * point→parcel under 100 µs on a million parcels; GeoJSON stays the format at every API edge.
 *
 * Layout: [kind (1 Polygon, 2 MultiPolygon), polygons, then per polygon: rings, then per ring:
 * points, lon0, lat0, lon1, lat1, …].
 */
export function encodeGeometry(geometry: ParcelGeometry): Buffer {
  const values = new Float64Array(encodedLength(geometry));
  encodeGeometryInto(geometry, values, 0);
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

/** How many numbers the outline's blob holds (8 bytes each). */
export function encodedLength(geometry: ParcelGeometry): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let size = 2;
  for (const rings of polygons) {
    size += 1;
    for (const ring of rings) size += 1 + ring.length * 2;
  }
  return size;
}

/**
 * Writes the blob's numbers into `values` from index `at`, returning the index after them: a bulk
 * batch encodes all its outlines into one buffer, not one small buffer each and a copy.
 */
export function encodeGeometryInto(geometry: ParcelGeometry, values: Float64Array, at: number): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let i = at;
  values[i++] = geometry.type === 'Polygon' ? 1 : 2;
  values[i++] = polygons.length;
  for (const rings of polygons) i = writeRings(rings, values, i);
  return i;
}

/** The stored outline's numbers in place (copied only when misaligned), in the layout above. */
export function outlineValues(blob: Uint8Array): Float64Array {
  // SQLite hands back Buffers at arbitrary offsets; Float64Array needs 8-byte alignment.
  if (blob.byteOffset % 8 === 0) return new Float64Array(blob.buffer, blob.byteOffset, blob.byteLength / 8);
  return new Float64Array(Uint8Array.from(blob).buffer);
}

export function decodeGeometry(blob: Uint8Array): ParcelGeometry {
  const values = outlineValues(blob);
  let i = 0;
  const kind = values[i++];
  const polygonCount = values[i++];
  const polygons: Ring[][] = [];
  for (let p = 0; p < polygonCount; p++) {
    const ringCount = values[i++];
    const rings: Ring[] = [];
    for (let r = 0; r < ringCount; r++) {
      const points = values[i++];
      const ring: LonLat[] = new Array(points);
      for (let k = 0; k < points; k++) {
        ring[k] = [values[i], values[i + 1]];
        i += 2;
      }
      rings.push(ring);
    }
    polygons.push(rings);
  }
  return kind === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons };
}

/**
 * Even-odd ray casting on the encoded outline: inside a polygon when inside its exterior ring
 * and outside its holes (the crossings of all its rings, counted together, say exactly that).
 * A point on a ring (a vertex, or exactly on an edge) counts as in, as PostGIS's ST_Intersects
 * and turf's booleanPointInPolygon count it: the team store and the copy then give a point on a
 * border between two parcels to the same one, the smaller. Hand-written because it reads the blob
 * in place; turf's test needs decoded arrays.
 */
export function encodedContains(blob: Uint8Array, lon: number, lat: number): boolean {
  const values = outlineValues(blob);
  let i = 1;
  const polygonCount = values[i++];
  for (let p = 0; p < polygonCount; p++) {
    const ringCount = values[i++];
    let inside = false;
    for (let r = 0; r < ringCount; r++) {
      const points = values[i++];
      const start = i;
      for (let k = 0, j = points - 1; k < points; j = k++) {
        const xk = values[start + 2 * k],
          yk = values[start + 2 * k + 1];
        const xj = values[start + 2 * j],
          yj = values[start + 2 * j + 1];
        if (yk > lat !== yj > lat && lon < ((xj - xk) * (lat - yk)) / (yj - yk) + xk) inside = !inside;
        if (onSegment(xk, yk, xj, yj, lon, lat)) return true;
      }
      i = start + points * 2;
    }
    if (inside) return true;
  }
  return false;
}

/** Exactly on the segment (a, b): collinear (cross product 0, as PostGIS's segment side) and within its box. */
function onSegment(ax: number, ay: number, bx: number, by: number, x: number, y: number): boolean {
  if (x < Math.min(ax, bx) || x > Math.max(ax, bx) || y < Math.min(ay, by) || y > Math.max(ay, by)) return false;
  return (x - ax) * (by - ay) - (bx - ax) * (y - ay) === 0;
}
