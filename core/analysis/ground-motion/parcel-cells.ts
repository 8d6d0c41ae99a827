import { feature, featureCollection, intersect } from '@turf/turf';
import { fromWgs84 } from '../../geo/crs.js';
import type { Parcel } from '../../model/index.js';
import { parcelPolygon, simplePolygons } from '../parcel-facts.js';
import { EGMS_CELL_SIZE_M } from './egms-grid.js';
import { planarArea } from './planar-area.js';

/** Overlaps below this (m²) are reprojection noise along shared edges, not a parcel on a cell. */
export const MIN_CELL_OVERLAP_M2 = 1;

export interface ParcelInGrid {
  /** The outline in EPSG:3035 metres, as simple polygons (a self-intersecting ring split at its crossings). */
  pieces: number[][][][];
  box: [number, number, number, number];
}

export function parcelInGrid(parcel: Parcel): ParcelInGrid {
  const pieces = simplePolygons(parcelPolygon(parcel)).map((polygon) => polygon.coordinates.map((ring) => ring.map(([lon, lat]) => fromWgs84(3035, lon, lat))));
  const xs = pieces.flatMap((rings) => rings[0].map((p) => p[0]));
  const ys = pieces.flatMap((rings) => rings[0].map((p) => p[1]));
  return { pieces, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
}

/** Area (m²) the parcel shares with the 100 m cell centred at (easting, northing). turf's intersect is planar, so it runs on metres too. */
export function cellOverlapM2(parcel: ParcelInGrid, easting: number, northing: number): number {
  const h = EGMS_CELL_SIZE_M / 2;
  const square = [
    [
      [easting - h, northing - h],
      [easting + h, northing - h],
      [easting + h, northing + h],
      [easting - h, northing + h],
      [easting - h, northing - h],
    ],
  ];
  let m2 = 0;
  for (const rings of parcel.pieces) {
    const shared = intersect(featureCollection([feature({ type: 'Polygon', coordinates: rings }), feature({ type: 'Polygon', coordinates: square })]));
    if (!shared) continue;
    const g = shared.geometry;
    m2 += g.type === 'Polygon' ? planarArea(g.coordinates) : g.coordinates.reduce((sum, r) => sum + planarArea(r), 0);
  }
  return m2;
}

/** Centres of the grid cells the parcel covers (at least MIN_CELL_OVERLAP_M2), with data or not. */
export function cellsUnderParcel(parcel: ParcelInGrid): { easting: number; northing: number; m2: number }[] {
  const size = EGMS_CELL_SIZE_M;
  const [minX, minY, maxX, maxY] = parcel.box;
  const cells: { easting: number; northing: number; m2: number }[] = [];
  for (let x = Math.floor(minX / size) * size; x < maxX; x += size) {
    for (let y = Math.floor(minY / size) * size; y < maxY; y += size) {
      const m2 = cellOverlapM2(parcel, x + size / 2, y + size / 2);
      if (m2 >= MIN_CELL_OVERLAP_M2) cells.push({ easting: x + size / 2, northing: y + size / 2, m2 });
    }
  }
  return cells;
}
