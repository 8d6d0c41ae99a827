import { PARCEL_FIELDS, parcelGeometry, parcelProperties, type FeatureRow, type FeatureTable, type Field } from '../export/feature-table.js';
import type { BatchRowResult } from '../model/index.js';

/** Input columns keep their names behind this prefix, so they never clash with the parcel's fields. */
export const INPUT_PREFIX = 'in_';

const STATUS_FIELDS: Field[] = [
  { name: 'row', type: 'INTEGER' },
  { name: 'status', type: 'TEXT' },
  { name: 'code', type: 'TEXT' },
  { name: 'reason', type: 'TEXT' },
];

/** Rows made as they are read (Node 20 has no iterator helpers). */
function* mapRows<T>(items: Iterable<T>, rowOf: (item: T) => FeatureRow): Generator<FeatureRow> {
  for (const item of items) yield rowOf(item);
}

/**
 * A batch's answers as one table: per input row its number, status (found / not_found /
 * failed), the error code and reason, the input columns, then the parcel's fields and outline.
 */
export function batchTable(results: Iterable<BatchRowResult>, header: string[], name = 'batch'): FeatureTable {
  const inputFields: Field[] = header.map((column) => ({ name: `${INPUT_PREFIX}${column}`, type: 'TEXT' }));
  return {
    name,
    fields: [...STATUS_FIELDS, ...inputFields, ...PARCEL_FIELDS],
    rows: mapRows(results, (result) => ({
      geometry: result.parcel ? parcelGeometry(result.parcel) : null,
      properties: {
        row: result.row,
        status: result.status,
        code: result.code ?? null,
        reason: result.reason ?? null,
        ...Object.fromEntries(header.map((column) => [`${INPUT_PREFIX}${column}`, result.input[column] ?? ''])),
        ...parcelProperties(result.parcel),
      },
    })),
  };
}
