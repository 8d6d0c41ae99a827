import { isOnEarth, outsideTheWorld } from '../../geo/crs.js';
import type { LonLat } from '../../model/index.js';

/** One feature of a protected-area layer, whatever file format it came from. */
export interface LayerFeature {
  properties: Record<string, unknown>;
  /** Polygons (rings of [lon, lat] WGS84), whatever the source geometry type. */
  polygons: LonLat[][][];
}

/** Source CRS (x, y) → WGS84 [lon, lat]. */
export type Reproject = (x: number, y: number) => LonLat;

/**
 * The polygons of a GeoJSON-shaped geometry; other types give none. Empty polygons (no rings,
 * e.g. `POLYGON EMPTY` from WKB) are dropped so an empty site is refused by the importer
 * instead of reaching the writer.
 */
export function polygonsOf(geometry: { type: string; coordinates: unknown } | null): number[][][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates as number[][][]].filter((rings) => rings.length > 0);
  if (geometry.type === 'MultiPolygon') return (geometry.coordinates as number[][][][]).filter((rings) => rings.length > 0);
  return [];
}

/**
 * Reprojects every vertex; a third (Z) or fourth (M) ordinate is dropped. A vertex off the Earth
 * (a layer in metres declared in degrees) fails the layer rather than store its sites nowhere.
 */
export const project = (polygons: number[][][][], reproject: Reproject): LonLat[][][] =>
  polygons.map((rings) =>
    rings.map((ring) =>
      ring.map(([x, y]) => {
        const point = reproject(x, y);
        if (!isOnEarth(point)) throw new Error(outsideTheWorld("the layer's declared CRS", x, y, point));
        return point;
      }),
    ),
  );
