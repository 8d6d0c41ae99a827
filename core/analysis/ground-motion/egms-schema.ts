import type { Database } from 'better-sqlite3';

/**
 * EGMS tables (prefix `analysis_gm_`): one row per imported tile file (component U or E, its
 * date columns), one per 100 m cell with its statistics and displacement series (Float32 blob,
 * one value per tile date), and an R*Tree on the cell squares in EPSG:3035 metres, the grid's
 * own CRS, where cells are axis-aligned squares.
 */
export function createGroundMotionTables(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS analysis_gm_tiles (
      id INTEGER PRIMARY KEY, file TEXT NOT NULL UNIQUE, component TEXT NOT NULL CHECK (component IN ('U', 'E')),
      dates TEXT NOT NULL, imported_at TEXT NOT NULL, cells INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS analysis_gm_cells (
      id INTEGER PRIMARY KEY, tile_id INTEGER NOT NULL, pid TEXT NOT NULL, easting REAL NOT NULL, northing REAL NOT NULL,
      mean_velocity REAL, mean_velocity_std REAL, acceleration REAL, rmse REAL, series BLOB NOT NULL);
    CREATE INDEX IF NOT EXISTS analysis_gm_cells_tile ON analysis_gm_cells (tile_id);
    CREATE INDEX IF NOT EXISTS analysis_gm_cells_centre ON analysis_gm_cells (easting, northing);
    CREATE VIRTUAL TABLE IF NOT EXISTS analysis_gm_cells_rtree USING rtree(id, min_e, max_e, min_n, max_n);
  `);
}

/** EGMS Ortho L3 cell size (m): cells are centred on the 100 m grid's half-hectometres. */
export const EGMS_CELL_SIZE_M = 100;
