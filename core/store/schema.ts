import type { SqliteDatabase } from './db.js';
import { ANALYSIS_TABLES, CADASTRAL_TABLES, OFFLINE_AREAS, PARCEL_DATA_GENERATION, REGISTER_PARCELS, createTable } from './tables.js';

/** SQL, or (where a copy's state decides what to do, e.g. adopting tables) a function over the connection. */
export type Migration = string | ((db: SqliteDatabase) => void);

/**
 * The triggers by which every row written to `tables` bumps parcel_data_generation (migration 4,
 * and again where a migration rebuilt a table and so dropped its triggers). SQLite keeps each
 * CREATE statement's text in sqlite_master, so this text is part of the schema: like a released
 * migration, it never changes (a change of trigger is a new migration).
 */
export function generationTriggers(tables: readonly string[]): string {
  return tables
    .flatMap((table) =>
      ['INSERT', 'UPDATE', 'DELETE'].map(
        (event) =>
          `CREATE TRIGGER ${table}_${event.toLowerCase()}_bumps_generation AFTER ${event} ON ${table}
    BEGIN UPDATE parcel_data_generation SET value = value + 1; END;`,
      ),
    )
    .join('\n  ');
}

/**
 * Schema migrations of the copy's database (`catastro.sqlite`), applied in order by
 * `PRAGMA user_version` (db.ts migrate). Append only: a released migration never changes, so
 * every copy in the field upgrades the same way. Every table of the file comes from here.
 */
export const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE parcels (
    id INTEGER PRIMARY KEY,
    country TEXT NOT NULL,
    ref TEXT NOT NULL,
    geometry BLOB NOT NULL,              -- WGS84 outline, geometry-codec.ts layout
    centroid_lon REAL NOT NULL,
    centroid_lat REAL NOT NULL,
    area REAL NOT NULL,                  -- m², official where the source gives it
    municipio TEXT, provincia TEXT, direccion TEXT, codigo_postal TEXT,
    uso TEXT, clase TEXT, superficie_construida REAL, anio_construccion INTEGER,
    declared_units INTEGER, declared_dwellings INTEGER,
    source TEXT NOT NULL,
    data_date TEXT NOT NULL,
    UNIQUE (country, ref)
  );
  CREATE VIRTUAL TABLE parcels_rtree USING rtree(id, min_lon, max_lon, min_lat, max_lat);

  -- INSPIRE buildings carry the use, year and declared units of the parcel they stand on
  -- (Catastro's building id is the 14-character parcel reference).
  CREATE TABLE buildings (
    ref TEXT PRIMARY KEY,
    uso TEXT, anio_construccion INTEGER, superficie_construida REAL,
    building_units INTEGER, dwellings INTEGER,
    data_date TEXT NOT NULL
  );

  CREATE TABLE fincas (
    ref TEXT PRIMARY KEY,
    direccion TEXT NOT NULL, codigo_postal TEXT NOT NULL, municipio TEXT NOT NULL, provincia TEXT NOT NULL,
    uso_general TEXT NOT NULL, superficie_total REAL NOT NULL, anio_construccion INTEGER NOT NULL,
    declared_units INTEGER NOT NULL,
    source TEXT NOT NULL, data_date TEXT NOT NULL
  );

  CREATE TABLE units (
    ref TEXT PRIMARY KEY,                -- 20 characters; primary key order = paging order
    finca TEXT NOT NULL,
    escalera TEXT NOT NULL, planta TEXT NOT NULL, puerta TEXT NOT NULL,
    uso TEXT NOT NULL, superficie REAL NOT NULL, descripcion TEXT NOT NULL,
    participacion REAL NOT NULL, anio INTEGER NOT NULL, direccion TEXT NOT NULL,
    source TEXT NOT NULL, data_date TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX units_by_finca ON units (finca, ref);
  `,
  `
  ALTER TABLE fincas ADD COLUMN superficie_parcela REAL;

  -- Every bulk file imported, written in the same transaction as its records: what the copy
  -- was built from, and how the bundled sample knows it is already in.
  CREATE TABLE imported_files (
    name TEXT NOT NULL,                  -- file name without folder
    bytes INTEGER NOT NULL,
    kind TEXT NOT NULL,
    parcels INTEGER NOT NULL, buildings INTEGER NOT NULL, fincas INTEGER NOT NULL, units INTEGER NOT NULL,
    imported_at TEXT NOT NULL,           -- ISO timestamp
    PRIMARY KEY (name, bytes)
  );
  `,
  `
  -- Buildings keyed by reference without a rowid: the parcel join descends one B-tree, not two.
  CREATE TABLE buildings_by_ref (
    ref TEXT PRIMARY KEY,
    uso TEXT, anio_construccion INTEGER, superficie_construida REAL,
    building_units INTEGER, dwellings INTEGER,
    data_date TEXT NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO buildings_by_ref SELECT ref, uso, anio_construccion, superficie_construida, building_units, dwellings, data_date FROM buildings;
  DROP TABLE buildings;
  ALTER TABLE buildings_by_ref RENAME TO buildings;
  `,
  `
  -- Every change to what a parcel or unit answer is built from bumps this counter, whichever
  -- connection or process wrote it (an import, another worker caching a live answer), so a
  -- reader keeping answers in memory (core/api/parcel-answer-cache.ts) knows when to drop them.
  -- Row triggers cost one small UPDATE per written row, a few per cent of an import.
  CREATE TABLE parcel_data_generation (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
  INSERT INTO parcel_data_generation VALUES (1, 0);
  ${generationTriggers(['parcels', 'buildings', 'fincas', 'units'])}
  `,
  `
  -- The file's own date (the GML's timeStamp or its metadata's), not the day it was imported.
  ALTER TABLE imported_files ADD COLUMN data_date TEXT;

  -- Published areas (a Spanish municipality's ATOM zips) the copy holds for offline use: what
  -- the user sees in "offline areas" with update and remove. Parcels name their area so an
  -- update drops parcels gone from the new file and a removal takes exactly the area's own.
  CREATE TABLE offline_areas (
    id TEXT PRIMARY KEY,                 -- country + code, e.g. 'ES.40146'
    country TEXT NOT NULL,
    code TEXT NOT NULL,                  -- INE municipality code (ES)
    name TEXT, province TEXT,
    source TEXT NOT NULL,                -- URL or file the parcels came from
    data_date TEXT,                      -- YYYY-MM-DD of the parcels file
    parcels INTEGER NOT NULL DEFAULT 0,
    buildings INTEGER NOT NULL DEFAULT 0,
    buildings_source TEXT, buildings_date TEXT,
    bytes INTEGER NOT NULL DEFAULT 0,    -- bytes of the parcels file
    buildings_bytes INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
  );
  ALTER TABLE parcels ADD COLUMN offline_area TEXT;
  `,
  `
  -- Parcels a national register lists without an outline (Denmark's MAT download carries no
  -- geometry): what the register says of them, by country and reference. Live answers take
  -- their registered area from here; they never draw on the map.
  CREATE TABLE register_parcels (
    country TEXT NOT NULL,
    ref TEXT NOT NULL,
    area REAL,                           -- m², as registered
    municipality_code TEXT,
    property_id TEXT,                    -- the property the parcel belongs to (DK: SamletFastEjendom)
    data_date TEXT NOT NULL,             -- YYYY-MM-DD the record is in force from
    PRIMARY KEY (country, ref)
  );
  `,
  `
  -- Buildings, fincas and units keyed by country and reference, as parcels are: another
  -- country's building or unit lives beside a Spanish one with the same reference text, and no
  -- key assumes Spanish reference lengths. Rows written before this migration are Spain's.
  CREATE TABLE buildings_by_country (
    country TEXT NOT NULL,
    ref TEXT NOT NULL,                   -- the parcel reference the building stands on
    uso TEXT, anio_construccion INTEGER, superficie_construida REAL,
    building_units INTEGER, dwellings INTEGER,
    data_date TEXT NOT NULL,
    PRIMARY KEY (country, ref)
  ) WITHOUT ROWID;
  INSERT INTO buildings_by_country (country, ref, uso, anio_construccion, superficie_construida, building_units, dwellings, data_date)
    SELECT 'ES', ref, uso, anio_construccion, superficie_construida, building_units, dwellings, data_date FROM buildings;
  DROP TABLE buildings;
  ALTER TABLE buildings_by_country RENAME TO buildings;

  CREATE TABLE fincas_by_country (
    country TEXT NOT NULL,
    ref TEXT NOT NULL,
    direccion TEXT NOT NULL, codigo_postal TEXT NOT NULL, municipio TEXT NOT NULL, provincia TEXT NOT NULL,
    uso_general TEXT NOT NULL, superficie_total REAL NOT NULL, superficie_parcela REAL,
    anio_construccion INTEGER NOT NULL, declared_units INTEGER NOT NULL,
    source TEXT NOT NULL, data_date TEXT NOT NULL,
    PRIMARY KEY (country, ref)
  );
  INSERT INTO fincas_by_country (country, ref, direccion, codigo_postal, municipio, provincia, uso_general, superficie_total,
      superficie_parcela, anio_construccion, declared_units, source, data_date)
    SELECT 'ES', ref, direccion, codigo_postal, municipio, provincia, uso_general, superficie_total,
      superficie_parcela, anio_construccion, declared_units, source, data_date FROM fincas;
  DROP TABLE fincas;
  ALTER TABLE fincas_by_country RENAME TO fincas;

  CREATE TABLE units_by_country (
    country TEXT NOT NULL,
    ref TEXT NOT NULL,                   -- the unit's reference; primary key order = paging order
    finca TEXT NOT NULL,                 -- the reference of the finca it belongs to
    escalera TEXT NOT NULL, planta TEXT NOT NULL, puerta TEXT NOT NULL,
    uso TEXT NOT NULL, superficie REAL NOT NULL, descripcion TEXT NOT NULL,
    participacion REAL NOT NULL, anio INTEGER NOT NULL, direccion TEXT NOT NULL,
    source TEXT NOT NULL, data_date TEXT NOT NULL,
    PRIMARY KEY (country, ref)
  ) WITHOUT ROWID;
  INSERT INTO units_by_country (country, ref, finca, escalera, planta, puerta, uso, superficie, descripcion, participacion,
      anio, direccion, source, data_date)
    SELECT 'ES', ref, finca, escalera, planta, puerta, uso, superficie, descripcion, participacion,
      anio, direccion, source, data_date FROM units;
  DROP TABLE units;                      -- drops units_by_finca and the change triggers with it
  ALTER TABLE units_by_country RENAME TO units;
  CREATE INDEX units_by_finca ON units (country, finca, ref);

  -- The dropped tables took their change-counting triggers (migration 4) with them.
  ${generationTriggers(['buildings', 'fincas', 'units'])}
  `,
  (db) => {
    // The analysis layers' tables (core/store/analysis-tables.ts). Before this migration the
    // analysis code created them itself with CREATE TABLE IF NOT EXISTS at every start, so a
    // copy may already hold them, possibly from before two columns were added: IF NOT EXISTS
    // adopts them as they are, and a missing column is added (old rows take its default, so
    // every layer imported before national registers existed stays Natura 2000).
    db.exec(`
      CREATE TABLE IF NOT EXISTS analysis_pa_datasets (
        id INTEGER PRIMARY KEY, file TEXT NOT NULL UNIQUE, name TEXT NOT NULL, license TEXT NOT NULL,
        edition TEXT NOT NULL, imported_at TEXT NOT NULL, sites INTEGER NOT NULL,
        register TEXT NOT NULL DEFAULT 'natura2000' CHECK (register IN ('natura2000', 'national')));
      CREATE TABLE IF NOT EXISTS analysis_pa_sites (
        id INTEGER PRIMARY KEY, dataset_id INTEGER NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL,
        types TEXT NOT NULL, country TEXT NOT NULL, designation TEXT NOT NULL DEFAULT '');
      CREATE INDEX IF NOT EXISTS analysis_pa_sites_dataset ON analysis_pa_sites (dataset_id);
      -- One polygon (or piece of a large one) of a site, WGS84 rings as JSON, with an R*Tree on its box.
      CREATE TABLE IF NOT EXISTS analysis_pa_parts (
        id INTEGER PRIMARY KEY, site_id INTEGER NOT NULL, rings TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS analysis_pa_parts_site ON analysis_pa_parts (site_id);
      CREATE VIRTUAL TABLE IF NOT EXISTS analysis_pa_parts_rtree USING rtree(id, min_lon, max_lon, min_lat, max_lat);

      -- EGMS Ortho L3: a row per imported tile file (component U or E, its dates), per 100 m cell
      -- (statistics, Float32 displacement series), and an R*Tree on the cell squares in EPSG:3035.
      CREATE TABLE IF NOT EXISTS analysis_gm_tiles (
        id INTEGER PRIMARY KEY, file TEXT NOT NULL UNIQUE, component TEXT NOT NULL CHECK (component IN ('U', 'E')),
        dates TEXT NOT NULL, imported_at TEXT NOT NULL, cells INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS analysis_gm_cells (
        id INTEGER PRIMARY KEY, tile_id INTEGER NOT NULL, pid TEXT NOT NULL, easting REAL NOT NULL, northing REAL NOT NULL,
        mean_velocity REAL, mean_velocity_std REAL, acceleration REAL, rmse REAL, series BLOB NOT NULL);
      CREATE INDEX IF NOT EXISTS analysis_gm_cells_tile ON analysis_gm_cells (tile_id);
      CREATE INDEX IF NOT EXISTS analysis_gm_cells_centre ON analysis_gm_cells (easting, northing);
      CREATE VIRTUAL TABLE IF NOT EXISTS analysis_gm_cells_rtree USING rtree(id, min_e, max_e, min_n, max_n);

      -- PVGIS yields by ~1 km cell (yield NULL: PVGIS has no data there).
      CREATE TABLE IF NOT EXISTS analysis_pvgis_cache (
        lat_key INTEGER NOT NULL, lon_key INTEGER NOT NULL, yield TEXT, fetched_at TEXT NOT NULL, PRIMARY KEY (lat_key, lon_key));
    `);
    const added = [
      ['analysis_pa_datasets', 'register', "TEXT NOT NULL DEFAULT 'natura2000' CHECK (register IN ('natura2000', 'national'))"],
      ['analysis_pa_sites', 'designation', "TEXT NOT NULL DEFAULT ''"],
    ];
    for (const [table, column, definition] of added) {
      const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
      if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
  },
  `
  -- The Catastro's INSPIRE Addresses (AD): a row per portal, keyed by its parcel's reference,
  -- street as published (type code and name, locality in brackets) and number. Offline address
  -- search reads it beside the addresses the parcels and fincas carry.
  CREATE TABLE addresses (
    country TEXT NOT NULL,
    ref TEXT NOT NULL,            -- 14-character parcel reference
    street TEXT NOT NULL,         -- 'CL EMILIANO DIAZ CASTRO (FASNIA)'
    number TEXT NOT NULL,         -- locator designator: '1', '10A', 'S-N'
    postcode TEXT,
    municipality TEXT,
    lon REAL NOT NULL,
    lat REAL NOT NULL,
    PRIMARY KEY (country, ref, street, number)
  ) WITHOUT ROWID;
  `,
  `
  -- Imported files keyed by file and kind of part, as in the team database (core/store/tables.ts
  -- describes both): a zip of several parts records each, instead of its last part overwriting
  -- the first's row.
  CREATE TABLE imported_files_by_kind (
    name TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    kind TEXT NOT NULL,
    parcels INTEGER NOT NULL, buildings INTEGER NOT NULL, fincas INTEGER NOT NULL, units INTEGER NOT NULL,
    imported_at TEXT NOT NULL,
    data_date TEXT,
    PRIMARY KEY (name, bytes, kind)
  );
  INSERT INTO imported_files_by_kind (name, bytes, kind, parcels, buildings, fincas, units, imported_at, data_date)
    SELECT name, bytes, kind, parcels, buildings, fincas, units, imported_at, data_date FROM imported_files;
  DROP TABLE imported_files;
  ALTER TABLE imported_files_by_kind RENAME TO imported_files;
  `,
];

/** Every table of the embedded copy, in the order a new copy creates them. */
export const COPY_TABLES = [...CADASTRAL_TABLES, PARCEL_DATA_GENERATION, OFFLINE_AREAS, REGISTER_PARCELS, ...ANALYSIS_TABLES] as const;

/**
 * The embedded copy's whole schema at the latest version, rendered from the table descriptions
 * (tables.ts) as Rails loads schema.rb: a new copy is made from this in one step,
 * and the migrations above only bring older copies up to it. The change-counting triggers
 * keep their released text (generationTriggers), as SQLite stores it in the schema.
 */
export function latestCopySchema(): string {
  return COPY_TABLES.flatMap((table) => [
    createTable(table, 'sqlite'),
    ...(table.rtree ? [`CREATE VIRTUAL TABLE ${table.rtree.name} USING rtree(${table.rtree.columns.join(', ')});`] : []),
  ])
    .concat(
      'INSERT INTO parcel_data_generation VALUES (1, 0);',
      generationTriggers(COPY_TABLES.filter((table) => table.countsChanges === true || table.countsChanges === 'sqlite').map((table) => table.name)),
    )
    .join('\n');
}
