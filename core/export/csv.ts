import { stringify } from 'csv-stringify/sync';
import type { FeatureTable } from './feature-table.js';

/**
 * CSV of the attributes (one row per feature, header first, RFC 4180 quoting by csv-stringify).
 * The outline stays out: its centroid is in latitud/longitud and GIS formats carry the shape.
 */
export function tableToCsv(table: FeatureTable): string {
  const names = table.fields.map((f) => f.name);
  return stringify(table.rows.map((row) => names.map((name) => row.properties[name] ?? '')), { header: true, columns: names, bom: false });
}
