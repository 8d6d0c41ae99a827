import { parse } from 'csv-parse/sync';
import { validationError } from '../model/index.js';
import { MAX_BATCH_BYTES } from '../model/input-schemas.js';

/** Bounds of one batch: beyond them the input is refused whole, before any lookup (the size in core/model/input-schemas.ts). */
export { MAX_BATCH_BYTES };
export const MAX_BATCH_ROWS = 100_000;

export interface CsvTable {
  header: string[];
  rows: Record<string, string>[];
}

/**
 * The separator of the header line: semicolon, tab or comma, whichever it holds most. One per
 * file, never several: a semicolon file writes decimals with commas ("40,4168").
 */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', '\t', ','].map((separator) => ({ separator, n: firstLine.split(separator).length - 1 }));
  return counts.reduce((best, c) => (c.n > best.n ? c : best), { separator: ',', n: 0 }).separator;
}

/** Refuses a CSV (`what`: 'The CSV', or the file's name) of more than MAX_BATCH_BYTES, before it is read or parsed. */
export function refuseOversizeCsv(bytes: number, what: string): void {
  if (bytes > MAX_BATCH_BYTES) throw validationError(`${what} is larger than ${MAX_BATCH_BYTES / 1024 / 1024} MiB; split it into several batches.`);
}

/**
 * Parses a batch CSV: header row first, comma, semicolon (Spanish spreadsheets) or tab
 * separated, optional BOM. Rows are kept as text; the batch decides what each column means.
 */
export function readCsv(text: string): CsvTable {
  refuseOversizeCsv(Buffer.byteLength(text, 'utf8'), 'The CSV');
  let records: string[][];
  try {
    // `to`: the header, the cap's rows and one more, enough to refuse a file of a million rows
    // without parsing them all.
    records = parse(text, {
      delimiter: separatorOf(text), bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, to: MAX_BATCH_ROWS + 2,
    }) as string[][];
  } catch (error) {
    throw validationError(`The CSV cannot be read: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header || header.every((name) => name === '')) throw validationError('The CSV is empty: it needs a header row and at least one row.');
  if (body.length === 0) throw validationError('The CSV has a header but no rows.');
  if (body.length > MAX_BATCH_ROWS) throw validationError(`The CSV has more than ${MAX_BATCH_ROWS} rows; a batch takes at most ${MAX_BATCH_ROWS}.`);
  const names = header.map((name, i) => name || `column_${i + 1}`);
  if (new Set(names).size !== names.length) throw validationError(`The CSV header repeats a column name: ${names.join(', ')}.`);
  return {
    header: names,
    rows: body.map((record) => Object.fromEntries(names.map((name, i) => [name, record[i] ?? '']))),
  };
}
