import type { Database, Statement } from 'better-sqlite3';
import type { PvgisYield } from './pvgis-answer.js';

/** Cache cell: 0.01° (about 1 km), finer than PVGIS's own radiation grids (several km). */
const CELL_DEG = 0.01;
/** PVGIS data only change with its releases; re-ask after this long anyway. */
export const PVGIS_CACHE_MAX_AGE_DAYS = 180;

const key = (v: number) => Math.round(v / CELL_DEG);

/**
 * PVGIS yields kept in the local database by ~1 km cell, so a parcel asked again (or its
 * neighbour) answers offline and without a request; "no data" answers are kept too.
 */
export class PvgisCache {
  private readonly get: Statement;
  private readonly put: Statement;

  constructor(db: Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS analysis_pvgis_cache (
      lat_key INTEGER NOT NULL, lon_key INTEGER NOT NULL, yield TEXT, fetched_at TEXT NOT NULL, PRIMARY KEY (lat_key, lon_key))`);
    this.get = db.prepare('SELECT yield, fetched_at FROM analysis_pvgis_cache WHERE lat_key = ? AND lon_key = ?');
    this.put = db.prepare('INSERT OR REPLACE INTO analysis_pvgis_cache (lat_key, lon_key, yield, fetched_at) VALUES (?, ?, ?, ?)');
  }

  /** The cached answer (`null` = PVGIS has no data there), or undefined when absent or stale. */
  lookup(lat: number, lon: number, now = new Date()): PvgisYield | null | undefined {
    const row = this.get.get(key(lat), key(lon)) as { yield: string | null; fetched_at: string } | undefined;
    if (!row) return undefined;
    if (now.getTime() - Date.parse(row.fetched_at) > PVGIS_CACHE_MAX_AGE_DAYS * 86_400_000) return undefined;
    return row.yield === null ? null : (JSON.parse(row.yield) as PvgisYield);
  }

  store(lat: number, lon: number, value: PvgisYield | null, now = new Date()): void {
    this.put.run(key(lat), key(lon), value === null ? null : JSON.stringify(value), now.toISOString());
  }
}
