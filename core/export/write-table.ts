import type { FeatureFormat } from '../model/index.js';
import { tableToCsv } from './csv.js';
import type { FeatureTable } from './feature-table.js';
import { tableToGeoJson } from './geojson.js';
import { tableToGeoPackage } from './geopackage.js';
import { tableToKml } from './kml-table.js';

/** MIME type and bytes of a table in one of the export formats. */
export const MIME_OF_FORMAT: Record<FeatureFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
  gpkg: 'application/geopackage+sqlite3',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
};

export function writeTable(table: FeatureTable, format: FeatureFormat): Buffer {
  switch (format) {
    case 'csv': return Buffer.from(tableToCsv(table), 'utf8');
    case 'geojson': return Buffer.from(tableToGeoJson(table), 'utf8');
    case 'gpkg': return tableToGeoPackage(table);
    case 'kml': return Buffer.from(tableToKml(table), 'utf8');
  }
}
