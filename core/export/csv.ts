import { stringify } from 'csv-stringify/sync';
import type { FeatureTable, FieldValue } from './feature-table.js';

/**
 * A text cell that is only a decimal number, optionally negative, with a dot or a comma (a
 * Spanish spreadsheet's "-3,7038") and an exponent. A spreadsheet opens it as that number and
 * never as a formula, so it stays as written: a user's negative longitude must remain a number.
 */
const PLAIN_NUMBER = /^-?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;

/**
 * Formula injection (OWASP "CSV Injection"): a batch repeats the user's own cells and the parcel's
 * texts, and a spreadsheet runs a cell starting with =, +, -, @, tab or carriage return (or their
 * full-width forms) as a formula. csv-stringify's escape_formulas prefixes such cells with a single
 * quote, as OWASP advises; it spares values of type number, and this cast spares text cells that
 * are plain numbers too, since "-3.7038" is no formula. "+1+1", "-2+3" or "=HYPERLINK(…)" are.
 */
const keepPlainNumber = (value: string) => (PLAIN_NUMBER.test(value) ? { value, escape_formulas: false } : value);

/** Rows stringified at a time: csv-stringify's sync API, its records being independent lines. */
const ROWS_PER_CHUNK = 500;

/**
 * CSV of the attributes (one row per feature, header first, RFC 4180 quoting by csv-stringify),
 * in pieces of ROWS_PER_CHUNK rows, so a large table is written as it is read.
 * The outline stays out: its centroid is in latitud/longitud and GIS formats carry the shape.
 */
export function* csvChunks(table: FeatureTable): Generator<string> {
  const names = table.fields.map((f) => f.name);
  const options = { columns: names, bom: false, escape_formulas: true, cast: { string: keepPlainNumber } };
  let records: FieldValue[][] = [];
  let header = true;
  const flush = () => {
    const text = stringify(records, { ...options, header });
    header = false;
    records = [];
    return text;
  };
  for (const row of table.rows) {
    records.push(names.map((name) => row.properties[name] ?? ''));
    if (records.length === ROWS_PER_CHUNK) yield flush();
  }
  if (records.length > 0 || header) yield flush();
}

export const tableToCsv = (table: FeatureTable): string => [...csvChunks(table)].join('');
