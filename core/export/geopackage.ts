import Database from 'better-sqlite3';
import wkx from 'wkx';
import type { PolygonGeometry } from '../model/index.js';
import type { FeatureTable } from './feature-table.js';

/** "GPKG" as the SQLite application_id, and 1.3.0 as user_version (GeoPackage 1.3, clause 1.1.1.1). */
const GPKG_APPLICATION_ID = 0x47504b47;
const GPKG_USER_VERSION = 10300;
const WGS84 = 4326;

/**
 * Hand-written because no maintained npm library writes GeoPackage with better-sqlite3 (the
 * GeoPackage JS library pulls in sql.js and a canvas stack): the standard blob is a small
 * header + WKB (wkx). Header (clause 2.1.3): "GP", version 0, flags 0b0000_0011 (little-endian
 * header, envelope [minx, maxx, miny, maxy]), int32 srs_id, the envelope as four doubles.
 */
export function gpkgGeometryBlob(geometry: PolygonGeometry, srsId = WGS84): Buffer {
  const wkb = wkx.Geometry.parseGeoJSON(geometry).toWkb();
  const header = Buffer.alloc(8 + 32);
  header.write('GP', 0, 'ascii');
  header.writeUInt8(0, 2);
  header.writeUInt8(0b0000_0011, 3);
  header.writeInt32LE(srsId, 4);
  const [minX, minY, maxX, maxY] = envelopeOf(geometry);
  [minX, maxX, minY, maxY].forEach((value, i) => header.writeDoubleLE(value, 8 + i * 8));
  return Buffer.concat([header, wkb]);
}

function envelopeOf(geometry: PolygonGeometry): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of geometry.coordinates) {
    for (const [x, y] of ring) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return [minX, minY, maxX, maxY];
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The three rows every GeoPackage's gpkg_spatial_ref_sys must hold (clause 1.1.2.1.2). */
const REQUIRED_SRS = [
  { name: 'Undefined cartesian SRS', id: -1, org: 'NONE', orgId: -1, def: 'undefined', description: 'undefined cartesian coordinate reference system' },
  { name: 'Undefined geographic SRS', id: 0, org: 'NONE', orgId: 0, def: 'undefined', description: 'undefined geographic coordinate reference system' },
  {
    name: 'WGS 84 geodetic',
    id: WGS84,
    org: 'EPSG',
    orgId: 4326,
    description: 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid',
    def: 'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]',
  },
];

/**
 * A GeoPackage 1.3 file (bytes) holding the table as one feature layer in WGS84: the
 * mandatory metadata tables, then the features, built in memory and serialized whole (a
 * selection export is a few thousand parcels at most).
 */
export function tableToGeoPackage(table: FeatureTable): Buffer {
  const db = new Database(':memory:');
  try {
    fillGeoPackage(db, table);
    return db.serialize();
  } finally {
    db.close();
  }
}

/**
 * The same GeoPackage written at `file` as its rows are read (a batch's result: 100,000 parcels
 * are about 70 MB, written without holding them). `file` must not exist yet.
 */
export function writeGeoPackageFile(table: FeatureTable, file: string): void {
  const db = new Database(file);
  try {
    // Nothing to recover: a file cut short is removed by its writer and written again.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    fillGeoPackage(db, table);
  } finally {
    db.close();
  }
}

function fillGeoPackage(db: Database.Database, table: FeatureTable): void {
  db.pragma(`application_id = ${GPKG_APPLICATION_ID}`);
  db.pragma(`user_version = ${GPKG_USER_VERSION}`);
  db.exec(`
    CREATE TABLE gpkg_spatial_ref_sys (
      srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
      organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
    CREATE TABLE gpkg_contents (
      table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE, description TEXT DEFAULT '',
      last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
      min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
      CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
    CREATE TABLE gpkg_geometry_columns (
      table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
      srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
      CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
      CONSTRAINT uk_gc_table_name UNIQUE (table_name),
      CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
      CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));`);
  const srs = db.prepare('INSERT INTO gpkg_spatial_ref_sys VALUES (@name, @id, @org, @orgId, @def, @description)');
  REQUIRED_SRS.forEach((row) => srs.run(row));

  const columns = table.fields.map((f) => `${quoteIdentifier(f.name)} ${f.type}`).join(', ');
  db.exec(`CREATE TABLE ${quoteIdentifier(table.name)} (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom POLYGON${columns ? `, ${columns}` : ''})`);
  const names = table.fields.map((f) => f.name);
  const insert = db.prepare(`INSERT INTO ${quoteIdentifier(table.name)} (geom${names.map((n) => `, ${quoteIdentifier(n)}`).join('')})
    VALUES (?${names.map(() => ', ?').join('')})`);
  let extent: [number, number, number, number] | undefined;
  db.transaction(() => {
    for (const row of table.rows) {
      insert.run(row.geometry ? gpkgGeometryBlob(row.geometry) : null, ...names.map((n) => row.properties[n] ?? null));
      if (row.geometry) {
        const [a, b, c, d] = envelopeOf(row.geometry);
        extent = extent ? [Math.min(extent[0], a), Math.min(extent[1], b), Math.max(extent[2], c), Math.max(extent[3], d)] : [a, b, c, d];
      }
    }
  })();
  db.prepare(
    `INSERT INTO gpkg_contents (table_name, data_type, identifier, min_x, min_y, max_x, max_y, srs_id)
    VALUES (?, 'features', ?, ?, ?, ?, ?, ?)`,
  ).run(table.name, table.name, ...(extent ?? [null, null, null, null]), WGS84);
  db.prepare(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', 'POLYGON', ?, 0, 0)`).run(table.name, WGS84);
}
