import type { BBox, SiteRegister, SourceInfo } from '../model/index.js';
import { Database, type SqliteDatabase } from './db.js';

/**
 * The analysis layers' tables in the copy's database (prefix `analysis_`, created by schema
 * migration 8): protected-area sites and their polygon parts, EGMS ground-motion tiles and
 * cells, and the PVGIS answer cache. The analysis code reads and writes them only through this
 * module; what the rows mean (overlaps, statistics, freshness) stays in core/analysis.
 */

/** A polygon part of a protected site, with its site's facts (`types`: comma-separated Natura 2000 designations). */
export interface ProtectedAreaPart {
  partId: number;
  siteId: number;
  register: SiteRegister;
  code: string;
  name: string;
  types: string;
  designation: string;
  country: string;
  /** WGS84 rings as JSON. */
  rings: string;
}

/** An EGMS cell (EPSG:3035 centre) with its tile's component, file and dates (JSON, YYYYMMDD). */
export interface GroundMotionCell {
  id: number;
  easting: number;
  northing: number;
  component: 'U' | 'E';
  file: string;
  dates: string;
  mean_velocity: number | null;
  mean_velocity_std: number | null;
  acceleration: number | null;
  rmse: number | null;
  /** Float32 displacement series, one value per tile date. */
  series: Buffer;
}

/** A vertical cell of the map overlay, with the east-west velocity of the same cell where that component was imported. */
export interface GroundMotionOverlayCell {
  pid: string;
  easting: number;
  northing: number;
  mean_velocity: number | null;
  east_west: number | null;
}

/** A PVGIS answer as cached: its JSON (`null` = PVGIS has no data there) and when it was fetched (ISO). */
export interface CachedPvgisAnswer {
  answer: string | null;
  fetchedAt: string;
}

/** SQLite's LIMIT for "no limit". */
const UNLIMITED = -1;

/** Reads of the analysis tables, and the PVGIS cache's writes (one row each, on the store's connection). */
export class AnalysisTables {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      sources: db.prepare('SELECT name, license, edition FROM analysis_pa_datasets ORDER BY id'),
      partsIn: db.prepare(`
        SELECT p.id AS partId, s.id AS siteId, d.register, s.code, s.name, s.types, s.designation, s.country, p.rings
        FROM analysis_pa_parts_rtree r JOIN analysis_pa_parts p ON p.id = r.id JOIN analysis_pa_sites s ON s.id = p.site_id
          JOIN analysis_pa_datasets d ON d.id = s.dataset_id
        WHERE r.min_lon <= ? AND r.max_lon >= ? AND r.min_lat <= ? AND r.max_lat >= ? LIMIT ?`),
      cellsIn: db.prepare(`
        SELECT c.id, c.easting, c.northing, t.component, t.file, t.dates, c.mean_velocity, c.mean_velocity_std, c.acceleration, c.rmse, c.series
        FROM analysis_gm_cells_rtree r JOIN analysis_gm_cells c ON c.id = r.id JOIN analysis_gm_tiles t ON t.id = c.tile_id
        WHERE r.min_e <= ? AND r.max_e >= ? AND r.min_n <= ? AND r.max_n >= ?`),
      overlayCellsIn: db.prepare(`
        SELECT c.pid, c.easting, c.northing, c.mean_velocity,
          (SELECT e.mean_velocity FROM analysis_gm_cells e JOIN analysis_gm_tiles et ON et.id = e.tile_id
            WHERE et.component = 'E' AND e.easting = c.easting AND e.northing = c.northing LIMIT 1) AS east_west
        FROM analysis_gm_cells_rtree r JOIN analysis_gm_cells c ON c.id = r.id JOIN analysis_gm_tiles t ON t.id = c.tile_id
        WHERE t.component = 'U' AND r.min_e <= ? AND r.max_e >= ? AND r.min_n <= ? AND r.max_n >= ? LIMIT ?`),
      pvgisGet: db.prepare('SELECT yield AS answer, fetched_at AS fetchedAt FROM analysis_pvgis_cache WHERE lat_key = ? AND lon_key = ?'),
      pvgisPut: db.prepare('INSERT OR REPLACE INTO analysis_pvgis_cache (lat_key, lon_key, yield, fetched_at) VALUES (?, ?, ?, ?)'),
    };
  }

  /** The imported protected-area layers, in import order. */
  protectedAreaSources(): SourceInfo[] {
    return this.statements.sources.all() as SourceInfo[];
  }

  /** Polygon parts of protected sites whose boxes meet a WGS84 box, at most `limit` (default all). */
  protectedAreaPartsIn(bbox: BBox, limit = UNLIMITED): ProtectedAreaPart[] {
    const [minLon, minLat, maxLon, maxLat] = bbox;
    return this.statements.partsIn.all(maxLon, minLon, maxLat, minLat, limit) as ProtectedAreaPart[];
  }

  /** EGMS cells (both components) whose squares meet a box in EPSG:3035 metres ([minE, minN, maxE, maxN]). */
  groundMotionCellsIn(box: BBox): GroundMotionCell[] {
    const [minE, minN, maxE, maxN] = box;
    return this.statements.cellsIn.all(maxE, minE, maxN, minN) as GroundMotionCell[];
  }

  /** Vertical EGMS cells meeting a box in EPSG:3035 metres, for the map, at most `limit`. */
  groundMotionOverlayCellsIn(box: BBox, limit: number): GroundMotionOverlayCell[] {
    const [minE, minN, maxE, maxN] = box;
    return this.statements.overlayCellsIn.all(maxE, minE, maxN, minN, limit) as GroundMotionOverlayCell[];
  }

  /** The PVGIS answer cached for a cache cell, whatever its age. */
  cachedPvgisAnswer(latKey: number, lonKey: number): CachedPvgisAnswer | undefined {
    return this.statements.pvgisGet.get(latKey, lonKey) as CachedPvgisAnswer | undefined;
  }

  cachePvgisAnswer(latKey: number, lonKey: number, answer: string | null, fetchedAt: string): void {
    this.statements.pvgisPut.run(latKey, lonKey, answer, fetchedAt);
  }

  /**
   * Runs an asynchronous layer import inside ONE transaction (BEGIN IMMEDIATE … COMMIT): a
   * malformed or failed file leaves the tables as they were. better-sqlite3's `transaction()`
   * only wraps synchronous work, so the streamed import gets its own connection to the same
   * file; readers on the store's connection keep the last committed data meanwhile (WAL). An
   * in-memory database cannot be opened twice, so there the store's own connection is used.
   */
  async importTransaction<T>(work: (writer: AnalysisLayerWriter) => Promise<T>): Promise<T> {
    const conn = this.db.memory || this.db.name === '' ? this.db : new Database(this.db.name);
    if (conn !== this.db) conn.pragma('busy_timeout = 10000');
    try {
      conn.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(new AnalysisLayerWriter(conn));
        conn.exec('COMMIT');
        return result;
      } catch (error) {
        if (conn.inTransaction) conn.exec('ROLLBACK');
        throw error;
      }
    } finally {
      if (conn !== this.db) conn.close();
    }
  }
}

/** The fields of a protected site as stored (`types`: comma-separated Natura 2000 designations, empty for a national site). */
export interface StoredSite {
  code: string;
  name: string;
  types: string;
  designation: string;
  country: string;
}

/** An EGMS cell as imported: EPSG:3035 centre, statistics (null where the file has none) and its Float32 series. */
export interface ImportedCell {
  pid: string;
  easting: number;
  northing: number;
  meanVelocity: number | null;
  meanVelocityStd: number | null;
  acceleration: number | null;
  rmse: number | null;
  series: Buffer;
}

/** Writes of one layer import, inside the transaction `AnalysisTables.importTransaction` holds open. */
export class AnalysisLayerWriter {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      insertSite: db.prepare('INSERT INTO analysis_pa_sites (dataset_id, code, name, types, designation, country) VALUES (?, ?, ?, ?, ?, ?)'),
      insertPart: db.prepare('INSERT INTO analysis_pa_parts (site_id, rings) VALUES (?, ?)'),
      insertPartBox: db.prepare('INSERT INTO analysis_pa_parts_rtree (id, min_lon, max_lon, min_lat, max_lat) VALUES (?, ?, ?, ?, ?)'),
      insertCell: db.prepare(`INSERT INTO analysis_gm_cells (tile_id, pid, easting, northing, mean_velocity, mean_velocity_std, acceleration, rmse, series)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertCellBox: db.prepare('INSERT INTO analysis_gm_cells_rtree (id, min_e, max_e, min_n, max_n) VALUES (?, ?, ?, ?, ?)'),
    };
  }

  /** Replaces the protected-area dataset of this file (a re-import supersedes the previous one) and returns its id. */
  replaceProtectedAreaDataset(file: string, source: SourceInfo, register: SiteRegister): number {
    const { db } = this;
    const old = db.prepare('SELECT id FROM analysis_pa_datasets WHERE file = ?').get(file) as { id: number } | undefined;
    if (old) {
      db.prepare(
        'DELETE FROM analysis_pa_parts_rtree WHERE id IN (SELECT p.id FROM analysis_pa_parts p JOIN analysis_pa_sites s ON s.id = p.site_id WHERE s.dataset_id = ?)',
      ).run(old.id);
      db.prepare('DELETE FROM analysis_pa_parts WHERE site_id IN (SELECT id FROM analysis_pa_sites WHERE dataset_id = ?)').run(old.id);
      db.prepare('DELETE FROM analysis_pa_sites WHERE dataset_id = ?').run(old.id);
      db.prepare('DELETE FROM analysis_pa_datasets WHERE id = ?').run(old.id);
    }
    const info = db
      .prepare('INSERT INTO analysis_pa_datasets (file, name, license, edition, imported_at, sites, register) VALUES (?, ?, ?, ?, ?, 0, ?)')
      .run(file, source.name, source.license, source.edition, new Date().toISOString(), register);
    return Number(info.lastInsertRowid);
  }

  /** A site of a dataset; returns its id. */
  insertSite(datasetId: number, site: StoredSite): number {
    return Number(this.statements.insertSite.run(datasetId, site.code, site.name, site.types, site.designation, site.country).lastInsertRowid);
  }

  /** One polygon part of a site (WGS84 rings as JSON) with its box [minLon, minLat, maxLon, maxLat]. */
  insertSitePart(siteId: number, rings: string, box: BBox): void {
    const partId = Number(this.statements.insertPart.run(siteId, rings).lastInsertRowid);
    this.statements.insertPartBox.run(partId, box[0], box[2], box[1], box[3]);
  }

  finishProtectedAreaDataset(datasetId: number, sites: number): void {
    this.db.prepare('UPDATE analysis_pa_datasets SET sites = ? WHERE id = ?').run(sites, datasetId);
  }

  /** Replaces the EGMS tile of this file (a re-import supersedes the previous one) and returns its id. */
  replaceGroundMotionTile(file: string, component: 'U' | 'E', dates: string[]): number {
    const { db } = this;
    const old = db.prepare('SELECT id FROM analysis_gm_tiles WHERE file = ?').get(file) as { id: number } | undefined;
    if (old) {
      db.prepare('DELETE FROM analysis_gm_cells_rtree WHERE id IN (SELECT id FROM analysis_gm_cells WHERE tile_id = ?)').run(old.id);
      db.prepare('DELETE FROM analysis_gm_cells WHERE tile_id = ?').run(old.id);
      db.prepare('DELETE FROM analysis_gm_tiles WHERE id = ?').run(old.id);
    }
    return Number(
      db
        .prepare('INSERT INTO analysis_gm_tiles (file, component, dates, imported_at, cells) VALUES (?, ?, ?, ?, 0)')
        .run(file, component, JSON.stringify(dates), new Date().toISOString()).lastInsertRowid,
    );
  }

  /** One cell of a tile with its square [minE, minN, maxE, maxN] in EPSG:3035 metres. */
  insertGroundMotionCell(tileId: number, cell: ImportedCell, square: BBox): void {
    const id = Number(
      this.statements.insertCell.run(
        tileId,
        cell.pid,
        cell.easting,
        cell.northing,
        cell.meanVelocity,
        cell.meanVelocityStd,
        cell.acceleration,
        cell.rmse,
        cell.series,
      ).lastInsertRowid,
    );
    this.statements.insertCellBox.run(id, square[0], square[2], square[1], square[3]);
  }

  finishGroundMotionTile(tileId: number, cells: number): void {
    this.db.prepare('UPDATE analysis_gm_tiles SET cells = ? WHERE id = ?').run(cells, tileId);
  }
}
