import { stringify } from 'csv-stringify/sync';
import type { FeatureTable } from './feature-table.js';

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

/**
 * CSV of the attributes (one row per feature, header first, RFC 4180 quoting by csv-stringify).
 * The outline stays out: its centroid is in latitud/longitud and GIS formats carry the shape.
 */
export function tableToCsv(table: FeatureTable): string {
  const names = table.fields.map((f) => f.name);
  return stringify(table.rows.map((row) => names.map((name) => row.properties[name] ?? '')), {
    header: true, columns: names, bom: false, escape_formulas: true, cast: { string: keepPlainNumber },
  });
}
