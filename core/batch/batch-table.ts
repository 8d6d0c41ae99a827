import { FILE_FIELDS, parcelGeometry, parcelProperties, type FeatureRow, type FeatureTable, type Field } from '../export/feature-table.js';
import { batchRowReason, DEFAULT_OUTPUT_LANGUAGE, nextStepOf, rusticParts, type BatchRowResult, type OutputLanguage, type Parcel } from '../model/index.js';

/** Input columns keep their names behind this prefix, so they never clash with the parcel's fields. */
export const INPUT_PREFIX = 'in_';

const STATUS_FIELDS: Field[] = [
  { name: 'row', type: 'INTEGER' },
  { name: 'status', type: 'TEXT' },
  { name: 'code', type: 'TEXT' },
  { name: 'reason', type: 'TEXT' },
  { name: 'next_step', type: 'TEXT' },
  { name: 'detail', type: 'TEXT' },
];

/**
 * A rustic parcel's polígono and parcela (in the countries of capability `rusticParcel`: Spain) (read from its reference, as farm spreadsheets
 * name the land) and every parcel's area in hectares, whichever way the row asked for it.
 */
const LAND_FIELDS: Field[] = [
  { name: 'rustico_poligono', type: 'INTEGER' },
  { name: 'rustico_parcela', type: 'INTEGER' },
  { name: 'superficie_ha', type: 'REAL' },
];
const M2_PER_HECTARE = 10_000;

function landProperties(parcel: Parcel | undefined, rusticCountries: readonly string[]): Record<string, number | null> {
  const rustic = parcel && rusticCountries.includes(parcel.pais) ? rusticParts(parcel.refCatastral) : undefined;
  const area = parcel?.superficieParcela;
  return {
    rustico_poligono: rustic?.poligono ?? null,
    rustico_parcela: rustic?.parcela ?? null,
    // Four decimals: a square metre, the cadastre's own precision.
    superficie_ha: area === undefined ? null : Math.round(area) / M2_PER_HECTARE,
  };
}

/** Rows made as they are read (Node 20 has no iterator helpers). */
function* mapRows<T>(items: Iterable<T>, rowOf: (item: T) => FeatureRow): Generator<FeatureRow> {
  for (const item of items) yield rowOf(item);
}

/**
 * A batch's answers as one table: per input row its number, status (found / not_found /
 * failed), the error code, the reason in `language` (BATCH_ROW_REASONS, as the app's dialog
 * says it), the next step and the service's own words (`detail`, English: which character, which
 * source), the input columns, then the parcel's fields, its rustic numbers (`rusticCountries`:
 * the countries of capability `rusticParcel`) and hectares, and its outline.
 */
export function batchTable(
  results: Iterable<BatchRowResult>,
  header: string[],
  name: string,
  rusticCountries: readonly string[],
  language: OutputLanguage = DEFAULT_OUTPUT_LANGUAGE,
): FeatureTable {
  const inputFields: Field[] = header.map((column) => ({ name: `${INPUT_PREFIX}${column}`, type: 'TEXT' }));
  return {
    name,
    fields: [...STATUS_FIELDS, ...inputFields, ...FILE_FIELDS, ...LAND_FIELDS],
    rows: mapRows(results, (result) => ({
      geometry: result.parcel ? parcelGeometry(result.parcel) : null,
      properties: {
        row: result.row,
        status: result.status,
        code: result.code ?? null,
        reason: result.status === 'found' ? null : batchRowReason(result.code, language),
        next_step: nextStepOf(result),
        detail: result.reason ?? null,
        ...Object.fromEntries(header.map((column) => [`${INPUT_PREFIX}${column}`, result.input[column] ?? ''])),
        ...parcelProperties(result.parcel),
        ...landProperties(result.parcel, rusticCountries),
      },
    })),
  };
}
