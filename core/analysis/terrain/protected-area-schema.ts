import type { Database } from 'better-sqlite3';

/** Which register a dataset belongs to: the European Natura 2000 network or a national designated-areas register. */
export type SiteRegister = 'natura2000' | 'national';

/**
 * Columns added after the tables first shipped. A data folder created before them gains them in
 * place (ALTER TABLE when `PRAGMA table_info` lacks them); old rows take the default, so every
 * layer imported before national registers existed stays Natura 2000.
 */
const ADDED_COLUMNS = [
  { table: 'analysis_pa_datasets', column: 'register', definition: "TEXT NOT NULL DEFAULT 'natura2000' CHECK (register IN ('natura2000', 'national'))" },
  { table: 'analysis_pa_sites', column: 'designation', definition: "TEXT NOT NULL DEFAULT ''" },
] as const;

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
  const missing = () => ADDED_COLUMNS.filter(({ table, column }) =>
    !(db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).some((c) => c.name === column));
  // Only an old folder takes the write lock (an import may hold it for long); BEGIN IMMEDIATE and a
  // second look, so two processes upgrading the same folder at once do not both add a column.
  if (missing().length === 0) return;
  db.transaction(() => {
    for (const { table, column, definition } of missing()) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }).immediate();
}
