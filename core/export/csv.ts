import { stringify } from 'csv-stringify/sync';
import { DEFAULT_OUTPUT_LANGUAGE, type OutputLanguage } from '../model/output-language.js';
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

/**
 * How a CSV is written for the spreadsheet that opens it. A Spanish, German, French or Italian
 * Excel splits on semicolons and reads decimal commas (the list separator of its locale), and
 * reads UTF-8 only after a byte-order mark: without them it shows one column and broken accents.
 */
export interface CsvStyle {
  separator: ',' | ';' | '\t';
  decimalComma: boolean;
  bom: boolean;
}

/** RFC 4180 as scripts and GIS read it. */
export const PLAIN_CSV: CsvStyle = { separator: ',', decimalComma: false, bom: false };
/** What a continental European spreadsheet writes and reads. */
export const SEMICOLON_CSV: CsvStyle = { separator: ';', decimalComma: true, bom: true };

/**
 * The style of a batch's answers: the way its input was written (its header's separator). A
 * one-column input (a plain list of references) has no separator to follow: it gets the
 * spreadsheet of the user's language, the comma of an English one, else the semicolon, decimal
 * comma and BOM every other shipped language's Excel reads.
 */
export function csvStyleOfInput(separator: string | undefined, language: OutputLanguage = DEFAULT_OUTPUT_LANGUAGE): CsvStyle {
  if (separator === ';') return SEMICOLON_CSV;
  if (separator === '\t') return { separator: '\t', decimalComma: false, bom: true };
  if (separator === undefined && language !== 'en') return SEMICOLON_CSV;
  return PLAIN_CSV;
}

/** Rows stringified at a time: csv-stringify's sync API, its records being independent lines. */
const ROWS_PER_CHUNK = 500;

/**
 * CSV of the attributes (one row per feature, header first, RFC 4180 quoting by csv-stringify),
 * in pieces of ROWS_PER_CHUNK rows, so a large table is written as it is read.
 * The outline stays out: its centroid is in latitud/longitud and GIS formats carry the shape.
 */
export function* csvChunks(table: FeatureTable, style: CsvStyle = PLAIN_CSV): Generator<string> {
  const names = table.fields.map((f) => f.name);
  // A number cell with a decimal comma is text that is only a number: no formula escape for it either.
  const number = style.decimalComma ? (value: number) => keepPlainNumber(String(value).replace('.', ',')) : undefined;
  const options = {
    columns: names,
    bom: false,
    delimiter: style.separator,
    escape_formulas: true,
    cast: { string: keepPlainNumber, ...(number && { number }) },
  };
  if (style.bom) yield '\uFEFF';
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
