import type { Database } from 'better-sqlite3';
import { fromWgs84, toWgs84 } from '../../geo/crs.js';
import type { BBox } from '../../model/index.js';
import { EGMS_CELL_SIZE_M } from './egms-schema.js';
import { motionClass } from './motion-class.js';

/**
 * Map overlay: EGMS cells meeting a WGS84 box, as squares (corners converted from EPSG:3035)
 * carrying the vertical `mean_velocity` (mm/year), its class, and the east-west velocity where
 * that component was imported too.
 */
export function groundMotionCellsInBBox(db: Database, bbox: BBox, limit: number): GeoJSON.FeatureCollection {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  // The box's edges bend in LAEA: take the extremes of its corners and edge midpoints.
  const probes = [[minLon, minLat], [maxLon, minLat], [maxLon, maxLat], [minLon, maxLat],
    [(minLon + maxLon) / 2, minLat], [(minLon + maxLon) / 2, maxLat], [minLon, (minLat + maxLat) / 2], [maxLon, (minLat + maxLat) / 2]]
    .map(([lon, lat]) => fromWgs84(3035, lon, lat));
  const xs = probes.map((p) => p[0]);
  const ys = probes.map((p) => p[1]);
  const rows = db.prepare(`
    SELECT c.pid, c.easting, c.northing, c.mean_velocity,
      (SELECT e.mean_velocity FROM analysis_gm_cells e JOIN analysis_gm_tiles et ON et.id = e.tile_id
        WHERE et.component = 'E' AND e.easting = c.easting AND e.northing = c.northing LIMIT 1) AS east_west
    FROM analysis_gm_cells_rtree r JOIN analysis_gm_cells c ON c.id = r.id JOIN analysis_gm_tiles t ON t.id = c.tile_id
    WHERE t.component = 'U' AND r.min_e <= ? AND r.max_e >= ? AND r.min_n <= ? AND r.max_n >= ? LIMIT ?`)
    .all(Math.max(...xs), Math.min(...xs), Math.max(...ys), Math.min(...ys), limit) as
    { pid: string; easting: number; northing: number; mean_velocity: number | null; east_west: number | null }[];
  const h = EGMS_CELL_SIZE_M / 2;
  return {
    type: 'FeatureCollection',
    features: rows.map((row) => ({
      type: 'Feature',
      id: row.pid,
      properties: {
        pid: row.pid,
        mean_velocity: row.mean_velocity,
        class: row.mean_velocity === null ? null : motionClass(row.mean_velocity),
        east_west_velocity: row.east_west,
      },
      geometry: {
        type: 'Polygon',
        coordinates: [[[-h, -h], [h, -h], [h, h], [-h, h], [-h, -h]].map(([dx, dy]) => toWgs84(3035, row.easting + dx, row.northing + dy))],
      },
    })),
  };
}
