import type { CopyExtent } from '../model/index.js';
import type { SqliteDatabase } from './db.js';

/**
 * The boxes of the copy's parcels, grouped by offline area (or municipality), from the R-tree:
 * what the map fits its first view to and draws at zooms where parcels are not drawn.
 */
export function copyExtents(db: SqliteDatabase): CopyExtent[] {
  const rows = db
    .prepare(
      `
    SELECT COALESCE(p.offline_area, p.country || ':' || COALESCE(p.municipio, '')) AS area, MIN(p.municipio) AS name,
           MIN(r.min_lon) AS w, MIN(r.min_lat) AS s, MAX(r.max_lon) AS e, MAX(r.max_lat) AS n, COUNT(*) AS parcels,
           MIN(p.source = 'live') AS looked_up
    FROM parcels p JOIN parcels_rtree r ON r.id = p.id
    GROUP BY 1 ORDER BY 1`,
    )
    .all() as { area: string; name: string | null; w: number; s: number; e: number; n: number; parcels: number; looked_up: number }[];
  return rows.map((row) => ({
    area: row.area,
    ...(row.name ? { name: row.name } : {}),
    bbox: [row.w, row.s, row.e, row.n],
    parcels: row.parcels,
    ...(row.looked_up ? { lookedUp: true as const } : {}),
  }));
}
