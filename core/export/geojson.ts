import type { FeatureTable } from './feature-table.js';

/**
 * RFC 7946 FeatureCollection (WGS84 longitude/latitude). Rows without an outline keep their
 * attributes with a null geometry, as the RFC allows, so nothing of a batch is dropped.
 */
export function tableToGeoJson(table: FeatureTable): string {
  const collection = {
    type: 'FeatureCollection',
    name: table.name,
    features: table.rows.map((row) => ({ type: 'Feature', geometry: row.geometry, properties: row.properties })),
  };
  return `${JSON.stringify(collection)}\n`;
}
