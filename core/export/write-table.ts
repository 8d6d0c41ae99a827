import { closeSync, openSync, writeSync } from 'node:fs';
import type { FeatureFormat } from '../model/index.js';
import { csvChunks, type CsvStyle } from './csv.js';
import type { FeatureTable } from './feature-table.js';
import { geoJsonChunks } from './geojson.js';
import { tableToGeoPackage, writeGeoPackageFile } from './geopackage.js';
import { kmlChunks } from './kml-table.js';

/** MIME type and bytes of a table in one of the export formats. */
export const MIME_OF_FORMAT: Record<FeatureFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
  gpkg: 'application/geopackage+sqlite3',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
};

/** The text formats, written piece by piece. */
const TEXT_CHUNKS: Record<Exclude<FeatureFormat, 'gpkg'>, (table: FeatureTable) => Iterable<string>> = {
  csv: csvChunks,
  geojson: geoJsonChunks,
  kml: kmlChunks,
};

/** The whole file in memory (a selection export: a few thousand parcels at most). */
export function writeTable(table: FeatureTable, format: FeatureFormat): Buffer {
  if (format === 'gpkg') return tableToGeoPackage(table);
  return Buffer.from([...TEXT_CHUNKS[format](table)].join(''), 'utf8');
}

/**
 * The same file written at `file` as the table's rows are read, holding none of it whole (a
 * batch's result, written in a worker thread). `file` must not exist yet.
 */
export function writeTableFile(table: FeatureTable, format: FeatureFormat, file: string, csvStyle?: CsvStyle): void {
  if (format === 'gpkg') return writeGeoPackageFile(table, file);
  const fd = openSync(file, 'wx');
  try {
    for (const chunk of format === 'csv' ? csvChunks(table, csvStyle) : TEXT_CHUNKS[format](table)) {
      const bytes = Buffer.from(chunk, 'utf8');
      for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
    }
  } finally {
    closeSync(fd);
  }
}
