import { isOnEarth, outsideTheWorld, wgs84Transform } from '../geo/crs.js';
import type { LonLat, ParcelGeometry, Ring } from '../model/index.js';
import { RING_TOO_SHORT, SourceSurfaceCollector, type SourceRing } from './gml-surfaces.js';

export { GeometryProperty } from './gml-surfaces.js';
export { parseNumberList } from './pos-list.js';

/**
 * Collects GML 3.2 surfaces from SAX events into a WGS84 GeoJSON geometry: the rings as the file
 * wrote them (gml-surfaces.ts), reprojected when the geometry is asked for.
 */
export class GmlSurfaceCollector extends SourceSurfaceCollector {
  geometry(): ParcelGeometry | undefined {
    return wgs84Geometry(this.sourcePolygons());
  }
}

/** Surfaces read in their source CRS as one WGS84 Polygon or MultiPolygon (none: undefined). */
export function wgs84Geometry(polygons: SourceRing[][]): ParcelGeometry | undefined {
  if (polygons.length === 0) return undefined;
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0].map(wgs84Ring) }
    : { type: 'MultiPolygon', coordinates: polygons.map((rings) => rings.map(wgs84Ring)) };
}

/** A ring in WGS84: each point reprojected, repeated points dropped, closed. */
export function wgs84Ring({ epsg, xy }: SourceRing): Ring {
  const toWgs84 = wgs84Transform(epsg);
  const ring: Ring = [];
  for (let i = 0; i < xy.length; i += 2) {
    const point: LonLat = toWgs84(xy[i], xy[i + 1]);
    if (!isOnEarth(point)) throw new Error(outsideTheWorld(epsg, xy[i], xy[i + 1], point));
    const previous = ring[ring.length - 1];
    // Real answers repeat vertices; a repeated point adds nothing to a ring.
    if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) ring.push(point);
  }
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  if (ring.length < 4) throw new Error(RING_TOO_SHORT);
  return ring;
}
