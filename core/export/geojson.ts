import type { FeatureTable } from './feature-table.js';

/**
 * RFC 7946 FeatureCollection (WGS84 longitude/latitude), in pieces of one feature, so a large
 * table is written as it is read; the pieces joined are JSON.stringify of the whole collection.
 * Rows without an outline keep their attributes with a null geometry, as the RFC allows, so
 * nothing of a batch is dropped.
 */
export function* geoJsonChunks(table: FeatureTable): Generator<string> {
  yield `{"type":"FeatureCollection","name":${JSON.stringify(table.name)},"features":[`;
  let separator = '';
  for (const row of table.rows) {
    yield separator + JSON.stringify({ type: 'Feature', geometry: row.geometry, properties: row.properties });
    separator = ',';
  }
  yield ']}\n';
}
