import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { validationError } from '../../model/index.js';
import { geometryOfGpkgBlob } from './gpkg-geometry.js';
import { gpkgReprojection, type GpkgSrs } from './gpkg-srs.js';
import { polygonsOf, project, type LayerFeature } from './layer-feature.js';

interface FeatureTable {
  table_name: string;
  column_name: string;
  srs_id: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The feature tables (gpkg_contents data_type 'features') with their geometry column; one when
 * `layer` is named. Only real tables: a "feature table" that is a view runs whatever query the
 * file's author wrote (an endless recursive one hung the importer), so views are never read.
 */
function featureTables(db: Database.Database, file: string, layer: string | undefined): FeatureTable[] {
  const kinds = new Map(
    (
      db.prepare("SELECT name, type FROM sqlite_master WHERE name IN ('gpkg_contents', 'gpkg_geometry_columns', 'gpkg_spatial_ref_sys')").all() as Array<{
        name: string;
        type: string;
      }>
    ).map((r) => [r.name, r.type]),
  );
  if (!kinds.has('gpkg_contents') || !kinds.has('gpkg_geometry_columns')) {
    throw validationError(`${file} is not a GeoPackage (no gpkg_contents / gpkg_geometry_columns tables).`);
  }
  const views = [...kinds].filter(([, type]) => type !== 'table').map(([name]) => name);
  if (views.length) throw validationError(`${file} is not a GeoPackage that can be read safely: ${views.join(', ')} must be tables, not views.`);
  const listed = db
    .prepare(
      `SELECT c.table_name, g.column_name, g.srs_id, m.type AS kind FROM gpkg_contents c
    JOIN gpkg_geometry_columns g ON g.table_name = c.table_name COLLATE NOCASE
    LEFT JOIN sqlite_master m ON m.name = c.table_name COLLATE NOCASE AND m.type IN ('table', 'view')
    WHERE c.data_type = 'features' ORDER BY c.table_name`,
    )
    .all() as Array<FeatureTable & { kind: string | null }>;
  const tables = listed.filter((t) => t.kind === 'table').map(({ kind: _kind, ...table }) => table);
  const featureViews = listed.filter((t) => t.kind === 'view').map((t) => t.table_name);
  if (tables.length === 0) {
    throw validationError(
      `${file}: the GeoPackage has no feature tables${featureViews.length ? ` (${featureViews.join(', ')} ${featureViews.length === 1 ? 'is a view' : 'are views'}, which are not read)` : ''}.`,
    );
  }
  if (layer === undefined) return tables;
  const chosen = tables.filter((t) => t.table_name.toLowerCase() === layer.toLowerCase());
  if (chosen.length === 0) throw validationError(`${file}: no feature table ${layer} (feature tables: ${tables.map((t) => t.table_name).join(', ')}).`);
  return chosen;
}

/**
 * Features of a GeoPackage (OGC GeoPackage 1.x) in WGS84: every feature table, or the one named
 * `layer`. Rows are streamed with `iterate()` (the EEA Natura 2000 GeoPackage is over 1 GB);
 * properties are all the non-geometry columns. A file SQLite cannot read, or that is not a
 * GeoPackage, is the file's fault: validationError, never a crash.
 */
export async function* readGeoPackage(file: string, options: { layer?: string } = {}): AsyncGenerator<LayerFeature> {
  const name = basename(file);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    // The schema is the file author's: no function with side effects from its views, triggers or columns.
    db.pragma('trusted_schema = OFF');
    const tables = featureTables(db, name, options.layer);
    const srsOf = db.prepare('SELECT srs_id, organization, organization_coordsys_id, definition FROM gpkg_spatial_ref_sys WHERE srs_id = ?');
    for (const table of tables) {
      const where = `${name}, table ${table.table_name}`;
      const reproject = gpkgReprojection(where, table.srs_id, srsOf.get(table.srs_id) as GpkgSrs | undefined);
      let row = 0;
      for (const record of db.prepare(`SELECT * FROM ${quote(table.table_name)}`).iterate() as IterableIterator<Record<string, unknown>>) {
        row++;
        const { [table.column_name]: blob, ...properties } = record;
        let geometry: { type: string; coordinates: unknown } | null = null;
        if (blob != null) {
          try {
            geometry = geometryOfGpkgBlob(blob as Buffer);
          } catch (error) {
            throw validationError(`${where}, row ${row}: unreadable geometry (${(error as Error).message}).`);
          }
        }
        yield { properties, polygons: project(polygonsOf(geometry), reproject) };
      }
    }
  } catch (error) {
    // SQLITE_NOTADB (not SQLite), SQLITE_CORRUPT (truncated), SQLITE_CANTOPEN (missing) and the like.
    if (error instanceof Database.SqliteError) {
      if (error.code === 'SQLITE_CANTOPEN') throw validationError(`${name}: cannot open the file (missing or not readable).`);
      throw validationError(`${name} is not a readable GeoPackage: ${error.message} (${error.code}).`);
    }
    throw error;
  } finally {
    db?.close();
  }
}
