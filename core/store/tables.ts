/**
 * The tables both engines hold, described once: columns, their types, the key a row written again
 * is matched on, and how each column of such a row merges into the stored one. The upserts of the
 * embedded copy (parcel-writer.ts, import-runner.ts), of the team database (postgres/*) and of the
 * access tables (core/auth) are rendered from here, and test/integration/store-contract/
 * table-shapes.test.ts holds the tables each engine's migrations build to this description.
 *
 * A description of our own rather than a query builder (kysely and the like), because what such a
 * builder would give is not what varies here: the released migrations are append-only SQL text
 * (schema.ts, postgres/schema.ts) that no renderer may change: the CREATE TABLE of each table is
 * rendered here (createTable), and test/integration/store-contract/rendered-tables.test.ts holds
 * a copy upgraded from the oldest release, and a team database migrated from empty, to exactly
 * that rendering, which makes every new database (schema.ts latestCopySchema, postgres/
 * fresh-schema.ts) while the migrations upgrade older ones; the embedded
 * copy's writes run inside better-sqlite3's synchronous transactions (bulk imports), where an
 * asynchronous builder cannot run; and the team database is written through COPY into staging
 * tables and unnest() arrays, which a builder only takes as raw SQL. What is left to render (a
 * column list, placeholders, the ON CONFLICT merge clause) is a few lines, and prepared statements
 * keep the hot paths as fast as before.
 */
export type Dialect = 'sqlite' | 'postgres';

/** A column's type (the parcel's outline: a geometry-codec.ts blob, a PostGIS geometry). */
type ColumnType = 'text' | 'integer' | 'bigint' | 'real' | 'boolean' | 'blob' | 'geometry';

/**
 * How a row written again merges a column into the stored row: `new` takes the new row's value,
 * `kept-if-absent` keeps the stored value where the new row has none (a live outline must not
 * erase an address a CAT import brought).
 */
type Merge = 'new' | 'kept-if-absent';

export interface Column {
  readonly name: string;
  readonly type: ColumnType;
  readonly notNull?: boolean;
  /** Merge rule of a non-key column (default `new`). */
  readonly merge?: Merge;
  /** Only this engine has the column (the team database keeps folded text for its searches). */
  readonly only?: Dialect;
  /** Set by the engine (a row id, the table's primary key then), never written. */
  readonly generated?: boolean;
  /** A CHECK on the column, on the dialect that declares it. */
  readonly check?: Partial<Record<Dialect, string>>;
  /** The column's DEFAULT, as SQL (per dialect where they write it differently). */
  readonly default?: string | Partial<Record<Dialect, string>>;
  /** A unique column beside the key. */
  readonly unique?: boolean;
}

/** An index beside the key: on both engines unless `only` says otherwise. */
export interface IndexDescription {
  readonly name: string;
  readonly columns: readonly string[];
  readonly only?: Dialect;
  /** PostgreSQL's access method where it is not a B-tree (the outlines' GiST). */
  readonly using?: 'gist';
  /** A partial index's condition. */
  readonly where?: string;
}

export interface TableDescription {
  readonly name: string;
  /** The unique key a written row is matched on (ON CONFLICT): the primary key, or UNIQUE beside a generated id. */
  readonly key: readonly string[];
  readonly columns: readonly Column[];
  readonly indexes?: readonly IndexDescription[];
  /** SQLite keeps the rows in the key's B-tree (one descent per lookup by key instead of two). */
  readonly withoutRowid?: boolean;
  /** Only this engine holds the table. */
  readonly only?: Dialect;
  /** SQLite: an R*Tree on the boxes of the rows, by row id (PostgreSQL indexes the geometry itself). */
  readonly rtree?: { readonly name: string; readonly columns: readonly string[] };
  /**
   * A change to its rows moves the readers' data generation: on SQLite every row written bumps
   * parcel_data_generation (schema.ts generationTriggers), on PostgreSQL every statement is
   * announced (postgres/schema.ts announcesChanges). A dialect: only there.
   */
  readonly countsChanges?: true | Dialect;
}

const text = (name: string, more: Partial<Column> = {}): Column => ({ name, type: 'text', ...more });
const required = (name: string, type: ColumnType = 'text'): Column => ({ name, type, notNull: true });
const keptIfAbsent = (name: string, type: ColumnType = 'text'): Column => ({ name, type, merge: 'kept-if-absent' });

export const PARCELS: TableDescription = {
  name: 'parcels',
  key: ['country', 'ref'],
  columns: [
    { name: 'id', type: 'bigint', generated: true },
    required('country'),
    required('ref'),
    { name: 'geometry', type: 'blob', notNull: true, only: 'sqlite' },
    {
      name: 'geom',
      type: 'geometry',
      notNull: true,
      only: 'postgres',
      check: { postgres: "GeometryType(geom) IN ('POLYGON', 'MULTIPOLYGON')" },
    },
    required('centroid_lon', 'real'),
    required('centroid_lat', 'real'),
    required('area', 'real'),
    keptIfAbsent('municipio'),
    keptIfAbsent('provincia'),
    keptIfAbsent('direccion'),
    { ...keptIfAbsent('direccion_folded'), only: 'postgres' },
    keptIfAbsent('codigo_postal'),
    keptIfAbsent('uso'),
    keptIfAbsent('clase'),
    keptIfAbsent('superficie_construida', 'real'),
    keptIfAbsent('anio_construccion', 'integer'),
    keptIfAbsent('declared_units', 'integer'),
    keptIfAbsent('declared_dwellings', 'integer'),
    required('source'),
    required('data_date'),
    keptIfAbsent('offline_area'),
  ],
  rtree: { name: 'parcels_rtree', columns: ['id', 'min_lon', 'max_lon', 'min_lat', 'max_lat'] },
  countsChanges: true,
  indexes: [
    // Outlines in WGS84 with a GiST index: point→parcel is ST_Intersects on it (SQLite: parcels_rtree).
    { name: 'parcels_geom', columns: ['geom'], only: 'postgres', using: 'gist' },
    { name: 'parcels_offline_area', columns: ['offline_area'], only: 'postgres', where: 'offline_area IS NOT NULL' },
  ],
};

export const BUILDINGS: TableDescription = {
  name: 'buildings',
  key: ['country', 'ref'],
  columns: [
    required('country'),
    required('ref'),
    text('uso'),
    { name: 'anio_construccion', type: 'integer' },
    { name: 'superficie_construida', type: 'real' },
    { name: 'building_units', type: 'integer' },
    { name: 'dwellings', type: 'integer' },
    required('data_date'),
  ],
  withoutRowid: true,
  countsChanges: true,
};

export const FINCAS: TableDescription = {
  name: 'fincas',
  key: ['country', 'ref'],
  columns: [
    required('country'),
    required('ref'),
    required('direccion'),
    { ...required('direccion_folded'), only: 'postgres' },
    required('codigo_postal'),
    required('municipio'),
    required('provincia'),
    required('uso_general'),
    required('superficie_total', 'real'),
    keptIfAbsent('superficie_parcela', 'real'),
    required('anio_construccion', 'integer'),
    required('declared_units', 'integer'),
    required('source'),
    required('data_date'),
  ],
  countsChanges: true,
};

export const UNITS: TableDescription = {
  name: 'units',
  key: ['country', 'ref'],
  columns: [
    required('country'),
    required('ref'),
    required('finca'),
    required('escalera'),
    required('planta'),
    required('puerta'),
    required('uso'),
    required('superficie', 'real'),
    required('descripcion'),
    required('participacion', 'real'),
    required('anio', 'integer'),
    required('direccion'),
    required('source'),
    required('data_date'),
  ],
  // Key order is paging order: a finca's units by reference.
  indexes: [{ name: 'units_by_finca', columns: ['country', 'finca', 'ref'] }],
  withoutRowid: true,
  countsChanges: true,
};

/** Every bulk file imported, one row per file and kind of part it held. */
export const IMPORTED_FILES: TableDescription = {
  name: 'imported_files',
  key: ['name', 'bytes', 'kind'],
  columns: [
    required('name'),
    required('bytes', 'bigint'),
    required('kind'),
    required('parcels', 'integer'),
    required('buildings', 'integer'),
    required('fincas', 'integer'),
    required('units', 'integer'),
    required('imported_at'),
    text('data_date'),
  ],
};

/** Portals of imported INSPIRE Addresses files. */
export const ADDRESSES: TableDescription = {
  name: 'addresses',
  key: ['country', 'ref', 'street', 'number'],
  columns: [
    required('country'),
    required('ref'),
    required('street'),
    required('number'),
    text('postcode'),
    text('municipality'),
    required('lon', 'real'),
    required('lat', 'real'),
    { ...required('street_folded'), only: 'postgres' },
  ],
  withoutRowid: true,
  countsChanges: 'postgres',
};

const TIERS_CHECK = "tier IN ('free', 'basic', 'pro', 'business')";

/** API keys: only a key's SHA-256 is kept. */
export const API_KEYS: TableDescription = {
  name: 'api_keys',
  key: ['id'],
  columns: [
    required('id'),
    { ...required('key_hash'), unique: true },
    { ...required('tier'), check: { sqlite: TIERS_CHECK, postgres: TIERS_CHECK } },
    { ...required('organisation', 'boolean'), default: { sqlite: '0', postgres: 'false' } },
    text('label'),
    text('expires_on'),
    required('created_at'),
    text('revoked_at'),
  ],
};

/** Usage counters: subjects 'key:<id>' per UTC month, 'ip:<address>' per UTC day. */
export const API_USAGE: TableDescription = {
  name: 'api_usage',
  key: ['subject', 'period'],
  columns: [required('subject'), required('period'), required('used', 'bigint')],
  withoutRowid: true,
};

/** One-time facts of the keys database, e.g. that an older data folder's keys were moved in (SQLite only). */
export const ACCESS_META: TableDescription = {
  name: 'access_meta',
  only: 'sqlite',
  key: ['name'],
  columns: [text('name'), required('value')],
};

// The tables only the embedded SQLite file holds (what stays in the data folder whichever store
// holds the parcels, and the copy's change counter): a new copy is made from them too (schema.ts latestCopySchema).

/** The counter every change to parcel, building, finca or unit rows bumps (one row, id 1). */
export const PARCEL_DATA_GENERATION: TableDescription = {
  name: 'parcel_data_generation',
  only: 'sqlite',
  key: ['id'],
  columns: [
    { name: 'id', type: 'integer', check: { sqlite: 'id = 1' } },
    { name: 'value', type: 'integer', notNull: true },
  ],
};

/** Published areas the copy holds for offline use (a municipality's zips), by country and code. */
export const OFFLINE_AREAS: TableDescription = {
  name: 'offline_areas',
  only: 'sqlite',
  key: ['id'],
  columns: [
    { name: 'id', type: 'text' },
    { name: 'country', type: 'text', notNull: true },
    { name: 'code', type: 'text', notNull: true },
    { name: 'name', type: 'text' },
    { name: 'province', type: 'text' },
    { name: 'source', type: 'text', notNull: true },
    { name: 'data_date', type: 'text' },
    { name: 'parcels', type: 'integer', notNull: true, default: '0' },
    { name: 'buildings', type: 'integer', notNull: true, default: '0' },
    { name: 'buildings_source', type: 'text' },
    { name: 'buildings_date', type: 'text' },
    { name: 'bytes', type: 'integer', notNull: true, default: '0' },
    { name: 'buildings_bytes', type: 'integer', notNull: true, default: '0' },
    { name: 'updated_at', type: 'text', notNull: true },
  ],
};

/** Parcels a national register lists without an outline (Denmark's MAT). */
export const REGISTER_PARCELS: TableDescription = {
  name: 'register_parcels',
  only: 'sqlite',
  key: ['country', 'ref'],
  columns: [
    { name: 'country', type: 'text', notNull: true },
    { name: 'ref', type: 'text', notNull: true },
    { name: 'area', type: 'real' },
    { name: 'municipality_code', type: 'text' },
    { name: 'property_id', type: 'text' },
    { name: 'data_date', type: 'text', notNull: true },
  ],
};

const ROW_ID = { name: 'id', type: 'integer' } as const;

/** The analysis layers (analysis-tables.ts): protected areas, EGMS ground motion, the PVGIS cache. */
export const ANALYSIS_TABLES: readonly TableDescription[] = [
  {
    name: 'analysis_pa_datasets',
    only: 'sqlite',
    key: ['id'],
    columns: [
      ROW_ID,
      { name: 'file', type: 'text', notNull: true, unique: true },
      { name: 'name', type: 'text', notNull: true },
      { name: 'license', type: 'text', notNull: true },
      { name: 'edition', type: 'text', notNull: true },
      { name: 'imported_at', type: 'text', notNull: true },
      { name: 'sites', type: 'integer', notNull: true },
      { name: 'register', type: 'text', notNull: true, default: "'natura2000'", check: { sqlite: "register IN ('natura2000', 'national')" } },
    ],
  },
  {
    name: 'analysis_pa_sites',
    only: 'sqlite',
    key: ['id'],
    columns: [
      ROW_ID,
      { name: 'dataset_id', type: 'integer', notNull: true },
      { name: 'code', type: 'text', notNull: true },
      { name: 'name', type: 'text', notNull: true },
      { name: 'types', type: 'text', notNull: true },
      { name: 'country', type: 'text', notNull: true },
      { name: 'designation', type: 'text', notNull: true, default: "''" },
    ],
    indexes: [{ name: 'analysis_pa_sites_dataset', columns: ['dataset_id'] }],
  },
  {
    // One polygon (or piece of a large one) of a site, WGS84 rings as JSON.
    name: 'analysis_pa_parts',
    only: 'sqlite',
    key: ['id'],
    columns: [ROW_ID, { name: 'site_id', type: 'integer', notNull: true }, { name: 'rings', type: 'text', notNull: true }],
    indexes: [{ name: 'analysis_pa_parts_site', columns: ['site_id'] }],
    rtree: { name: 'analysis_pa_parts_rtree', columns: ['id', 'min_lon', 'max_lon', 'min_lat', 'max_lat'] },
  },
  {
    name: 'analysis_gm_tiles',
    only: 'sqlite',
    key: ['id'],
    columns: [
      ROW_ID,
      { name: 'file', type: 'text', notNull: true, unique: true },
      { name: 'component', type: 'text', notNull: true, check: { sqlite: "component IN ('U', 'E')" } },
      { name: 'dates', type: 'text', notNull: true },
      { name: 'imported_at', type: 'text', notNull: true },
      { name: 'cells', type: 'integer', notNull: true },
    ],
  },
  {
    // A 100 m cell of EGMS Ortho L3: statistics and its Float32 displacement series, squares in EPSG:3035.
    name: 'analysis_gm_cells',
    only: 'sqlite',
    key: ['id'],
    columns: [
      ROW_ID,
      { name: 'tile_id', type: 'integer', notNull: true },
      { name: 'pid', type: 'text', notNull: true },
      { name: 'easting', type: 'real', notNull: true },
      { name: 'northing', type: 'real', notNull: true },
      { name: 'mean_velocity', type: 'real' },
      { name: 'mean_velocity_std', type: 'real' },
      { name: 'acceleration', type: 'real' },
      { name: 'rmse', type: 'real' },
      { name: 'series', type: 'blob', notNull: true },
    ],
    indexes: [
      { name: 'analysis_gm_cells_tile', columns: ['tile_id'] },
      { name: 'analysis_gm_cells_centre', columns: ['easting', 'northing'] },
    ],
    rtree: { name: 'analysis_gm_cells_rtree', columns: ['id', 'min_e', 'max_e', 'min_n', 'max_n'] },
  },
  {
    // PVGIS yields by ~1 km cell (yield NULL: PVGIS has no data there).
    name: 'analysis_pvgis_cache',
    only: 'sqlite',
    key: ['lat_key', 'lon_key'],
    columns: [
      { name: 'lat_key', type: 'integer', notNull: true },
      { name: 'lon_key', type: 'integer', notNull: true },
      { name: 'yield', type: 'text' },
      { name: 'fetched_at', type: 'text', notNull: true },
    ],
  },
];

/** The tables described here, for the shape test. */
export const CADASTRAL_TABLES = [PARCELS, BUILDINGS, FINCAS, UNITS, IMPORTED_FILES, ADDRESSES] as const;
export const ACCESS_TABLES = [API_KEYS, API_USAGE, ACCESS_META] as const;

/** The columns a row of `table` is written with on `dialect`, in description order. */
export function writtenColumns(table: TableDescription, dialect: Dialect): string[] {
  return table.columns.filter((c) => !c.generated && (c.only === undefined || c.only === dialect)).map((c) => c.name);
}

/** The column type as `dialect` declares it (SQLite: its affinity name). */
export function declaredType(type: ColumnType, dialect: Dialect): string {
  if (dialect === 'sqlite')
    return { text: 'TEXT', integer: 'INTEGER', bigint: 'INTEGER', real: 'REAL', boolean: 'INTEGER', blob: 'BLOB', geometry: 'BLOB' }[type];
  return { text: 'text', integer: 'integer', bigint: 'bigint', real: 'double precision', boolean: 'boolean', blob: 'bytea', geometry: 'geometry' }[type];
}

/**
 * `ON CONFLICT (key) DO UPDATE SET …` by the table's merge rules, the stored row named `old`
 * (both engines take `INSERT INTO table AS old`).
 */
export function mergeOnConflict(table: TableDescription, dialect: Dialect): string {
  const set = table.columns
    .filter((c) => !c.generated && !table.key.includes(c.name) && (c.only === undefined || c.only === dialect))
    .map((c) => (c.merge === 'kept-if-absent' ? `${c.name} = COALESCE(excluded.${c.name}, old.${c.name})` : `${c.name} = excluded.${c.name}`));
  return `ON CONFLICT (${table.key.join(', ')}) DO UPDATE SET ${set.join(', ')}`;
}

/**
 * The upsert of `table` on `dialect`: `rows` is what follows the column list (`VALUES (…)` or a
 * SELECT; on SQLite a SELECT needs a WHERE before ON CONFLICT). By default one row of named
 * parameters (`@column`, better-sqlite3's form).
 */
export function upsert(table: TableDescription, dialect: Dialect, rows?: string): string {
  const columns = writtenColumns(table, dialect);
  const values = rows ?? `VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  return `INSERT INTO ${table.name} AS old (${columns.join(', ')}) ${values} ${mergeOnConflict(table, dialect)}`;
}

/** A column's definition in CREATE TABLE: type, NOT NULL, a generated id as the primary key, a CHECK. */
function columnDefinition(column: Column, dialect: Dialect): string {
  const type = dialect === 'postgres' && column.type === 'geometry' ? 'geometry(Geometry, 4326)' : declaredType(column.type, dialect);
  const identity = column.generated ? (dialect === 'sqlite' ? ' PRIMARY KEY' : ' GENERATED ALWAYS AS IDENTITY PRIMARY KEY') : '';
  const check = column.check?.[dialect];
  const fallback = typeof column.default === 'string' ? column.default : column.default?.[dialect];
  const more = [column.notNull && 'NOT NULL', column.unique && 'UNIQUE', fallback !== undefined && `DEFAULT ${fallback}`].filter(Boolean);
  return `${column.name} ${type}${more.map((m) => ` ${m}`).join('')}${identity}${check ? ` CHECK (${check})` : ''}`;
}

/**
 * The table's CREATE TABLE and CREATE INDEX statements on `dialect`: what a new database at the
 * latest schema holds (the migrations only upgrade older ones to it).
 */
export function createTable(table: TableDescription, dialect: Dialect): string {
  const columns = table.columns.filter((c) => c.only === undefined || c.only === dialect).map((c) => columnDefinition(c, dialect));
  const key = `${table.columns.some((c) => c.generated) ? 'UNIQUE' : 'PRIMARY KEY'} (${table.key.join(', ')})`;
  const storage = dialect === 'sqlite' && table.withoutRowid ? ' WITHOUT ROWID' : '';
  const indexes = (table.indexes ?? [])
    .filter((index) => index.only === undefined || index.only === dialect)
    .map(
      (index) =>
        `CREATE INDEX ${index.name} ON ${table.name}${index.using ? ` USING ${index.using}` : ''} (${index.columns.join(', ')})${index.where ? ` WHERE ${index.where}` : ''};`,
    );
  return [`CREATE TABLE ${table.name} (\n  ${[...columns, key].join(',\n  ')}\n)${storage};`, ...indexes].join('\n');
}

/** PostgreSQL's name of a column type for parameter casts (`$1::float8[]`). */
const PG_CAST: Record<ColumnType, string> = {
  text: 'text',
  integer: 'int',
  bigint: 'int8',
  real: 'float8',
  boolean: 'bool',
  blob: 'bytea',
  geometry: 'geometry',
};

/**
 * PostgreSQL rows from one array parameter per written column of `table` (`$1::text[]`, …, in
 * writtenColumns order), `scalar` columns taken from one parameter each after the arrays: one
 * statement writes a whole batch.
 */
export function unnestRows(table: TableDescription, scalar: readonly string[] = []): string {
  const columns = table.columns.filter((c) => !c.generated && c.only !== 'sqlite');
  const arrays = columns.filter((c) => !scalar.includes(c.name));
  const parameter = new Map(arrays.map((c, i) => [c.name, `$${i + 1}::${PG_CAST[c.type]}[]`]));
  scalar.forEach((name, i) => parameter.set(name, `$${arrays.length + i + 1}::${PG_CAST[columns.find((c) => c.name === name)!.type]}`));
  const selected = columns.map((c) => (scalar.includes(c.name) ? parameter.get(c.name) : `u.${c.name}`));
  return `SELECT ${selected.join(', ')} FROM unnest(${arrays.map((c) => parameter.get(c.name)).join(', ')}) AS u(${arrays.map((c) => c.name).join(', ')})`;
}

/** PostgreSQL: one row of numbered parameters, `$1` … in writtenColumns order. */
export const numberedValues = (table: TableDescription): string =>
  `VALUES (${writtenColumns(table, 'postgres')
    .map((_, i) => `$${i + 1}`)
    .join(', ')})`;
