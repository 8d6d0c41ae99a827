import type { Database } from 'better-sqlite3';

/**
 * Protected-area tables (prefix `analysis_pa_`): one row per imported layer (dataset), per site,
 * and per polygon of a site (its "part", WGS84 rings as JSON) with an R*Tree on the part's box,
 * so a parcel only ever reads the few polygons around it.
 */
export function createProtectedAreaTables(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS analysis_pa_datasets (
      id INTEGER PRIMARY KEY, file TEXT NOT NULL UNIQUE, name TEXT NOT NULL, license TEXT NOT NULL,
      edition TEXT NOT NULL, imported_at TEXT NOT NULL, sites INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS analysis_pa_sites (
      id INTEGER PRIMARY KEY, dataset_id INTEGER NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL,
      types TEXT NOT NULL, country TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS analysis_pa_sites_dataset ON analysis_pa_sites (dataset_id);
    CREATE TABLE IF NOT EXISTS analysis_pa_parts (
      id INTEGER PRIMARY KEY, site_id INTEGER NOT NULL, rings TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS analysis_pa_parts_site ON analysis_pa_parts (site_id);
    CREATE VIRTUAL TABLE IF NOT EXISTS analysis_pa_parts_rtree USING rtree(id, min_lon, max_lon, min_lat, max_lat);
  `);
}
