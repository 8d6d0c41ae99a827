import { fromWgs84, toWgs84 } from '../../geo/crs.js';
import type { BBox } from '../../model/index.js';
import type { AnalysisTables } from '../../store/analysis-tables.js';
import { EGMS_CELL_SIZE_M } from './egms-grid.js';
import { motionClass } from './motion-class.js';

/**
 * Map overlay: EGMS cells meeting a WGS84 box, as squares (corners converted from EPSG:3035)
 * carrying the vertical `mean_velocity` (mm/year), its class, and the east-west velocity where
 * that component was imported too.
 */
export function groundMotionCellsInBBox(tables: AnalysisTables, bbox: BBox, limit: number): GeoJSON.FeatureCollection {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  // The box's edges bend in LAEA: take the extremes of its corners and edge midpoints.
  const probes = [
    [minLon, minLat],
    [maxLon, minLat],
    [maxLon, maxLat],
    [minLon, maxLat],
    [(minLon + maxLon) / 2, minLat],
    [(minLon + maxLon) / 2, maxLat],
    [minLon, (minLat + maxLat) / 2],
    [maxLon, (minLat + maxLat) / 2],
  ].map(([lon, lat]) => fromWgs84(3035, lon, lat));
  const xs = probes.map((p) => p[0]);
  const ys = probes.map((p) => p[1]);
  const rows = tables.groundMotionOverlayCellsIn([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], limit);
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
        coordinates: [
          [
            [-h, -h],
            [h, -h],
            [h, h],
            [-h, h],
            [-h, -h],
          ].map(([dx, dy]) => toWgs84(3035, row.easting + dx, row.northing + dy)),
        ],
      },
    })),
  };
}
